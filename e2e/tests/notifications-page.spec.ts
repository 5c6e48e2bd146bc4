import { expect } from '@playwright/test';
import { serverUrl, test } from '../support/fixtures';
import {
  acceptInvitationByApi,
  attemptSuffix,
  createContractorAccount,
  createSharedAssessment,
  expectAccessible,
  expectNoSideScroll,
  shot,
  signIn,
  watchConsole,
} from '../support/helpers';

const ADMIN = 'admin@demo.test';
const PASSWORD = 'Fresh@1234';
/** One more than the page's smallest size (20), so the notifications run onto a second page. */
const SHARED = 21;

/**
 * Issue 63: {shell}/notifications lists every notification of the user a page at a time from the
 * server; the page is in the URL, so opening a notification and coming Back returns to the same
 * page. A contractor of this attempt is sent 21 "New assessment" notifications by the organisation.
 */
test('the contractor pages through its notifications, opens one, and Back returns to the same page', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const sfx = attemptSuffix();
  const adminContext = await browser.newContext({ baseURL: serverUrl() });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await expect(admin).toHaveURL('/sapphire/Dashboard');
  const since = Date.now();
  const contractor = await createContractorAccount(admin, sfx);
  await acceptInvitationByApi(admin, contractor.email, PASSWORD, since);
  const names: string[] = [];
  for (let i = 1; i <= SHARED; i += 1) {
    const name = `Round ${sfx} ${String(i).padStart(2, '0')}`;
    names.push(name);
    await createSharedAssessment(admin, {
      name,
      contractorEmail: contractor.email,
      sections: 1,
      answerTypes: ['yesNo'],
    });
  }
  await adminContext.close();

  for (const width of [1280, 390]) {
    const context = await browser.newContext({
      baseURL: serverUrl(),
      viewport: { width, height: width > 500 ? 900 : 844 },
    });
    const page = await context.newPage();
    const noConsoleErrors = watchConsole(page);
    await signIn(page, contractor.email, PASSWORD);
    await expect(page).toHaveURL('/atgl/Contractor/dashboard');

    // The bell's "See all notifications" opens the page: the newest 20 of 21.
    await page.getByRole('button', { name: /^Notifications/ }).click();
    await page.getByRole('link', { name: 'See all notifications' }).click();
    await expect(page).toHaveURL('/atgl/Contractor/notifications');
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = page.getByRole('list', { name: 'All notifications' });
    const items = list.getByRole('link');
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText(`New assessment: ${names[SHARED - 1]}`);
    await expect(page.getByText(`1–20 of ${SHARED}`)).toBeVisible();
    await expectAccessible(page);
    await expectNoSideScroll(page);
    await shot(page, `notifications-page-${width}`);

    // The next page is in the URL and holds the oldest.
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page).toHaveURL('/atgl/Contractor/notifications?page=2');
    await expect(items).toHaveCount(1);
    const oldest = items.filter({ hasText: `New assessment: ${names[0]}` });
    await expect(oldest).toBeVisible();

    // Opening it goes where the contractor acts; Back returns to page 2.
    await oldest.click();
    await expect(page).not.toHaveURL(/\/notifications/);
    await page.goBack();
    await expect(page).toHaveURL('/atgl/Contractor/notifications?page=2');
    await expect(items.filter({ hasText: `New assessment: ${names[0]}` })).toBeVisible();

    if (width === 1280) {
      // Mark all as read leaves nothing unread: the button turns off, the bell says so.
      const markAll = page.getByRole('button', { name: 'Mark all as read' });
      await expect(markAll).toBeEnabled();
      await markAll.click();
      await expect(markAll).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    }
    noConsoleErrors();
    await context.close();
  }
});
