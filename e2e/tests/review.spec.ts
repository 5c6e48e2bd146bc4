import ExcelJS from 'exceljs';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { serverUrl, test } from '../support/fixtures';
import {
  createSharedAssessment,
  expectAccessible,
  shot,
  signIn,
  watchConsole,
  expectNoSideScroll,
} from '../support/helpers';

const CONTRACTOR = 'contractor1@demo.test';
const AUDITOR = 'auditor1@demo.test';
const ADMIN = 'admin@demo.test';

/** A signed-in page of its own browser context (its own cookies), at 1280 px. */
async function session(browser: Browser, email: string): Promise<{ page: Page; done: () => void }> {
  const context = await browser.newContext({
    baseURL: serverUrl(),
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  return { page, done };
}

/** Answers one question by its input's answer type; `second` gives a different answer. */
async function answer(question: Locator, second = false): Promise<void> {
  const input = question.locator('[data-answer-type]').first();
  const type = (await input.getAttribute('data-answer-type')) ?? '';
  switch (type) {
    case 'shortAnswer':
    case 'longAnswer':
      await input.fill(
        second ? 'Permit attached and signed off by the site manager' : 'Handled by the supervisor',
      );
      break;
    case 'numeric':
      await input.fill(second ? '5' : '2');
      break;
    case 'yesNo':
      await question.getByRole('radio', { name: second ? 'No' : 'Yes' }).check();
      break;
    case 'multiChoice':
      await (
        second ? question.getByRole('radio').last() : question.getByRole('radio').first()
      ).check();
      break;
    case 'checkbox': {
      const boxes = question.getByRole('checkbox');
      if (second && (await boxes.count()) > 1) await boxes.last().check();
      else await boxes.first().check();
      break;
    }
    default:
      throw new Error(`unknown answer type "${type}"`);
  }
}

/** DD/MM/YYYY → a Date (UTC midnight). */
function parseDay(text: string): Date {
  const [d, m, y] = text.split('/').map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
}

function dayText(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/** The auditor judges every question of a category: all accepted, or the first rejected. */
async function judgeCategory(page: Page, category: string, reject: boolean): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
  const questions = page.locator('[data-question]');
  const count = await questions.count();
  for (let i = 0; i < count; i += 1) {
    const row = questions.nth(i);
    await row.getByRole('radio', { name: reject && i === 0 ? 'Reject' : 'Accept' }).check();
  }
  const score = page.getByRole('textbox', { name: `Score of ${category}` });
  if (reject) {
    await page
      .getByRole('textbox', { name: 'Remarks on question 1' })
      .fill('Please attach the signed permit');
    await expect(score).toBeDisabled();
  } else {
    await expect(score).toBeEnabled();
    const total = Number(
      ((await page.getByText(/^\/ \d+$/).textContent()) ?? '/ 0').replace('/', '').trim(),
    );
    // Spec texts first: an empty score, then one above the marks.
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter the score')).toBeVisible();
    await score.fill(String(total + 1));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Marks should not be more than ${total}`)).toBeVisible();
    await score.fill(String(Math.max(1, total - 1)));
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your response is saved')).toBeVisible();
  await expect(page).toHaveURL(/\/auditor\/assessment\/[^/]+\/categories$/);
}

test('contractor submits → auditor rejects and reassesses → contractor fixes → auditor completes → organisation sees the score and exports it', async ({
  browser,
}) => {

  // ---------------------------------------------------------------- organisation: a new assessment for contractor1
  const admin = await session(browser, ADMIN);
  const o = admin.page;
  const name = `Review Loop ${Date.now().toString(36)}`;
  await createSharedAssessment(o, { name, contractorEmail: CONTRACTOR });

  // ---------------------------------------------------------------- contractor: start, answer, submit
  const contractor = await session(browser, CONTRACTOR);
  const c = contractor.page;
  await c.goto('/atgl/Contractor/Assessment');
  await c.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'New' }).click();
  const fresh = c.getByRole('list', { name: 'Assessments' }).getByRole('article', { name });
  await fresh.getByRole('button', { name: `Start Assessment ${name}` }).click();
  await expect(c).toHaveURL(/\/atgl\/Contractor\/assessment\/[^/]+\/categories$/);
  const responseId = /assessment\/([^/]+)\/categories$/.exec(new URL(c.url()).pathname)?.[1] ?? '';
  const contractorCategories = `/atgl/Contractor/assessment/${responseId}/categories`;
  const rows = c.getByRole('list', { name: 'Categories of the assessment' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const categoryCount = await rows.count();
  expect(categoryCount).toBeGreaterThan(1);
  const categories: string[] = [];
  for (let i = 0; i < categoryCount; i += 1) {
    const row = rows.nth(i);
    const category = (await row.getAttribute('data-category')) ?? '';
    categories.push(category);
    await row.getByRole('link', { name: category }).click();
    const questions = c.locator('[data-question]');
    await expect(questions.first()).toBeVisible();
    const count = await questions.count();
    for (let q = 0; q < count; q += 1) await answer(questions.nth(q));
    await expect(c.getByText(`${count} of ${count} answered`)).toBeVisible();
    await c.getByRole('button', { name: 'Save' }).click();
    await expect(c.getByText('Your response is saved')).toBeVisible();
    await expect(c).toHaveURL(contractorCategories);
    await expect(rows.nth(i).getByText('Complete', { exact: true })).toBeVisible();
  }
  await expect(
    c.getByText(`${categoryCount} of ${categoryCount} categories complete`),
  ).toBeVisible();
  await c.getByRole('button', { name: 'Submit' }).click();
  // A confirmation with what is sent comes first (issue 18).
  await c.getByRole('dialog', { name: 'Submit the response?' }).getByRole('button', { name: 'Submit' }).click();
  await expect(c.getByText('Response submitted for assessment')).toBeVisible();

  // ---------------------------------------------------------------- auditor: reject one, reassess with a later due date
  const auditor = await session(browser, AUDITOR);
  const a = auditor.page;
  await expect(a).toHaveURL('/auditor/dashboard');
  const toReview = a.getByRole('list', { name: 'Submitted assessments waiting for review' });
  await expect(toReview.getByRole('article', { name }).first()).toBeVisible();
  await expectAccessible(a);
  await shot(a, 'review-auditor-dashboard-1280');
  const auditorCategories = `/auditor/assessment/${responseId}/categories`;
  await a.goto('/auditor/Assessment');
  await a.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Submitted' }).click();
  await expect(a.getByRole('article', { name }).first()).toBeVisible();
  await expectAccessible(a);
  await shot(a, 'review-auditor-list-1280');
  await a.goto(auditorCategories);
  const reassess = a.getByRole('button', { name: 'Mark for Reassessment' });
  const complete = a.getByRole('button', { name: 'Mark as Completed' });
  await expect(reassess).toBeDisabled();
  await expect(complete).toBeDisabled();
  const auditorRows = a
    .getByRole('list', { name: 'Categories of the assessment' })
    .getByRole('listitem');
  for (let i = 0; i < categories.length; i += 1) {
    const category = categories[i] ?? '';
    await auditorRows.nth(i).getByRole('link', { name: category }).click();
    await expect(a.getByRole('table', { name: 'Questions of the category' })).toBeVisible();
    if (i === 0) {
      await expect(
        a.getByRole('table', { name: 'Questions of the category' }).getByRole('columnheader'),
      ).toHaveText(['Status', 'Topic', 'Company Response', 'Your Response', 'Remarks']);
      await expectAccessible(a);
      await shot(a, 'review-auditor-checklist-1280');
    }
    await judgeCategory(a, category, i === 0);
  }
  await expect(auditorRows.first().getByRole('img', { name: /rejected/ })).toBeVisible();
  await expect(auditorRows.first().getByRole('progressbar')).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expectAccessible(a);
  await shot(a, 'review-auditor-categories-1280');
  await expect(reassess).toBeEnabled();
  await expect(complete).toBeDisabled();
  const modal = a.getByRole('dialog', { name: 'Mark for Reassessment' });
  // The modal at 390 first, closed again with Cancel.
  await a.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(a);
  await shot(a, 'review-auditor-categories-judged-390');
  await reassess.click();
  await expect(modal.getByText('Do you want to change the due date?')).toBeVisible();
  await expectAccessible(a);
  await shot(a, 'review-reassessment-modal-390');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  await a.setViewportSize({ width: 1280, height: 900 });
  await reassess.click();
  await expect(modal.getByText('Do you want to change the due date?')).toBeVisible();
  await expectAccessible(a);
  await shot(a, 'review-reassessment-modal-1280');
  await modal.getByRole('button', { name: 'Yes' }).click();
  const current =
    /Current due date: (\d{2}\/\d{2}\/\d{4})/.exec((await modal.textContent()) ?? '')?.[1] ?? '';
  const later = new Date(parseDay(current).getTime() + 7 * 86_400_000);
  await modal.getByRole('spinbutton').first().click();
  await a.keyboard.type(dayText(later).replaceAll('/', ''));
  await expectAccessible(a);
  await shot(a, 'review-reassessment-date-1280');
  await modal.getByRole('button', { name: 'Mark for Reassessment' }).click();
  await expect(a.getByText('Changed assessment status to Reassessment')).toBeVisible();
  await expect(a.getByText(dayText(later)).first()).toBeVisible();
  // In REASSESSMENT the checklist still opens, read-only, for the chat (DECISIONS.md States).
  await auditorRows.first().getByRole('link', { name: categories[0] }).click();
  await expect(
    a.getByText('The company is revising the rejected answers: it can be judged again once it submits.'),
  ).toBeVisible();
  await expect(a.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(a.getByRole('button', { name: 'Chat about question 1' })).toBeEnabled();
  await a.goto(auditorCategories);

  // ---------------------------------------------------------------- contractor: red mark, new due date, fix, resubmit
  await c.goto(contractorCategories);
  await expect(rows.first().getByRole('img', { name: /rejected/ })).toBeVisible();
  await expect(c.getByText(dayText(later)).first()).toBeVisible();
  await rows.first().getByRole('link', { name: categories[0] }).click();
  const rejected = c.locator('[data-question]').first();
  await expect(rejected.getByTestId('rejected-mark')).toBeVisible();
  // The remark shows under the question and in its history (issue 18).
  await expect(rejected.getByText(/Please attach the signed permit/).first()).toBeVisible();
  await answer(rejected, true);
  await c.getByRole('button', { name: 'Save' }).click();
  await expect(c).toHaveURL(contractorCategories);
  await c.getByRole('button', { name: 'Submit' }).click();
  await c.getByRole('dialog', { name: 'Submit the response?' }).getByRole('button', { name: 'Submit' }).click();
  await expect(c.getByText('Response submitted for assessment')).toBeVisible();

  // ---------------------------------------------------------------- auditor: accept all, score, complete
  await a.goto(auditorCategories);
  await auditorRows.first().getByRole('link', { name: categories[0] }).click();
  await judgeCategory(a, categories[0] ?? '', false);
  await expect(complete).toBeEnabled();
  await complete.click();
  await expect(a.getByText('Changed assessment status to Completed')).toBeVisible();
  await expect(a).toHaveURL('/auditor/Assessment');

  // ---------------------------------------------------------------- organisation: score, band, timeline, Excel
  await o.goto('/sapphire/Assessment');
  await o.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Completed' }).click();
  await o
    .getByRole('link', { name: `View ${name} of North Sea Scaffolding` })
    .first()
    .click();
  await expect(o).toHaveURL(`/sapphire/Cap_AssesmentView/${responseId}`);
  const card = o.getByRole('region', { name: 'Score' });
  await expect(card.getByTestId('score-value')).toHaveText(/^\d+\/\d+$/);
  await expect(card.getByTestId('score-percent')).toHaveText(/%$/);
  await expect(card.locator('[data-band]')).toHaveText(/^(Green|Orange|Red)$/);
  const timeline = o.getByRole('list', { name: 'Status changes, newest first' });
  // Started, Submitted, Reassessment (with the new due date), Submitted, Completed: 5 entries.
  await expect(timeline.getByRole('listitem')).toHaveCount(5);
  await expect(timeline.getByRole('listitem').first()).toContainText('Submitted → Completed');
  await expect(timeline).toContainText('Submitted → Reassessment');
  await expect(timeline).toContainText(`Due date extended to ${dayText(later)}`);
  await expectAccessible(o);
  await shot(o, 'review-organisation-view-1280');

  const [download] = await Promise.all([
    o.waitForEvent('download'),
    o.getByRole('button', { name: 'Export To Excel' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${name.trim().replace(/\s+/g, '_')}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheets = workbook.worksheets.map((s) => s.name);
  expect(sheets[0]).toBe('Summary');
  expect(sheets.slice(1)).toEqual(
    categories.map((cat) => cat.replace(/[[\]:*?/\\]/g, '').slice(0, 31)),
  );
  const first = workbook.worksheets[1];
  const header = first?.getRow(1).values as unknown[];
  expect(header.slice(1, 7)).toEqual([
    'Sr.No',
    'Question',
    'Answer',
    'Attachments',
    'Status',
    'Remarks',
  ]);
  expect(first?.getRow(2).getCell(5).value).toBe('ACCEPTED');

  // The organisation's checklist of the first category: read-only, back to the view.
  await o
    .getByRole('list', { name: 'Categories of the assessment' })
    .getByRole('link', { name: categories[0] })
    .click();
  await expect(o.getByRole('table', { name: 'Questions and answers' })).toBeVisible();
  await expect(o.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expectAccessible(o);
  await shot(o, 'review-organisation-checklist-1280');
  await o.getByRole('link', { name: 'Back to the assessment' }).click();
  await expect(o).toHaveURL(`/sapphire/Cap_AssesmentView/${responseId}`);

  // ---------------------------------------------------------------- phones: the same screens at 390 px
  await o.setViewportSize({ width: 390, height: 844 });
  await o.reload();
  await expect(card).toBeVisible();
  await expectNoSideScroll(o);
  await expectAccessible(o);
  await shot(o, 'review-organisation-view-390');

  await a.setViewportSize({ width: 390, height: 844 });
  await a.goto(auditorCategories);
  await expect(auditorRows.first()).toBeVisible();
  await expectNoSideScroll(a);
  await expectAccessible(a);
  await shot(a, 'review-auditor-categories-390');
  await auditorRows.first().getByRole('link', { name: categories[0] }).click();
  await expect(a.locator('[data-question]').first()).toBeVisible();
  await expectNoSideScroll(a);
  await expectAccessible(a);
  await shot(a, 'review-auditor-checklist-390');
  await a.goto('/auditor/dashboard');
  await expect(a.getByRole('heading', { name: 'Submitted assessments' })).toBeVisible();
  await expectNoSideScroll(a);
  await shot(a, 'review-auditor-dashboard-390');

  contractor.done();
  auditor.done();
  admin.done();
});
