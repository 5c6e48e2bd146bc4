import { expect, type Locator } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  attemptSuffix,
  createSharedAssessment,
  expectAccessible,
  shot,
  signIn,
  watchConsole,
  expectNoSideScroll,
} from '../support/helpers';

const CONTRACTOR = 'contractor1@demo.test';
const ANSWER_TYPES = ['shortAnswer', 'numeric', 'longAnswer', 'checkbox', 'multiChoice', 'yesNo'] as const;

/** A small valid PDF: the server checks an attachment by its bytes, not its name. */
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

/** Answers one question by the input its answer type has; returns that type. */
async function answer(question: Locator): Promise<string> {
  const input = question.locator('[data-answer-type]').first();
  const type = (await input.getAttribute('data-answer-type')) ?? '';
  switch (type) {
    case 'shortAnswer':
      await input.fill('Tagged, quarantined and replaced by the supervisor');
      break;
    case 'numeric':
      await input.fill('2');
      break;
    case 'longAnswer':
      await input.fill('Reported on the site app within 24 hours and reviewed every month.');
      break;
    case 'yesNo':
      await question.getByRole('radio', { name: 'Yes' }).check();
      break;
    case 'multiChoice':
      await question.getByRole('radio').first().check();
      break;
    case 'checkbox':
      await question.getByRole('checkbox').first().check();
      if ((await question.getByRole('checkbox').count()) > 1)
        await question.getByRole('checkbox').nth(1).check();
      break;
    default:
      throw new Error(`unknown answer type "${type}"`);
  }
  return type;
}

test('contractor1 starts an assessment, answers it, attaches a PDF, saves, submits and finds it read-only', async ({
  page,
}) => {
  // A whole journey: on a busy 2-core machine one has taken over two minutes.
  const noConsoleErrors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  // The organisation shares an assessment of its own with contractor1 for this attempt (every
  // answer type in each of two categories): the journey depends on no seeded leftover.
  const name = `Site Safety ${attemptSuffix()}`;
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL('/sapphire/Dashboard');
  await createSharedAssessment(page, { name, contractorEmail: CONTRACTOR, answerTypes: ANSWER_TYPES });
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await signIn(page, CONTRACTOR);
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');

  // Dashboard: Score Details (contractor1 has a completed response) and the Assessments table.
  await expect(page.getByRole('heading', { name: 'Score Details' })).toBeVisible();
  await expect(page.getByText(/^(Green|Orange|Red) Score$/)).toBeVisible();
  const tasks = page.getByRole('table', { name: 'Assessments and their due dates' });
  await expect(tasks.getByRole('row').nth(1)).toBeVisible();
  await expect(tasks.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'contractor-dashboard-1280');

  // The Assessment list: a card per status, filters, sort.
  await page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: 'Assessment', exact: true })
    .click();
  await expect(page).toHaveURL('/atgl/Contractor/Assessment');
  await expect(page).toHaveTitle('Assessment | Palisade');
  const cards = page.getByRole('list', { name: 'Assessments' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const status of ['pending', 'submitted', 'reassessment', 'completed', 'new']) {
    await expect(page.locator(`article.assessment-card.${status}`).first()).toBeVisible();
  }
  await expectAccessible(page);
  await shot(page, 'contractor-assessments-1280');
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Oldest To Newest' }).click();
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: 'Submitted' })
    .click();
  await expect(page.locator('article.assessment-card:not(.submitted)')).toHaveCount(0);
  await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'New' }).click();
  const fresh = page.getByRole('list', { name: 'Assessments' }).getByRole('article', { name });
  await expect(fresh).toHaveClass(/\bnew\b/);

  // Start Assessment lands on the new response's categories, Submit disabled.
  await fresh.getByRole('button', { name: `Start Assessment ${name}` }).click();
  await expect(page).toHaveURL(/\/atgl\/Contractor\/assessment\/[^/]+\/categories$/);
  const categoriesUrl = new URL(page.url()).pathname;
  await expect(page).toHaveTitle('Categories | Palisade');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('Assessment');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  const rows = page
    .getByRole('list', { name: 'Categories of the assessment' })
    .getByRole('listitem');
  const categoryCount = await rows.count();
  expect(categoryCount).toBeGreaterThan(1);
  await expect(page.getByText(`0 of ${categoryCount} categories complete`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'contractor-categories-1280');

  const answered = new Set<string>();
  for (let c = 0; c < categoryCount; c += 1) {
    const row = rows.nth(c);
    const category = (await row.getAttribute('data-category')) ?? '';
    await row.getByRole('link', { name: category }).click();
    await expect(page).toHaveURL(/\/categories\/[^/]+$/);
    await expect(page).toHaveTitle('Checklist | Palisade');
    await expect(page.getByRole('heading', { level: 1, name: category })).toBeVisible();
    const table = page.getByRole('table', { name: 'Questions of the category' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Status',
      'Topic',
      'Response',
      'Confirmation',
    ]);
    const questions = page.locator('[data-question]');
    const count = await questions.count();
    for (let i = 0; i < count; i += 1) answered.add(await answer(questions.nth(i)));
    await expect(page.getByText(`${count} of ${count} answered`)).toBeVisible();

    if (c === 0) {
      // Attach a PDF to the first question: uploaded and joined to its question at once.
      await page
        .getByTestId('attach-input-1')
        .setInputFiles({ name: 'permit.pdf', mimeType: 'application/pdf', buffer: PDF });
      // (Its "File attached" note can be replaced at once by the autosave's, so the count is what is checked.)
      await page.getByRole('button', { name: 'Files of question 1 (1)' }).click();
      const files = page.getByRole('dialog', { name: 'Files of question 1 (1)' });
      await expect(files.getByRole('link', { name: /^Download .*permit\.pdf$/ })).toBeVisible();
      await expect(files.getByText(/Not saved yet/)).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, 'contractor-checklist-files-1280');
      await page.keyboard.press('Escape');
      await expect(files).toBeHidden();
      await expectAccessible(page);
      await shot(page, 'contractor-checklist-1280');
    }

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your response is saved')).toBeVisible();
    await expect(page).toHaveURL(categoriesUrl);
    // The progress moved: this category is complete, and so many of the assessment's.
    await expect(rows.nth(c).getByText('Complete', { exact: true })).toBeVisible();
    await expect(rows.nth(c).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByText(`${c + 1} of ${categoryCount} categories complete`)).toBeVisible();
    if (c < categoryCount - 1) await expect(submit).toBeDisabled();
  }
  expect([...answered].sort()).toEqual([...ANSWER_TYPES].sort());

  // Submit: a confirmation with what is sent, the success text, and (from PENDING) the page
  // stays, read-only (spec §4); the list's card now says Submitted.
  await expect(submit).toBeEnabled();
  await submit.click();
  const confirm = page.getByRole('dialog', { name: 'Submit the response?' });
  await expect(confirm).toContainText('questions answered');
  await expect(confirm).toContainText('1 file attached');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Response submitted for assessment')).toBeVisible();
  await expect(page.getByText('Submitted: this response is now read-only.')).toBeVisible();
  await expect(page).toHaveURL(categoriesUrl);
  await expect(submit).toBeDisabled();
  await page.goto('/atgl/Contractor/Assessment');
  const submitted = page.getByRole('article', { name });
  await expect(submitted).toHaveClass(/\bsubmitted\b/);
  await expect(submitted.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  // Read-only now: Submit disabled, no Save, inputs read-only, the PDF still downloadable.
  await submitted.getByRole('link', { name: `View ${name}` }).click();
  await expect(page).toHaveURL(categoriesUrl);
  await expect(page.getByText(/has been submitted for assessment/)).toBeVisible();
  await expect(submit).toBeDisabled();
  await rows.first().getByRole('link').click();
  await expect(page.getByRole('table', { name: 'Questions of the category' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Attach a file to question 1' })).toBeDisabled();
  const textInputs = page.locator('input[data-answer-type], textarea[data-answer-type]');
  for (let i = 0; i < (await textInputs.count()); i += 1) {
    const input = textInputs.nth(i);
    if ((await input.getAttribute('type')) === 'checkbox') await expect(input).toBeDisabled();
    else await expect(input).not.toBeEditable();
  }
  for (const radio of await page.getByRole('radio').all()) await expect(radio).toBeDisabled();
  await page.getByRole('button', { name: 'Files of question 1 (1)' }).click();
  const download = page.getByRole('dialog').getByRole('link', { name: /^Download .*permit\.pdf$/ });
  const href = (await download.getAttribute('href')) ?? '';
  const file = await page.request.get(href);
  expect(file.status()).toBe(200);
  expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAccessible(page);
  await shot(page, 'contractor-checklist-readonly-1280');
  const checklistUrl = new URL(page.url()).pathname;

  // Phones: the same screens at 390 px, never scrolling sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('[data-question]').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Questions of the category' })).toHaveCount(0);
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'contractor-checklist-readonly-390');

  await page.goto(categoriesUrl);
  await expect(page.getByRole('list', { name: 'Categories of the assessment' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'contractor-categories-390');

  await page.goto('/atgl/Contractor/Assessment');
  await expect(cards.first()).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'contractor-assessments-390');

  await page.goto('/atgl/Contractor/dashboard');
  await expect(page.getByRole('heading', { name: 'Score Details' })).toBeVisible();
  await expect(tasks).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'contractor-dashboard-390');

  // A pending response at 390: editable cards with their own attach and files buttons.
  await page.goto('/atgl/Contractor/Assessment');
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: 'Pending' })
    .click();
  // The list shows the last filter's cards until the server's Pending page arrives (this run's
  // own response, just submitted, among them): open a card once the first one is a pending one.
  await expect(cards.first().getByText('Pending', { exact: true })).toBeVisible();
  await cards
    .first()
    .getByRole('link', { name: /^View / })
    .click();
  await rows.first().getByRole('link').click();
  await expect(page.locator('[data-question]').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'contractor-checklist-390');
  expect(checklistUrl).toMatch(/\/categories\/[^/]+$/);

  noConsoleErrors();
});
