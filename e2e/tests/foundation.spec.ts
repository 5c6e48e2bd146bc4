import { expect } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  acceptInvitationByApi,
  attemptSuffix,
  createContractorAccount,
  expectAccessible,
  latestMailLink,
  shot,
  signIn,
  watchConsole,
  expectNoSideScroll,
} from '../support/helpers';
import type { Page } from '@playwright/test';

/** A contractor account of this attempt's own (made by the admin), signed out again. */
async function freshContractor(page: Page, password?: string): Promise<string> {
  const since = Date.now();
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL('/sapphire/Dashboard');
  const { email } = await createContractorAccount(page, attemptSuffix());
  if (password) await acceptInvitationByApi(page, email, password, since);
  await page.context().clearCookies();
  return email;
}

const roles = [
  { email: 'admin@demo.test', home: '/sapphire/Dashboard', name: 'organisation', menu: ['Home', 'Assessment', 'Users'] },
  { email: 'contractor1@demo.test', home: '/atgl/Contractor/dashboard', name: 'contractor', menu: ['Home', 'Assessment'] },
  { email: 'auditor1@demo.test', home: '/auditor/dashboard', name: 'auditor', menu: ['Home', 'Assessment'] },
] as const;

test('the login page is accessible and says what is wrong', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  await page.goto('/');
  await expect(page).toHaveTitle('Login | Palisade');
  await expectAccessible(page);
  await shot(page, 'login-1280');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Email Address').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Wrong@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Error', { exact: true })).toBeVisible();
  await expect(dialog).toContainText("Wrong password. Please try again or click 'Forgot password' to reset it.");
  await shot(page, 'login-error-dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toBeHidden();
  await page.getByLabel('Email Address').fill('nobody@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog')).toContainText('No account found with this email address.');
  await page.getByRole('button', { name: 'Ok' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'login-390');
  noConsoleErrors();
});

for (const role of roles) {
  test(`${role.name} signs in, lands on its home, sees its shell and logs out`, async ({ page }) => {
    const noConsoleErrors = watchConsole(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, role.email);
    await expect(page).toHaveURL(role.home);
    await expect(page).toHaveTitle('Home | Palisade');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    const nav = page.getByRole('navigation').first();
    for (const item of role.menu) await expect(nav.getByRole('link', { name: item, exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `shell-${role.name}-1280`);
    // Beside the content on a wide screen, the panel slides away and back; closed, it is out of
    // the keyboard's and screen readers' reach.
    const toggle = page.getByRole('button', { name: 'Toggle menu' });
    const mainNav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(mainNav).toBeVisible();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(mainNav).toBeHidden();
    await page.keyboard.press('Tab');
    await expect(page.locator('#side-panel :focus')).toHaveCount(0);
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav.getByRole('link', { name: 'Home', exact: true })).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page).toHaveURL(role.home);
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    await expectNoSideScroll(page);
    await shot(page, `shell-${role.name}-390`);
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(page.getByRole('link', { name: 'Home', exact: true }).last()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true }).last()).toBeInViewport({ ratio: 1 });
    await page.waitForTimeout(300); // let the drawer finish sliding in before the picture
    await shot(page, `shell-${role.name}-390-menu`);
    await page.keyboard.press('Escape');

    // Signed in, the login page sends the user home.
    await page.goto('/');
    await expect(page).toHaveURL(role.home);

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Logged Out Successfully')).toBeVisible();
    // A signed-out visit goes to sign-in, remembering the page asked for (issue 18, deep links).
    await page.goto(role.home);
    await expect(page).toHaveURL(`/?next=${encodeURIComponent(role.home)}`);
    noConsoleErrors();
  });
}

test('on a phone, the menu slides in at its first opening, even when its code arrives after the tap', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  // The drawer's code is held back until the menu has been asked for.
  let release: () => void = () => {};
  const tapped = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/mobile-menu-[^/]*\.js$/, async (route) => {
    await tapped;
    await route.continue();
  });
  await signIn(page, 'contractor1@demo.test');
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.MuiDrawer-paper')).toHaveCount(0);
  release();
  const home = page.getByRole('link', { name: 'Home', exact: true }).last();
  await expect(home).toBeInViewport({ ratio: 1 });
  // MUI's Slide leaves its enter transition on the paper; a drawer that opened without sliding in
  // has none.
  const transition = await page.locator('.MuiDrawer-paper').evaluate((paper) => (paper as HTMLElement).style.transition);
  expect(transition).toContain('transform');
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  noConsoleErrors();
});

test('a wrong-group URL sends the user to its own home; an unknown path to 404', async ({ page }) => {
  await signIn(page, 'contractor1@demo.test');
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.goto('/sapphire/Dashboard');
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.goto('/auditor/dashboard');
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.goto('/atgl/Contractor');
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.goto('/atgl/Contractor/customers');
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await shot(page, 'not-found');
  await page.goto('/register');
  await expect(page).toHaveURL(/\/(atgl\/Contractor\/dashboard)?$/);
});

test('a signed-out visit to a shell goes to sign-in', async ({ page }) => {
  for (const path of ['/sapphire/Dashboard', '/atgl/Contractor/dashboard', '/auditor/dashboard', '/profile']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/?next=${encodeURIComponent(path)}`);
  }
});

test('an account without a web shell is signed out again', async ({ page }) => {
  // signIn only clicks; the app then ends the session itself. Wait for that, not for the URL,
  // which is / all along: a visit made before it lands would race the sign-in and sign-out.
  const signedOut = page.waitForResponse((r) => r.url().endsWith('/api/auth/signOut'));
  await signIn(page, 'employee4@demo.test');
  expect((await signedOut).status()).toBe(200);
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  // A shell's address asks for sign-in again.
  await page.goto('/sapphire/Dashboard');
  await expect(page).toHaveURL(`/?next=${encodeURIComponent('/sapphire/Dashboard')}`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('remember me pre-fills the email, never the password', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Email Address').fill('auditor2@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Demo@1234');
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/auditor/dashboard');
  const stored = await page.evaluate(() => JSON.stringify(localStorage));
  expect(stored).not.toContain('Demo@1234');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByLabel('Email Address')).toHaveValue('auditor2@demo.test');
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
});

test('forgot password → mailed link → reset → sign in with the new password', async ({ page }) => {
  // An account of this attempt's own: the reset changes its password.
  const email = await freshContractor(page);
  await page.goto('/');
  await page.getByRole('link', { name: /Forgot password/ }).click();
  await expect(page).toHaveURL('/Forgot_Password');
  await shot(page, 'forgot-password');
  await page.getByLabel('Email Address').fill('ghost@demo.test');
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email not found');
  await page.getByRole('button', { name: 'Ok' }).click();
  await page.getByLabel('Email Address').fill(email);
  const requested = Date.now();
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Please check your email for password reset link')).toBeVisible();
  await expect(page).toHaveURL('/');

  const link = await latestMailLink(email, requested);
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('weak');
  await page.getByLabel('Confirm Password', { exact: true }).fill('weaker');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password length must be 6 and contain 1 Uppercase, 1 Lowercase, 1 Special Character, 1 Number')).toBeVisible();
  await expect(page.getByText('Password should match with New Password!')).toBeVisible();
  await shot(page, 'reset-password-errors');
  await page.getByLabel('New Password', { exact: true }).fill('Fresh@Pass1');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh@Pass1');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your Password has been Changed Successfully')).toBeVisible();
  await expect(page).toHaveURL('/');

  await signIn(page, email, 'Fresh@Pass1');
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.getByRole('button', { name: 'Log out' }).click();
  // Signed out before the next visit (a visit made at once cancels the sign-out, and the used
  // link's page would then send a signed-in user home).
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect.poll(async () => (await page.request.get('/api/auth/me')).status()).toBe(401);

  // The link works once.
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByText('The link is malformed, expired, or has already been used')).toBeVisible();
  await shot(page, 'reset-password-used-link');
  await expect(page).toHaveURL('/');
});

test('profile and account pages: edit details, change password, sign out other devices', async ({ page, browser }) => {
  const noConsoleErrors = watchConsole(page);
  // An account of this attempt's own: the test changes its password.
  const email = await freshContractor(page, 'Demo@1234');
  // Another device, signed in first: the password change and the button below sign it out.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email);
  await expect(otherPage).toHaveURL('/atgl/Contractor/dashboard');
  const otherSignedIn = async () => (await otherPage.request.get('/api/auth/me')).status() === 200;
  await signIn(page, email);
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.goto('/profile');
  await expect(page).toHaveTitle('Profile | Palisade');
  await expect(page.getByText(email).first()).toBeVisible();
  await shot(page, 'profile-1280');
  await page.goto('/atgl/Contractor/account');
  await expect(page).toHaveTitle('Account | Palisade');
  await page.getByLabel('Current Password').fill('Demo@1234');
  await page.getByLabel('New Password', { exact: true }).fill('Other@Pass9');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Other@Pass9');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your Password has been Changed Successfully')).toBeVisible();
  await shot(page, 'account-1280');
  expect(await otherSignedIn()).toBe(false);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible(); // this one stays in

  // "Sign out of all other devices" (issue 17): the other device signs in again, then is ended.
  await signIn(otherPage, email, 'Other@Pass9');
  // signIn only clicks: the session exists once the sign-in has landed on the home.
  await expect(otherPage).toHaveURL('/atgl/Contractor/dashboard');
  expect(await otherSignedIn()).toBe(true);
  await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
  await expect(page.getByText('Signed out of 1 other device')).toBeVisible();
  expect(await otherSignedIn()).toBe(false);
  await expectAccessible(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Sign out of all other devices' }).scrollIntoViewIfNeeded();
  await expect(page.getByRole('button', { name: 'Sign out of all other devices' })).toBeVisible();
  await shot(page, 'account-sessions-390');
  await other.close();
  noConsoleErrors();
});
