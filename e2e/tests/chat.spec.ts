import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { expectAccessible, shot, signIn, watchConsole } from '../support/helpers';

const CONTRACTOR = 'contractor1@demo.test';
const AUDITOR = 'auditor1@demo.test';
/**
 * contractor1's REASSESSMENT response (seeded, no seeded chat): an auditor may open its checklist
 * to chat (issue 19). Chat works in every status but COMPLETED (read-only then).
 */
const ASSESSMENT = 'Fire Safety Inspection';

/** A small valid PDF: the server checks a chat file by its bytes, not its name. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
  ].join('\n'),
);

/** The chat dialog of a question, named by the question's text. */
function chatDialog(page: Page, question: string): Locator {
  return page.getByRole('dialog', { name: question });
}

function messagesOf(dialog: Locator): Locator {
  return dialog.getByRole('log', { name: 'Messages' });
}

async function unreadOf(page: Page, n: number): Promise<string | null> {
  return page.getByRole('button', { name: `Chat about question ${n}` }).getAttribute('data-unread');
}

test('a contractor and an auditor chat about a question live, with a file and unread badges', async ({
  browser,
}) => {
  // A whole journey: on a busy 2-core machine one has taken over two minutes.
  const contractorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const auditorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const contractor = await contractorContext.newPage();
  const auditor = await auditorContext.newPage();
  const contractorClean = watchConsole(contractor);
  const auditorClean = watchConsole(auditor);

  // The contractor opens the first category of its response.
  await signIn(contractor, CONTRACTOR);
  await expect(contractor).toHaveURL('/atgl/Contractor/dashboard');
  await contractor.goto('/atgl/Contractor/Assessment');
  await contractor.getByRole('link', { name: `View ${ASSESSMENT}` }).click();
  await expect(contractor).toHaveURL(/\/atgl\/Contractor\/assessment\/[^/]+\/categories$/);
  const firstCategory = contractor
    .getByRole('list', { name: 'Categories of the assessment' })
    .getByRole('listitem')
    .first();
  const category = (await firstCategory.getAttribute('data-category')) ?? '';
  await firstCategory.getByRole('link', { name: category }).click();
  await expect(contractor).toHaveURL(/\/categories\/[^/]+$/);
  const [, responseId = '', categoryId = ''] =
    /\/assessment\/([^/]+)\/categories\/([^/]+)$/.exec(new URL(contractor.url()).pathname) ?? [];
  const question =
    (await contractor.locator('[data-question]').first().getAttribute('data-question')) ?? '';
  expect(question).not.toBe('');
  await expect(contractor.getByRole('button', { name: 'Chat about question 1' })).toBeEnabled();

  // The auditor opens the same checklist and the chat of the same question.
  await signIn(auditor, AUDITOR);
  await expect(auditor).toHaveURL('/auditor/dashboard');
  await auditor.goto(`/auditor/assessment/${responseId}/Categories/${categoryId}`);
  await expect(auditor.getByRole('heading', { level: 1, name: category })).toBeVisible();
  await auditor.getByRole('button', { name: 'Chat about question 1' }).click();
  const auditorChat = chatDialog(auditor, question);
  await expect(auditorChat).toBeVisible();

  // The contractor writes; the auditor sees it without a reload.
  await contractor.getByRole('button', { name: 'Chat about question 1' }).click();
  const contractorChat = chatDialog(contractor, question);
  await expect(contractorChat).toBeVisible();
  const send = contractorChat.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();
  // Texts unique per run: a retry on the same server finds the earlier run's messages too.
  const run = Date.now().toString(36);
  const ask = `Is the spill kit register from this quarter enough? (${run})`;
  await contractorChat.getByRole('textbox', { name: 'Message' }).fill(ask);
  await expect(send).toBeEnabled();
  await contractorChat.getByRole('textbox', { name: 'Message' }).press('Enter');
  const mine = messagesOf(contractorChat).getByRole('listitem').filter({ hasText: ask });
  await expect(mine).toBeVisible();
  await expect(mine).toHaveAttribute('data-own', 'true');
  await expect(mine).toContainText('North Sea Scaffolding');
  // One's own messages say "You" (issue 18); the stored sender type stays the spec's "Company".
  await expect(mine).toContainText('You');
  await expect(mine).toContainText(/\d{2}:\d{2} (AM|PM)/);
  await expect(contractorChat.getByRole('textbox', { name: 'Message' })).toHaveValue('');

  const received = messagesOf(auditorChat).getByRole('listitem').filter({ hasText: ask });
  await expect(received).toBeVisible();
  await expect(received).not.toHaveAttribute('data-own', 'true');
  await expect(received).toContainText('Company');

  // The auditor answers with a PDF; the contractor's open dialog shows it live with its link.
  const answer = `Yes, and please keep this signed checklist with it (${run}).`;
  await auditorChat.getByRole('textbox', { name: 'Message' }).fill(answer);
  await auditorChat
    .getByTestId('chat-file-input')
    .setInputFiles({ name: 'spill-kit-checklist.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(auditorChat.getByText('spill-kit-checklist.pdf', { exact: true })).toBeVisible();
  await auditorChat.getByRole('button', { name: 'Send' }).click();
  const sent = messagesOf(auditorChat).getByRole('listitem').filter({ hasText: answer });
  await expect(sent).toHaveAttribute('data-own', 'true');
  await expect(sent).toContainText('You');
  await expectAccessible(auditor);
  await shot(auditor, 'chat-auditor-dialog-1280');

  const reply = messagesOf(contractorChat).getByRole('listitem').filter({ hasText: answer });
  await expect(reply).toBeVisible();
  await expect(reply).toContainText('Auditor');
  const link = reply.getByRole('link', { name: /^Download .*spill-kit-checklist\.pdf$/ });
  await expect(link).toBeVisible();
  // The link is readable by the room's contractor, and it is the file that was sent.
  const download = await contractor.request.get((await link.getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');
  await expectAccessible(contractor);
  await shot(contractor, 'chat-contractor-dialog-1280');

  // With the dialog closed, a new message shows as an unread badge on the question's button.
  await contractorChat.getByRole('button', { name: 'Close chat' }).click();
  await expect(contractorChat).toBeHidden();
  expect(await unreadOf(contractor, 1)).toBe('0');
  const nudge = `Reminder: upload the signed copy before Friday (${run}).`;
  await auditorChat.getByRole('textbox', { name: 'Message' }).fill(nudge);
  await auditorChat.getByRole('button', { name: 'Send' }).click();
  await expect(messagesOf(auditorChat).getByText(nudge)).toBeVisible();
  // includeHidden: behind an open dialog the page is aria-hidden, and its badge still counts.
  const chatButton = contractor.getByRole('button', {
    name: 'Chat about question 1',
    includeHidden: true,
  });
  await expect(chatButton).toHaveAttribute('data-unread', '1');
  await expect(chatButton).toContainText('1');
  await shot(contractor, 'chat-contractor-unread-1280');

  // Opening the chat reads it: the badge clears; it stays cleared after a reload (marked read).
  await chatButton.click();
  await expect(messagesOf(contractorChat).getByText(nudge)).toBeVisible();
  await expect(chatButton).toHaveAttribute('data-unread', '0');

  // Phones: the dialog stays open through the page's switch to cards and takes the whole screen.
  await contractor.setViewportSize({ width: 390, height: 844 });
  await expect.poll(async () => (await contractorChat.boundingBox())?.width).toBe(390);
  await expect(messagesOf(contractorChat).getByText(nudge)).toBeInViewport();
  await expectAccessible(contractor);
  await shot(contractor, 'chat-contractor-dialog-390');
  await contractorChat.getByRole('button', { name: 'Close chat' }).click();
  await contractor.reload();
  await expect(contractor.getByRole('button', { name: 'Chat about question 1' })).toHaveAttribute(
    'data-unread',
    '0',
  );
  await shot(contractor, 'chat-contractor-checklist-390');

  contractorClean();
  auditorClean();
  await contractorContext.close();
  await auditorContext.close();
});
