import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base } from '@playwright/test';
import { CHAT_UNREAD_AFTER_MS } from '@palisade/domain/notifications/notification.rules';
import { test } from '../support/fixtures';
import { ARTIFACTS, createSharedAssessment, expectAccessible, shot, signIn, watchConsole, expectInsideWidth, expectNoSideScroll } from '../support/helpers';
import { freePort } from '../support/servers';
import { callApi, ownSession, startOwnServer, stopOwnServer } from '../support/own-server';

/**
 * Issue 56: the bell's unread-chat entry opens the question's chat on the checklist, the chat
 * button's name carries its unread count, and the assessment lists keep every status filter in
 * sight at 390 px.
 */
const CONTRACTOR = 'contractor1@demo.test';
const ADMIN = 'admin@demo.test';

interface ResponseShape {
  _id: string;
  sections: Array<{
    _id: string;
    categoryId: string;
    questions: Array<{ _id: string; question: { questText: string } }>;
  }>;
}

base('a chat message unread for ten minutes: the contractor’s bell entry opens the question’s chat on its checklist; the button names the unread count', async ({
  browser,
}) => {
  base.setTimeout(600_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-e2e-chat-bell-'));
  const port = await freePort();
  let server = await startOwnServer(dataDir, port, 0);
  const sessions: Array<{ close: () => Promise<void> }> = [];
  try {
    const name = `Chat Bell ${Date.now().toString(36)}`;
    // The organisation shares an assessment; the contractor starts it (the set-up, through the API).
    const admin = await ownSession(browser, server.url, ADMIN);
    sessions.push(admin);
    const assessmentId = await createSharedAssessment(admin.page, {
      name,
      contractorEmail: CONTRACTOR,
      sections: 1,
      answerTypes: ['yesNo', 'yesNo'],
    });
    const contractor = await ownSession(browser, server.url, CONTRACTOR);
    sessions.push(contractor);
    const first = contractor.page;
    const me = (await (await first.request.get('/api/auth/me')).json()) as { data: { _id: string } };
    const started = await callApi<ResponseShape>(first, '/api/assessment/responses/createResponseForContractor', {
      assessmentId,
      contractor: { contractorId: me.data._id },
    });
    const section = started.sections[0];
    const question = section?.questions[1];
    expect(question).toBeDefined();
    const questionId = question?._id ?? '';
    const questionText = question?.question.questText ?? '';
    const categoryId = section?.categoryId ?? '';
    // What the share told the contractor is read: the bell starts at nothing unread.
    await callApi(first, '/api/notification/markAllRead', {});

    // The organisation asks twice in question 2's chat.
    for (const message of ['Which register is this?', 'Please attach the signed copy.']) {
      const reply = await admin.page.request.post('/api/chat/sendMessage', {
        multipart: { responseId: started._id, questionId, id: crypto.randomUUID(), message },
      });
      expect(reply.status()).toBe(200);
    }

    // Eleven minutes later (the server back with its clock moved on): the unread chat is told.
    // The pages of the first run go with it (their channels would log the server's going).
    await admin.close();
    await contractor.close();
    await stopOwnServer(server);
    server = await startOwnServer(dataDir, port, CHAT_UNREAD_AFTER_MS + 60_000);
    const reader = await ownSession(browser, server.url, CONTRACTOR);
    sessions.push(reader);
    const c = reader.page;

    // Before it is read, the question's chat button names its unread count.
    const checklist = `/atgl/Contractor/assessment/${started._id}/categories/${categoryId}`;
    await c.goto(checklist);
    const chatButton = c.getByRole('button', { name: 'Chat about question 2, 2 unread', exact: true });
    await expect(chatButton).toBeVisible();
    await expect(chatButton).toHaveAttribute('data-unread', '2');
    await expect(c.getByRole('button', { name: 'Chat about question 1', exact: true })).toBeVisible();
    await expectAccessible(c);
    await shot(c, 'chat-bell-button-unread-1280');

    // The bell lists the chat entry; it links to the question's chat on the checklist.
    await c.goto('/atgl/Contractor/dashboard');
    const bell = c.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = c.getByRole('dialog', { name: 'Notifications' });
    const entry = panel.getByRole('link', { name: new RegExp(`2 unread messages: ${name}`) });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText(`About "${questionText}"`);
    await expect(entry).toHaveAttribute('href', `${checklist}?chat=${questionId}`);
    await expectAccessible(c);
    await shot(c, 'chat-bell-menu-1280');
    await entry.click();

    // The checklist opens with that question's chat: both messages there, then read.
    await expect(c).toHaveURL(`${checklist}?chat=${questionId}`);
    const chat = c.getByRole('dialog', { name: questionText });
    await expect(chat).toBeVisible();
    await expect(chat.getByText('Which register is this?')).toBeVisible();
    await expect(chat.getByText('Please attach the signed copy.')).toBeVisible();
    await expectAccessible(c);
    await shot(c, 'chat-bell-opened-1280');
    // includeHidden: behind the open dialog the page is aria-hidden.
    await expect(
      c.getByRole('button', { name: 'Chat about question 2', exact: true, includeHidden: true }),
    ).toHaveAttribute('data-unread', '0');

    // Closing the chat takes it out of the URL: a reload shows the checklist alone.
    await chat.getByRole('button', { name: 'Close chat' }).click();
    await expect(chat).toBeHidden();
    await expect(c).toHaveURL(checklist);
    await c.reload();
    await expect(c.getByRole('button', { name: 'Chat about question 2', exact: true })).toBeVisible();
    await expect(c.getByRole('dialog', { name: questionText })).toBeHidden();
    await expect(c.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

    // On a phone the entry opens the chat the same way, over the whole screen.
    await c.setViewportSize({ width: 390, height: 844 });
    await c.goto('/atgl/Contractor/dashboard');
    await c.getByRole('button', { name: 'Notifications', exact: true }).click();
    await expect(panel).toBeVisible();
    await shot(c, 'chat-bell-menu-390');
    await panel.getByRole('link', { name: new RegExp(`2 unread messages: ${name}`) }).click();
    await expect(chat).toBeVisible();
    await expect.poll(async () => (await chat.boundingBox())?.width).toBe(390);
    await expect(chat.getByText('Please attach the signed copy.')).toBeInViewport();
    await expectAccessible(c);
    await shot(c, 'chat-bell-opened-390');
    await chat.getByRole('button', { name: 'Close chat' }).click();
    await expect(c).toHaveURL(checklist);

    reader.done();
  } finally {
    for (const s of sessions) await s.close();
    await stopOwnServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

for (const list of [
  { role: 'contractor', email: CONTRACTOR, path: '/atgl/Contractor/Assessment', filters: ['All', 'New', 'Pending', 'Submitted', 'Reassessment', 'Completed'] },
  { role: 'auditor', email: 'auditor1@demo.test', path: '/auditor/Assessment', filters: ['All', 'Pending', 'Submitted', 'Reassessment', 'Completed'] },
  { role: 'organisation', email: ADMIN, path: '/sapphire/Assessment', filters: ['All', 'Pending', 'Submitted', 'Reassessment', 'Completed'] },
]) {
  test(`the ${list.role}’s assessment list at 390 px shows every status filter, each in reach of the keyboard`, async ({
    page,
  }) => {
    const done = watchConsole(page);
    await signIn(page, list.email);
    await expect(page).not.toHaveURL(/\/$/);
    await page.goto(list.path);
    const filters = page.getByRole('group', { name: 'Status', exact: true });
    await expect(filters).toBeVisible();
    await shot(page, `assessment-filters-${list.role}-1280`);

    await page.setViewportSize({ width: 390, height: 844 });
    const buttons = filters.getByRole('button');
    await expect(buttons).toHaveText(list.filters);
    for (const label of list.filters) {
      const button = filters.getByRole('button', { name: label, exact: true });
      await expect(button).toBeInViewport({ ratio: 1 });
      await expectInsideWidth(button, label);
    }
    // The page itself never scrolls sideways.
    await expectNoSideScroll(page);

    // The keyboard reaches the last filter and chooses it.
    await filters.getByRole('button', { name: 'All', exact: true }).focus();
    for (let i = 1; i < list.filters.length; i += 1) await page.keyboard.press('Tab');
    const completed = filters.getByRole('button', { name: 'Completed', exact: true });
    await expect(completed).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(completed).toHaveAttribute('aria-pressed', 'true');
    await expectAccessible(page);
    await shot(page, `assessment-filters-${list.role}-390`);
    // The long lists make a tall page: the screen as the phone shows it, too.
    await page.screenshot({ path: path.join(ARTIFACTS, `assessment-filters-${list.role}-390-screen.png`) });
    done();
  });
}
