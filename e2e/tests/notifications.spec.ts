import { expect, type Browser, type Page } from '@playwright/test';
import { serverUrl, test } from '../support/fixtures';
import {
  createSharedAssessment,
  expectAccessible,
  fromNewestMail,
  shot,
  signIn,
  watchConsole,
  expectNoSideScroll,
} from '../support/helpers';

const CONTRACTOR = 'contractor1@demo.test';
const AUDITOR = 'auditor1@demo.test';
const ADMIN = 'admin@demo.test';

/** A signed-in page of its own browser context (its own cookies). */
async function session(
  browser: Browser,
  email: string,
  width = 1280,
): Promise<{ page: Page; done: () => void }> {
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width, height: width > 500 ? 900 : 844 },
  });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  return { page, done };
}

/** POSTs a call with the page's session; `data`, failing on any code but 200. */
async function call<T>(page: Page, url: string, body: unknown): Promise<T> {
  const reply = await page.request.post(url, { data: body });
  const json = (await reply.json()) as { message: string; data: T };
  expect(reply.status(), `${url}: ${json.message}`).toBe(200);
  return json.data;
}

interface ResponseShape {
  _id: string;
  sections: Array<{ _id: string; questions: Array<{ _id: string }> }>;
}

/** The newest notification mail to an address that names `about`: its unsubscribe link. */
function unsubscribeLinkOf(to: string, about: string): Promise<string> {
  return fromNewestMail(to, (text) => (text.includes(about) ? /https?:\/\/\S+\/unsubscribe\?token=[A-Za-z0-9._%-]+/.exec(text)?.[0] : undefined));
}

test('the auditor marks a response for reassessment: the contractor’s bell shows it live and links to the response', async ({
  browser,
}) => {
  const name = `Bell Check ${Date.now().toString(36)}`;

  // The organisation shares an assessment; the contractor answers and submits it; the auditor
  // judges it (one rejected) through the API, the set-up of what the test is about.
  const admin = await session(browser, ADMIN);
  const assessmentId = await createSharedAssessment(admin.page, {
    name,
    contractorEmail: CONTRACTOR,
    sections: 1,
    answerTypes: ['yesNo', 'yesNo'],
  });
  const contractor = await session(browser, CONTRACTOR);
  const c = contractor.page;
  const me = (await (await c.request.get('/api/auth/me')).json()) as { data: { _id: string } };
  const started = await call<ResponseShape>(
    c,
    '/api/assessment/responses/createResponseForContractor',
    { assessmentId, contractor: { contractorId: me.data._id } },
  );
  const section = started.sections[0];
  const [q1, q2] = section?.questions ?? [];
  await call(c, '/api/assessment/responses/updateSectionInResponse', {
    assesRespId: started._id,
    sectionId: section?._id,
    responseData: {
      questions: [
        { _id: q1?._id, answer: { yesNo: 'YES' } },
        { _id: q2?._id, answer: { yesNo: 'NO' } },
      ],
    },
  });
  await call(c, '/api/assessment/responses/changeResponseStatus', {
    responseId: started._id,
    status: 'SUBMITTED',
  });
  const auditor = await session(browser, AUDITOR);
  const a = auditor.page;
  await call(a, '/api/assessment/responses/updateSectionInResponse', {
    assesRespId: started._id,
    sectionId: section?._id,
    responseData: {
      questions: [
        { _id: q1?._id, assessStatus: 'ACCEPTED' },
        { _id: q2?._id, assessStatus: 'REJECTED', remarks: 'Show the permit' },
      ],
    },
  });

  // The contractor starts from a bell with nothing unread (what earlier scenarios and the
  // reminder sweep told it is marked read; the channel brings the new count).
  await c.goto('/atgl/Contractor/dashboard');
  await expect(c.getByRole('button', { name: /^Notifications/ })).toBeVisible();
  await call(c, '/api/notification/markAllRead', {});
  const bell = c.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = c.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await c.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The auditor marks the response for reassessment in its screen.
  await a.goto(`/auditor/assessment/${started._id}/categories`);
  await a.getByRole('button', { name: 'Mark for Reassessment' }).click();
  const modal = a.getByRole('dialog', { name: 'Mark for Reassessment' });
  await modal.getByRole('button', { name: 'No', exact: true }).click();
  await expect(a.getByText('Changed assessment status to Reassessment')).toBeVisible();

  // Without a reload, the contractor's bell counts it, and its menu links to the response.
  await expect(c.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  await shot(c, 'notifications-bell-unread-1280');
  await c.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(panel).toBeVisible();
  const item = panel.getByRole('link', { name: new RegExp(`Reassessment requested: ${name}`) });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute(
    'href',
    `/atgl/Contractor/assessment/${started._id}/categories`,
  );
  await expect(item).toContainText('1 question');
  await expectAccessible(c);
  await shot(c, 'notifications-menu-1280');
  await item.click();
  await expect(c).toHaveURL(`/atgl/Contractor/assessment/${started._id}/categories`);
  await expect(c.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // At 390 px: the bell and its menu fit the phone.
  await c.setViewportSize({ width: 390, height: 844 });
  await c.goto('/atgl/Contractor/dashboard');
  await c.getByRole('button', { name: /^Notifications/ }).click();
  await expect(panel).toBeVisible();
  await expect(
    panel.getByRole('link', { name: new RegExp(`Reassessment requested: ${name}`) }),
  ).toBeVisible();
  await expectNoSideScroll(c);
  await expectAccessible(c);
  await shot(c, 'notifications-menu-390');
  await c.keyboard.press('Escape');

  // Settings: e-mail per kind of event.
  await c.goto('/atgl/Contractor/settings');
  const reassessSwitch = c.getByRole('switch', { name: 'A response is marked for reassessment' });
  await expect(reassessSwitch).toBeChecked();
  await expectAccessible(c);
  await shot(c, 'notifications-settings-390');
  await c.setViewportSize({ width: 1280, height: 900 });
  await expectAccessible(c);
  await shot(c, 'notifications-settings-1280');

  // The mail's unsubscribe link works signed out, for that one kind.
  const link = await unsubscribeLinkOf(CONTRACTOR, `Reassessment requested: ${name}`);
  const anonymous = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: 390, height: 844 },
  });
  const u = await anonymous.newPage();
  await u.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(
    u.getByText('Stop e-mails for: A response is marked for reassessment?'),
  ).toBeVisible();
  await expectAccessible(u);
  await shot(u, 'notifications-unsubscribe-390');
  await u.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(
    u.getByText(/You will no longer receive e-mails for: A response is marked for reassessment/),
  ).toBeVisible();
  await expectAccessible(u);
  await shot(u, 'notifications-unsubscribed-390');
  await c.reload();
  await expect(
    c.getByRole('switch', { name: 'A response is marked for reassessment' }),
  ).not.toBeChecked();
  await expect(c.getByRole('switch', { name: 'An assessment is shared with you' })).toBeChecked();

  admin.done();
  contractor.done();
  auditor.done();
});
