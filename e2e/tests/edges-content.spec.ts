import { expect, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { attemptSuffix, expectAccessible, shot, signedInContext } from '../support/helpers';

/**
 * Edges of content (issue 56): a double click sends one chat message and one feedback (the button
 * is held while the call runs, and the call carries a client-made id the server keeps unique); a
 * paste longer than the chat's limit is cut and the field says so; an empty file is named when it
 * is chosen.
 */

const CONTRACTOR = 'contractor1@demo.test';
const ADMIN = 'admin@demo.test';
/** contractor1's REASSESSMENT response: its chat takes messages (every status but COMPLETED). */
const ASSESSMENT = 'Fire Safety Inspection';

/** How many requests the page sends to a path. */
function counted(page: Page, path: string): () => number {
  let n = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) n += 1;
  });
  return () => n;
}

test('a double click on Send sends one chat message; a paste over 2 000 characters is cut and said so', async ({ browser }) => {
  const sfx = attemptSuffix();
  // Tall enough for the whole checklist: a full-page screenshot of a taller page grows the viewport,
  // and the page's new layout draws the dialog's content anew (what was typed is lost).
  const contractor = await signedInContext(browser, CONTRACTOR, { width: 1280, height: 1100 });
  const { page } = contractor;
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.goto('/atgl/Contractor/Assessment');
  await page.getByRole('link', { name: `View ${ASSESSMENT}` }).click();
  const firstCategory = page.getByRole('list', { name: 'Categories of the assessment' }).getByRole('listitem').first();
  const category = (await firstCategory.getAttribute('data-category')) ?? '';
  await firstCategory.getByRole('link', { name: category }).click();
  await expect(page).toHaveURL(/\/categories\/[^/]+$/);
  // The second question: the chat scenario works on the first one's badges.
  const question = (await page.locator('[data-question]').nth(1).getAttribute('data-question')) ?? '';
  expect(question).not.toBe('');
  await page.getByRole('button', { name: 'Chat about question 2' }).click();
  const chat = page.getByRole('dialog', { name: question });
  await expect(chat).toBeVisible();
  const messages = chat.getByRole('log', { name: 'Messages' });
  const input = chat.getByRole('textbox', { name: 'Message' });
  const send = chat.getByRole('button', { name: 'Send' });

  // A double click: one request, one message, also once the room is read again from the server.
  const sends = counted(page, '/api/chat/sendMessage');
  const text = `Is the extinguisher log enough? (${sfx})`;
  await input.fill(text);
  await send.dblclick();
  await expect(messages.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  await expect(input).toHaveValue('');
  expect(sends()).toBe(1);
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await expect(chat).toBeHidden();
  await page.getByRole('button', { name: 'Chat about question 2' }).click();
  await expect(messages.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);

  // A paste of 2 100 characters keeps the first 2 000, and the field says it cut them.
  await input.click();
  await page.keyboard.insertText(`${sfx} `.padEnd(2100, 'x'));
  await expect(input).toHaveValue(`${sfx} `.padEnd(2000, 'x'));
  await expect(chat.getByText('The pasted text was longer than 2000 characters: it was cut to the first 2000.')).toBeVisible();
  await expect(chat.getByText('2000 / 2000')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'edges-chat-cut-1280');
  // On a phone (the page swaps its table for cards, and the dialog's content is drawn anew).
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await chat.boundingBox())?.width).toBe(390);
  await input.fill('');
  await input.click();
  await page.keyboard.insertText(`${sfx} `.padEnd(2100, 'x'));
  await expect(chat.getByText('The pasted text was longer than 2000 characters: it was cut to the first 2000.')).toBeVisible();
  await expect(chat.getByText('2000 / 2000')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'edges-chat-cut-390');
  // Shortened below the limit: the notice goes, the count stays near the limit.
  await input.press('Backspace');
  await expect(chat.getByText(/was cut to the first 2000/)).toBeHidden();
  await expect(chat.getByText('1999 / 2000')).toBeVisible();
  await chat.getByRole('button', { name: 'Close chat' }).click();
  contractor.done();
  await contractor.close();
});

test('a double click on Submit sends one feedback; an empty file is named when chosen', async ({ browser }) => {
  const sfx = attemptSuffix();
  const text = `The north gate light is out ${sfx}`;
  const contractor = await signedInContext(browser, CONTRACTOR);
  const { page } = contractor;
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.getByRole('button', { name: 'Give Feedback' }).click();
  const modal = page.getByRole('dialog', { name: 'Give Feedback' });
  await modal.getByLabel('Your feedback').fill(text);

  // An empty file is refused as it is chosen, by its name (not on Submit, not as a content mismatch).
  await modal.locator('input[name="feedback-attachments"]').setInputFiles({ name: `blank ${sfx}.png`, mimeType: 'image/png', buffer: Buffer.alloc(0) });
  const refusal = page.getByRole('dialog', { name: 'Error' });
  await expect(refusal).toContainText(`The file blank ${sfx}.png is empty`);
  await expectAccessible(page);
  await shot(page, 'edges-feedback-empty-file-1280');
  await refusal.getByRole('button', { name: 'Ok' }).click();
  await expect(modal.getByText(`blank ${sfx}.png`)).toHaveCount(0);

  const creates = counted(page, '/api/feedback/createFeedback');
  await modal.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(page.getByText('Feedback Added Successfully')).toBeVisible();
  await expect(modal).toBeHidden();
  expect(creates()).toBe(1);

  // Near the limit the field counts; at 390 px too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Give Feedback' }).click();
  await modal.getByLabel('Your feedback').fill('z'.repeat(4500));
  await expect(modal.getByText('4500 / 5000')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'edges-feedback-counter-390');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  contractor.done();
  await contractor.close();

  // The organisation finds it once.
  const admin = await signedInContext(browser, ADMIN);
  await admin.page.getByRole('navigation').first().getByRole('link', { name: 'Feedback', exact: true }).click();
  await expect(admin.page).toHaveURL('/sapphire/feedback');
  const table = admin.page.getByRole('table', { name: 'Feedback' });
  await expect(table.getByRole('row').filter({ hasText: text })).toHaveCount(1);
  admin.done();
  await admin.close();
});
