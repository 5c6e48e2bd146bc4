import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import fs from 'node:fs';
import { RESPONSES_PAGE_DEFAULT } from '@palisade/domain/constants';
import path from 'node:path';
import {
  ARTIFACTS,
  attemptSuffix,
  expectAccessible,
  shot as saveShot,
  signIn,
  watchConsole,
  expectNoSideScroll,
} from '../support/helpers';

const ADMIN = 'admin@demo.test';
/** A question of the demo bank: the import skips it. */
const EXISTING = 'Is task-specific PPE issued to every worker free of charge?';

/** What the journey creates, named uniquely for the attempt (a retry meets none of it). */
function journeyNames(sfx: string) {
  const CSV_QUESTION = `Are lifting plans approved by an appointed person ${sfx}?`;
  return {
    NAME: `Lifting Operations Review ${sfx}`,
    NEW_CATEGORY: `Lifting Plans ${sfx}`,
    RENAMED_CATEGORY: `Lifting Plans Review ${sfx}`,
    MULTI_QUESTION: `Which lifting equipment do you certify every year ${sfx}?`,
    CSV_QUESTION,
    /** Empty rows, an existing question, a new one (quoted, with a comma in a second column). */
    CSV: `\n${EXISTING}\n,\n\n"${CSV_QUESTION}",ignored\n`,
  };
}

/** How many questions the organisation's bank holds now. */
async function bankSize(page: Page): Promise<number> {
  const reply = await page.request.post('/api/assessment/questions/getQuestionsByCompanyId', {
    data: { companyId: await organisationId(page) },
  });
  return ((await reply.json()) as { data: unknown[] }).data.length;
}

/** A day `days` from now as the picker is typed: DD, MM, YYYY. */
function dayFromNow(days: number): { typed: string; iso: string } {
  const d = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
  const dd = String(d.getDate()).padStart(2, '0');
  const mm = String(d.getMonth() + 1).padStart(2, '0');
  const yyyy = String(d.getFullYear());
  return { typed: `${dd}${mm}${yyyy}`, iso: `${yyyy}-${mm}-${dd}` };
}

/** The section card headed "Category {n}". */
function section(page: Page, n: number): Locator {
  return page.getByRole('region', { name: `Category ${n}`, exact: true });
}

/** A full-page picture from the top: scrolled down, the fixed top bar would land mid-page. */
async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveShot(page, name);
}

/** A dialog as the user sees it: the viewport (a full-page picture would run past the backdrop). */
async function dialogShot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250); // let the dialog finish fading in
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/**
 * Waits for the Success helper's text, then closes it so it covers nothing. Located by class: while
 * a dialog is open the rest of the page (the snackbar too) is aria-hidden, out of getByRole's reach.
 */
async function expectSuccess(page: Page, text: string): Promise<void> {
  const snackbar = page.locator('.MuiSnackbar-root').filter({ hasText: text });
  await expect(snackbar).toBeVisible();
  await snackbar.locator('.MuiAlert-action button').click();
  await expect(snackbar).toBeHidden();
}

/**
 * The overview shows a card per response (the first page of them), or its empty state while there
 * is none.
 */
async function expectOverview(page: Page): Promise<void> {
  const reply = await page.request.post('/api/assessment/responses/getResponsesByCompanyIds', {
    data: { companyIds: [await organisationId(page)] },
  });
  const total = ((await reply.json()) as { data: { total: number } }).data.total;
  if (total === 0) {
    await expect(page.getByText(/No assessment has been answered yet/)).toBeVisible();
  } else {
    const cards = page.getByRole('list', { name: 'Assessment responses' }).getByRole('listitem');
    await expect(cards).toHaveCount(Math.min(total, RESPONSES_PAGE_DEFAULT));
    await expect(cards.first().getByRole('link', { name: /^View / })).toHaveAttribute(
      'href',
      /\/sapphire\/Cap_AssesmentView\//,
    );
  }
}

/** How many of the organisation's assessments no contractor has started (status NEW). */
async function newAssessmentCount(page: Page): Promise<number> {
  const reply = await page.request.get('/api/assessment/getAllAssessments');
  const all = ((await reply.json()) as { data: { status: string }[] }).data;
  return all.filter((a) => a.status === 'NEW').length;
}

async function typeDueDate(page: Page, typed: string): Promise<void> {
  await page.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(typed);
}

test('the admin builds, shares and edits a two-section assessment', async ({ page }) => {
  // A whole journey: on a busy 2-core machine one has taken over two minutes.
  const noConsoleErrors = watchConsole(page);
  const { NAME, NEW_CATEGORY, RENAMED_CATEGORY, MULTI_QUESTION, CSV_QUESTION, CSV } = journeyNames(
    attemptSuffix(),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/sapphire/Dashboard');

  // ------------------------------------------------------------------ overview, empty state
  await page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: 'Assessment', exact: true })
    .click();
  await expect(page).toHaveURL('/sapphire/Assessment');
  await expect(page).toHaveTitle('Assessment | Palisade');
  await expectOverview(page);
  for (const filter of ['All', 'Pending', 'Submitted', 'Reassessment', 'Completed']) {
    await expect(
      page
        .getByRole('group', { name: 'Status' })
        .getByRole('button', { name: filter, exact: true }),
    ).toBeVisible();
  }
  await expect(page.getByLabel('Sort by')).toHaveValue('NTO');
  await expect(page.getByLabel('Company')).toHaveValue('');
  await expectAccessible(page);
  await shot(page, 'authoring-overview-1280');

  await page.getByRole('link', { name: 'Add New Assessment' }).click();
  await expect(page).toHaveURL('/sapphire/Add_Assessment');
  await expect(page).toHaveTitle('Add Assessment | Palisade');
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await expect(share).toBeDisabled();
  await expect(section(page, 1).getByText('No Questions')).toBeVisible();
  await expect(section(page, 1).getByRole('button', { name: 'Remove Section' })).toHaveCount(0);
  await expect(section(page, 1).getByLabel('Category')).toHaveValue('');
  await expect(section(page, 1).getByLabel('Enter Marks')).toHaveValue('0');
  await expectAccessible(page);
  await shot(page, 'authoring-add-1280');

  // --------------------------------------------------------------------------- details
  await page.getByLabel('Name of Assessment').fill('!!!');
  await page.getByLabel('Name of Assessment').blur();
  await expect(page.getByText('Special characters not allowed!')).toBeVisible();
  await page.getByLabel('Name of Assessment').fill(NAME);
  await expect(page.getByText('Special characters not allowed!')).toBeHidden();
  const due = dayFromNow(45);
  await typeDueDate(page, due.typed);

  // ---------------------------------------------------------- section 1: Add Category dialog
  const s1 = section(page, 1);
  await s1.getByRole('button', { name: 'Add Category' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Category' });
  await expect(dialog.getByRole('list', { name: 'Available Categories' })).toContainText(
    'Safety Management',
  );
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await dialog.getByLabel('New Category').fill('PPE');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Category already in available categories!')).toBeVisible();
  await dialog.getByLabel('New Category').fill('Li');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Category must be at least 3 characters')).toBeVisible();
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-add-category');
  await dialog.getByLabel('New Category').fill(NEW_CATEGORY);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectSuccess(page, 'Category Added Successfully');
  await expect(dialog).toBeHidden();
  await expect(s1.getByLabel('Category')).toHaveValue(/.+/);
  await expect(s1.getByLabel('Category').locator('option:checked')).toHaveText(NEW_CATEGORY);

  // The Edit Category dialog, from the Add Category list.
  await s1.getByRole('button', { name: 'Add Category' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Category' });
  await dialog.getByRole('button', { name: `Edit category ${NEW_CATEGORY}` }).click();
  const editCategory = page.getByRole('dialog', { name: 'Edit Category' });
  await expect(editCategory.getByLabel('Category name')).toHaveValue(NEW_CATEGORY);
  await editCategory.getByLabel('Category name').fill('Lifting & Plans');
  await editCategory.getByRole('button', { name: 'Save' }).click();
  await expect(editCategory.getByText('Special characters not allowed !')).toBeVisible();
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-edit-category');
  await editCategory.getByLabel('Category name').fill(RENAMED_CATEGORY);
  await editCategory.getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page, 'Category Edited successfully');
  await expect(editCategory).toBeHidden();
  await expect(dialog.getByRole('list', { name: 'Available Categories' })).toContainText(
    RENAMED_CATEGORY,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(s1.getByLabel('Category').locator('option:checked')).toHaveText(RENAMED_CATEGORY);

  await s1.getByLabel('Environment').check();
  await s1.getByLabel('Social').check();
  await s1.getByLabel('Enter Marks').fill('20');

  // ------------------------------------------- section 1: Add Question, create + multi choice
  await s1.getByRole('button', { name: 'Add Question' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Question' });
  await expect(dialog.getByRole('tab', { name: 'Select Existing Question' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const table = dialog.getByRole('table', { name: 'Question bank' });
  await expect(table.getByRole('row')).toHaveCount(6); // header + 5 a page by default
  await expect(dialog.getByText(`1–5 of ${await bankSize(page)}`)).toBeVisible();
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-select-question');

  await dialog.getByRole('tab', { name: 'Create New Question' }).click();
  await expect(dialog.getByPlaceholder('Enter Text')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await dialog.getByPlaceholder('Enter Text').fill(EXISTING);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog.getByText('Question already exists')).toBeVisible();
  await dialog.getByPlaceholder('Enter Text').fill(MULTI_QUESTION);
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-create-question');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expectSuccess(page, 'Question Added Successfully');
  // Back on the table, searched for the new question.
  await expect(dialog.getByRole('tab', { name: 'Select Existing Question' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(table.getByRole('row')).toHaveCount(2);
  const newRow = table.getByRole('row').filter({ hasText: MULTI_QUESTION });
  await newRow.getByRole('combobox').selectOption('multiChoice');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Please add choices').first()).toBeVisible();
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-add-choices');
  const choices = newRow.getByRole('combobox', { name: /^Choices of question/ });
  await choices.fill('Cranes');
  await choices.press('Enter');
  await choices.fill('Hoists');
  await choices.press('Enter');
  await expect(newRow.getByRole('button', { name: 'Cranes' })).toBeVisible();

  // Sort, page size and search of the bank.
  await dialog.getByRole('searchbox', { name: 'Search' }).fill('');
  // The whole bank again (the search reaches the server once typing settles).
  await expect(dialog.getByText(`1–5 of ${await bankSize(page)}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Sr.No' }).click(); // now descending: the new question first
  await expect(table.getByRole('row').nth(1)).toContainText(MULTI_QUESTION);
  // The table pages, sorts and searches through the server (issue 21), not over a list it holds.
  const tenAPage = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/assessment/questions/getQuestionsByCompanyId') &&
      (r.postDataJSON() as { pageSize?: number; search?: string }).pageSize === 10 &&
      (r.postDataJSON() as { search?: string }).search === '',
  );
  await dialog.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '10' }).click();
  expect((await tenAPage).postDataJSON()).toMatchObject({ page: 1, pageSize: 10, sort: 'srNo', direction: 'desc', search: '' });
  await expect(table.getByRole('row')).toHaveCount(11);
  await expect(dialog.getByText(`1–10 of ${await bankSize(page)}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Go to next page' }).click();
  await expect(dialog.getByText(`11–20 of ${await bankSize(page)}`)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  const searched = page.waitForRequest(
    (r) =>
      r.url().endsWith('/api/assessment/questions/getQuestionsByCompanyId') &&
      (r.postDataJSON() as { search?: string }).search === 'lifting equipment',
  );
  await dialog.getByRole('searchbox', { name: 'Search' }).fill('lifting equipment');
  expect((await searched).postDataJSON()).toMatchObject({ page: 1, pageSize: 10 });
  await expect(table.getByRole('row').nth(1)).toContainText(MULTI_QUESTION);
  await dialog.getByRole('searchbox', { name: 'Search' }).fill('');
  await expect(dialog.getByText(`1–10 of ${await bankSize(page)}`)).toBeVisible();

  // Edit Question, from the table.
  await table
    .getByRole('row')
    .nth(2)
    .getByRole('button', { name: /^Edit question/ })
    .click();
  const editQuestion = page.getByRole('dialog', { name: 'Edit Question' });
  await editQuestion.getByLabel('Question').fill('ab');
  await editQuestion.getByRole('button', { name: 'Save' }).click();
  await expect(editQuestion.getByText('Question must be at least 3 characters')).toBeVisible();
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-edit-question');
  await editQuestion.getByRole('button', { name: 'Cancel' }).click();
  await expect(editQuestion).toBeHidden();

  await expect(dialog.getByText('1 question selected')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(s1.getByTestId('section-question')).toHaveCount(1);
  await expect(s1.getByTestId('section-question')).toContainText(MULTI_QUESTION);
  await expect(s1.getByTestId('section-question')).toContainText('Input type: Multiple Choice');
  await expect(s1.getByTestId('section-question')).toContainText('Choices: Cranes, Hoists');

  // The form is valid but for the companies: Share is enabled.
  await expect(share).toBeEnabled();

  // ---------------------------------------------------- section 2: import a question (CSV)
  await page.getByRole('button', { name: 'Add Another Category' }).click();
  const s2 = section(page, 2);
  await expect(s2.getByText('No Questions')).toBeVisible();
  // A new section has no factor on: Share waits for one.
  await expect(share).toBeDisabled();
  await expect(
    s2.getByLabel('Category').locator(`option:has-text("${RENAMED_CATEGORY}")`),
  ).toBeDisabled();
  await s2.getByLabel('Category').selectOption({ label: 'PPE' });
  await s2.getByLabel('Governance').check();
  await s2.getByLabel('Enter Marks').fill('10');
  await s2.getByRole('button', { name: 'Add Question' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Question' });
  await dialog.getByRole('tab', { name: 'Import Questions' }).click();
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download sample CSV' }).click();
  expect((await download).suggestedFilename()).toBe('Sample_Questions.csv');
  // Not CSV (issue 56): a text file is refused, by name, before anything is planned.
  await dialog.getByTestId('questions-file-input').setInputFiles({
    name: 'questions.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${CSV_QUESTION}\n`),
  });
  await expect(dialog.getByRole('alert')).toContainText('questions.txt is not a CSV file');
  await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  // A semicolon file, as a spreadsheet in a comma-decimal locale saves it: the header row is
  // skipped and the category column is not part of the question.
  await dialog.getByTestId('questions-file-input').setInputFiles({
    name: 'questions-semicolon.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Question;Category\r\n${CSV_QUESTION};Safety\r\n`),
  });
  await expect(dialog.getByText('1 question ready to import')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Skipped rows' })).toContainText('Row 1: "Question": header row');
  await expect(dialog.getByText(';Safety')).toHaveCount(0);
  await dialogShot(page, 'authoring-dialog-import-semicolon');
  await dialog.getByTestId('questions-file-input').setInputFiles({
    name: 'questions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await expect(dialog.getByText('1 question ready to import')).toBeVisible();
  const skipped = dialog.getByRole('list', { name: 'Skipped rows' });
  await expect(skipped).toContainText('Row 1: empty row');
  await expect(skipped).toContainText(`Row 2: "${EXISTING}": Question already exists`);
  await expect(skipped).toContainText('Row 3: empty row');
  await expect(skipped).toContainText('Row 4: empty row');
  await expect(skipped).not.toContainText('Row 5');
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-import-questions');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText(/1 question imported/)).toBeVisible();
  await expectSuccess(page, 'Questions imported successfully');
  await dialog.getByRole('tab', { name: 'Select Existing Question' }).click();
  await dialog.getByRole('searchbox', { name: 'Search' }).fill('lifting');
  const bank = dialog.getByRole('table', { name: 'Question bank' });
  // The question of section 1 is flagged as used in another section.
  const usedRow = bank.getByRole('row').filter({ hasText: MULTI_QUESTION });
  await expect(usedRow.getByText('Used in another section')).toBeVisible();
  const importedRow = bank.getByRole('row').filter({ hasText: CSV_QUESTION });
  await importedRow.getByRole('combobox').selectOption('shortAnswer');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  await expect(s2.getByTestId('section-question')).toContainText(CSV_QUESTION);
  await expect(s2.getByTestId('section-question')).toContainText('Input type: Short Answer');
  await expectAccessible(page);
  await shot(page, 'authoring-add-filled-1280');

  // ------------------------------------------------------------ Select Companies and Share
  await expect(share).toBeEnabled();
  await share.click();
  dialog = page.getByRole('dialog', { name: 'Select Companies' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please select minimum 1 company')).toBeVisible();
  await dialog.getByRole('button', { name: 'Select All' }).click();
  for (const name of [
    'North Sea Scaffolding',
    'Harbour Electrical Services',
    'Granite Civil Works',
  ]) {
    await expect(dialog.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
  }
  await dialog.getByRole('button', { name: 'Deselect All' }).click();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: /North Sea Scaffolding/ }).check();
  await dialog.getByRole('checkbox', { name: /Harbour Electrical Services/ }).check();
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-select-companies');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page, 'Assessment Added Successfully');
  await expect(page).toHaveURL('/sapphire/Assessment');

  // ---------------------------------------------------------------- the Assessments modal
  await page.getByRole('button', { name: 'Assessments', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Assessments' });
  const item = dialog.getByTestId('unanswered-assessment').filter({ hasText: NAME });
  await expect(item).toContainText('Shared with 2 companies');
  await expect(dialog.getByTestId('unanswered-assessment')).toHaveCount(
    await newAssessmentCount(page),
  );
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-assessments');
  await item.getByRole('link', { name: `Edit ${NAME}` }).click();
  await expect(page).toHaveURL(/\/sapphire\/editAssessment\/[\w-]+$/);

  // --------------------------------------------------------------------------- edit it
  await expect(page).toHaveTitle('Edit Assessment | Palisade');
  await expect(page.getByLabel('Name of Assessment')).toHaveValue(NAME);
  await expect(section(page, 1).getByTestId('section-question')).toContainText(MULTI_QUESTION);
  await expect(section(page, 2).getByTestId('section-question')).toContainText(CSV_QUESTION);
  await expect(section(page, 2).getByLabel('Governance')).toBeChecked();
  await expect(share).toBeDisabled(); // nothing changed yet
  await expectAccessible(page);
  await shot(page, 'authoring-edit-1280');
  await page.getByLabel('Name of Assessment').fill(`${NAME} 2026`);
  await section(page, 2).getByLabel('Enter Marks').fill('15');
  await section(page, 2).getByLabel('Enter Marks').blur();
  await expect(share).toBeEnabled();
  await share.click();
  dialog = page.getByRole('dialog', { name: 'Select Companies' });
  await expect(dialog.getByRole('checkbox', { name: /North Sea Scaffolding/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Harbour Electrical Services/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Granite Civil Works/ })).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expectSuccess(page, 'Assessment edited successfully');
  await expect(page).toHaveURL('/sapphire/Assessment');

  await page.getByRole('button', { name: 'Assessments', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Assessments' });
  await expect(
    dialog.getByTestId('unanswered-assessment').filter({ hasText: `${NAME} 2026` }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  noConsoleErrors();
});

test('the authoring screens fit a 390 px phone', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/sapphire/Dashboard');
  await page.goto('/sapphire/Assessment');
  await expectOverview(page);
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'authoring-overview-390');

  await page.getByRole('button', { name: 'Assessments', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Assessments' });
  await expect(modal.getByTestId('unanswered-assessment').first()).toBeVisible();
  await dialogShot(page, 'authoring-dialog-assessments-390');
  await modal.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('link', { name: 'Add New Assessment' }).click();
  await expect(page).toHaveURL('/sapphire/Add_Assessment');
  await expect(section(page, 1).getByText('No Questions')).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'authoring-add-390');

  await section(page, 1).getByRole('button', { name: 'Add Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Question' });
  await expect(dialog.getByRole('table', { name: 'Question bank' }).getByRole('row')).toHaveCount(
    6,
  );
  await expectAccessible(page);
  await dialogShot(page, 'authoring-dialog-select-question-390');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  noConsoleErrors();
});

test('the API refuses what the form refuses, with the same text', async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/sapphire/Dashboard');
  const categories = await page.request.post(
    '/api/assessment/categories/getAssessCategoriesByCompanyId',
    {
      data: { companyId: await organisationId(page) },
    },
  );
  const categoryId = ((await categories.json()) as { data: { _id: string }[] }).data[0]?._id ?? '';
  const questions = await page.request.post('/api/assessment/questions/getQuestionsByCompanyId', {
    data: { companyId: await organisationId(page) },
  });
  const questionId = ((await questions.json()) as { data: { _id: string }[] }).data[0]?._id ?? '';
  const contractors = await page.request.post('/api/contractor/getContractorsByCompanyId', {
    data: { companyId: await organisationId(page) },
  });
  const contractorId =
    ((await contractors.json()) as { data: { _id: string }[] }).data[0]?._id ?? '';
  const section = {
    category: categoryId,
    totalMarks: 10,
    factors: { environment: true, social: false, governance: false, others: false },
    questions: [{ question: questionId, questType: { answerType: 'shortAnswer' } }],
  };
  const valid = {
    name: 'Parity check',
    dueDate: dayFromNow(10).iso,
    contractors: [contractorId],
    sections: [section],
  };
  const cases: [string, Record<string, unknown>][] = [
    ['Name is required', { ...valid, name: '' }],
    ['Special characters not allowed!', { ...valid, name: '!!!' }],
    ['Name must be at least 3 characters', { ...valid, name: 'ab' }],
    ['Date is required', { ...valid, dueDate: '' }],
    ['Due date cannot be before today', { ...valid, dueDate: '2020-01-01' }],
    ['Please select minimum 1 company', { ...valid, contractors: ['', ''] }],
    ['Category is required', { ...valid, sections: [{ ...section, category: '' }] }],
    [
      'Minimum one question to be selected',
      { ...valid, sections: [{ ...section, questions: [] }] },
    ],
    ['Marks is required', { ...valid, sections: [{ ...section, totalMarks: 0 }] }],
    [
      'Select at least one factor',
      {
        ...valid,
        sections: [
          {
            ...section,
            factors: { environment: false, social: false, governance: false, others: false },
          },
        ],
      },
    ],
    [
      'Please add choices',
      {
        ...valid,
        sections: [
          {
            ...section,
            questions: [
              { question: questionId, questType: { answerType: 'multiChoice', options: [] } },
            ],
          },
        ],
      },
    ],
  ];
  for (const [message, body] of cases) {
    const reply = await page.request.post('/api/assessment/createAssessment', { data: body });
    expect(reply.status(), message).toBe(400);
    expect(((await reply.json()) as { message: string }).message).toBe(message);
  }
});

/** The signed-in user's organisation id (cmp_id of the profile). */
async function organisationId(page: Page): Promise<string> {
  const me = await page.request.get('/api/auth/me');
  return ((await me.json()) as { data: { cmp_id: string } }).data.cmp_id;
}
