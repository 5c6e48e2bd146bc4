import { expect, type APIRequestContext } from '@playwright/test';
import type { SsoSettingsReply } from '@palisade/domain/sso/sso.schema';
import { startTestProvider, type TestProvider } from '../../packages/server/src/modules/sso/test-oidc-provider';
import { serverUrl, test } from '../support/fixtures';
import { expectAccessible, shot, signIn, signInByApi, watchConsole } from '../support/helpers';

/**
 * Issue 59: single sign-on. A real OpenID Connect provider (oidc-provider, with its own login and
 * consent pages) runs in this worker; the demo organisation's admin sets it up in Settings (Test
 * sign-in, then Save), and then signs in through the provider's login page and lands on the home.
 * The organisation's single sign-on is removed at the end, so the worker's later scenarios sign in
 * with passwords as before.
 */
let idp: TestProvider;

/** The demo organisation's single sign-on off again (through the API, as its admin). */
async function removeSso(request: APIRequestContext): Promise<void> {
  await signInByApi(request, 'admin@other.test').catch(() => undefined);
  await signInByApi(request, 'admin@demo.test');
  const me = (await (await request.get('/api/auth/me')).json()) as { data: { cmp_id: string } };
  const settings = (await (await request.post('/api/sso/getConfig', { data: { companyId: me.data.cmp_id } })).json()) as { data: SsoSettingsReply };
  const config = settings.data.config;
  if (config) expect((await request.post('/api/sso/deleteConfig', { data: { companyId: me.data.cmp_id, version: config.version } })).status()).toBe(200);
}

test.beforeAll(async () => {
  idp = await startTestProvider([`${serverUrl()}/api/sso/callback`], { devInteractions: true, anyLogin: true });
  idp.accounts.set('unverified@demo.test', { email: 'contractor2@demo.test', email_verified: false });
});

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: serverUrl() });
  await removeSso(request);
  await request.dispose();
  await idp.close();
});

test('the organisation sets up single sign-on in Settings, and its admin signs in through the provider’s own page; 1280 and 390 px', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/i);
  await page.goto('/sapphire/settings');
  const card = page.getByRole('form', { name: 'Single sign-on' });
  await expect(card).toBeVisible();
  await expect(page.getByText('Single sign-on is not set up.')).toBeVisible();
  await expect(card.getByText(`${serverUrl()}/api/sso/callback`)).toBeVisible();
  await card.getByLabel('Issuer URL').fill(idp.issuer);
  await card.getByLabel('Client ID').fill(idp.clientId);
  // A wrong secret: the test names the check that failed.
  await card.getByLabel(/^Client secret/).fill('not-the-secret');
  await card.getByLabel('E-mail domains').fill('demo.test');
  await card.getByRole('button', { name: 'Test sign-in' }).click();
  await expect(card.getByText('The test did not pass: see the checks below.')).toBeVisible();
  await expect(card.getByText(/invalid_client/)).toBeVisible();
  await card.getByLabel(/^Client secret/).fill(idp.clientSecret);
  await card.getByRole('button', { name: 'Test sign-in' }).click();
  await expect(card.getByText('The provider and the client were accepted. Save to turn single sign-on on.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'sso-settings-tested-1280');
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Single sign-on is on.')).toBeVisible();
  // The secret is never shown again: "Stored", with a button to replace it.
  await expect(card.getByText('Stored', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Replace secret' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText(idp.clientSecret);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'sso-settings-390');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Log out' }).click();

  // The sign-in page: the e-mail decides; this domain offers single sign-on.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email Address').fill('admin@demo.test');
  await page.getByLabel('Email Address').press('Tab');
  await expect(page.getByText('Your organisation offers single sign-on; you may also use your password.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'sso-sign-in-390');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();

  // The provider's own login page, then its consent page.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('admin@demo.test');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Back at the portal, signed in, on the organisation's home.
  await expect(page).toHaveURL(/\/sapphire\/dashboard$/i);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'sso-home-390');
  noConsoleErrors();
});

test('a provider sign-in of an unverified e-mail is refused with a clear message on the sign-in page, and nothing is created', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByLabel('Email Address').fill('contractor2@demo.test');
  await page.getByLabel('Email Address').press('Tab');
  await page.getByRole('button', { name: 'Continue with single sign-on' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('unverified@demo.test');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('has not verified your e-mail address');
  await expect(page).toHaveURL(`${serverUrl()}/`);
  await expectAccessible(page);
  await shot(page, 'sso-refused-390');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});
