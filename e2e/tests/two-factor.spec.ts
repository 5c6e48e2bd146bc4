import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { test } from '../support/fixtures';
import { serverUrl } from '../support/fixtures';
import {
  acceptInvitationByApi,
  attemptSuffix,
  createContractorAccount,
  expectAccessible,
  expectNoSideScroll,
  shot,
  signIn,
  signInHere,
  watchConsole,
} from '../support/helpers';

/** Issue 59: two-factor codes at sign-in, and one's own sessions, on an account of this attempt's own. */
const PASSWORD = 'Two@Factor9';
const PERIOD_MS = 30_000;

/**
 * The code of the app at `offsetMs` from now. The server takes the current step's code and the
 * previous one's: a code of now stays good until the end of the next step, one of the previous step
 * only until the end of this one. So it first waits out the end of a 30-second step when less is
 * left than a busy machine may take to type and send it (20 s for the previous step's code).
 */
async function codeOf(secret: string, offsetMs = 0): Promise<string> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < (offsetMs < 0 ? 20_000 : 5_000)) await new Promise((resolve) => setTimeout(resolve, left + 200));
  return new TOTP({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate({
    timestamp: Date.now() + offsetMs,
  });
}

async function openAccount(page: Page): Promise<void> {
  await page.goto('/atgl/Contractor/account');
  await expect(page).toHaveTitle('Account | Palisade');
}

test('a contractor turns two-factor on from the secret on the page, signs in with a code, and signs out another session; 1280 and 390 px', async ({
  page,
  browser,
}) => {
  const noConsoleErrors = watchConsole(page);
  const since = Date.now();
  // An account of this attempt's own: no other scenario signs in with it.
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/dashboard$/i);
  const { email } = await createContractorAccount(page, attemptSuffix());
  await acceptInvitationByApi(page, email, PASSWORD, since);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  // Set up from the Account page: the QR code and the secret as text.
  await signInHere(page, email, PASSWORD);
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await openAccount(page);
  const card = page.getByRole('heading', { name: 'Two-factor authentication' });
  await expect(card).toBeVisible();
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByRole('img', { name: 'QR code of your two-factor secret' })).toBeVisible();
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(
    /\s/g,
    '',
  );
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await shot(page, 'two-factor-setup-1280');
  await expectAccessible(page);
  // The code of the previous 30 s is taken too: the sign-in below can use the current one at once.
  await page.getByLabel('Code').fill(await codeOf(secret, -PERIOD_MS));
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  await shot(page, 'two-factor-recovery-codes-1280');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(page.getByText('On. 10 of 10 recovery codes left.')).toBeVisible();

  // Signed out, the sign-in asks for a code after the password.
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInHere(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'two-factor-step-390');
  // A wrong code first: the Error dialog says so, and the step stays.
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('The code is not valid');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await page.getByLabel('Code').fill(await codeOf(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');

  // A second browser (a phone) signs in with a recovery code.
  const phone = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: 390, height: 844 },
  });
  const phonePage = await phone.newPage();
  await phonePage.goto('/');
  await signInHere(phonePage, email, PASSWORD);
  await phonePage.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await phonePage.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await phonePage.getByRole('button', { name: 'Verify' }).click();
  await expect(phonePage).toHaveURL('/atgl/Contractor/dashboard');

  // The Account page lists both sessions, this one marked; the phone's is signed out from here.
  await openAccount(page);
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(page.getByText('On. 9 of 10 recovery codes left.')).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await page.getByRole('heading', { name: 'Signed-in sessions' }).scrollIntoViewIfNeeded();
  await shot(page, 'two-factor-sessions-390');
  const other = rows.filter({ hasNotText: 'This device' });
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('The session has been signed out')).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The phone is signed out: its next page is the sign-in.
  await phonePage.reload();
  await expect(phonePage.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await phonePage.request.get('/api/auth/me')).status()).toBe(401);
  await phone.close();

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAccount(page);
  await expect(page.getByTestId('session-row')).toHaveCount(1);
  await shot(page, 'two-factor-account-1280');
  const contractorId = (
    (await (await page.request.get('/api/auth/me')).json()) as { data: { _id: string } }
  ).data._id;

  // The organisation's admin: the Settings switch (put back as it was: other scenarios sign its
  // admin and auditors in without codes), and the reset of the contractor's second factor.
  const admin = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: 1280, height: 900 },
  });
  const adminPage = await admin.newPage();
  await signIn(adminPage, 'admin@demo.test');
  await expect(adminPage).toHaveURL(/\/dashboard$/i);
  await adminPage.goto('/sapphire/settings');
  const require2fa = adminPage.getByRole('switch', {
    name: 'Require two-factor authentication for administrators and auditors',
  });
  await expect(require2fa).not.toBeChecked();
  await require2fa.click();
  await expect(adminPage.getByText('Security settings saved')).toBeVisible();
  await expect(require2fa).toBeChecked();
  await expectAccessible(adminPage);
  await shot(adminPage, 'two-factor-settings-1280');
  await require2fa.click();
  await expect
    .poll(
      async () =>
        (
          (await (await adminPage.request.get('/api/organisation/getSecuritySettings')).json()) as {
            data: { requireTwoFactor: boolean };
          }
        ).data.requireTwoFactor,
    )
    .toBe(false);
  await expect(require2fa).not.toBeChecked();

  await adminPage.goto(`/sapphire/ViewCompany?id=${encodeURIComponent(contractorId)}`);
  await adminPage.getByRole('button', { name: 'Reset 2FA' }).click();
  const confirm = adminPage.getByRole('dialog', { name: 'Reset two-factor authentication' });
  await confirm.getByRole('button', { name: 'Reset' }).click();
  await expect(adminPage.getByText(/Two-factor authentication of .* has been reset/)).toBeVisible();
  await adminPage.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(adminPage);
  await expectAccessible(adminPage);
  await shot(adminPage, 'two-factor-reset-390');
  await admin.close();
  await openAccount(page);
  await expect(page.getByRole('button', { name: 'Set up' })).toBeVisible();
  noConsoleErrors();
});
