import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  attemptSuffix,
  type AnswerTypeName,
  call,
  createSharedAssessment,
  expectAccessible,
  shot,
  signedInContext,
  signInHere,
} from '../support/helpers';

// Issue 56, the contractor's response screen at its edges: Submit sent once, a session that ends
// while answering loses nothing, a failed Save says why, a text past its limit says it was cut,
// and a resubmitted response shows no partial score. Each scenario shares an assessment of its own.

const CONTRACTOR = 'contractor1@demo.test';
const ADMIN = 'admin@demo.test';
const AUDITOR = 'auditor1@demo.test';
const R = '/api/assessment/responses';
const SAVE = `**${R}/updateSectionInResponse`;

interface Question {
  _id: string;
}
interface Section {
  _id: string;
  categoryId: string;
  questions: Question[];
}
interface Response {
  _id: string;
  status: string;
  scored: number;
  total: number;
  sections: Section[];
}

/** As the organisation admin (a context of its own), shares a new assessment with contractor1. */
async function shareAssessment(browser: Browser, answerTypes: readonly AnswerTypeName[], sections = 1): Promise<{ id: string; name: string }> {
  const name = `Edges Audit ${attemptSuffix()}`;
  const admin = await signedInContext(browser, ADMIN);
  const id = await createSharedAssessment(admin.page, { name, contractorEmail: CONTRACTOR, sections, answerTypes });
  await admin.close();
  return { id, name };
}

/** A fresh context signed in as `email`, on its home. */
async function signedIn(browser: Browser, email: string, width = 1280): Promise<Page> {
  return (await signedInContext(browser, email, { width })).page;
}

/** Starts the assessment as the contractor (API) and returns the response. */
async function start(page: Page, assessmentId: string): Promise<Response> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { data: { _id: string } };
  return call<Response>(page.request, `${R}/createResponseForContractor`, { assessmentId, contractor: { contractorId: me.data._id } });
}

/** Saves answers (or, as the auditor, judgements and a score) of one section through the API. */
function saveSection(request: APIRequestContext, r: Response, index: number, questions: unknown[], extra: object = {}) {
  return call<Response>(request, `${R}/updateSectionInResponse`, {
    assesRespId: r._id,
    sectionId: r.sections[index]?._id ?? '',
    responseData: { questions, ...extra },
  });
}

const questionId = (r: Response, section: number) => r.sections[section]?.questions[0]?._id ?? '';
const checklistUrl = (r: Response) => `/atgl/Contractor/assessment/${r._id}/categories/${r.sections[0]?.categoryId ?? ''}`;
const categoriesUrl = (r: Response) => `/atgl/Contractor/assessment/${r._id}/categories`;

/**
 * contractor1, signed in at `width`, on the first checklist of its response to a new assessment
 * of these answer types: the page (`done`: no console errors since it opened), the response and
 * its first answer's field, editable.
 */
async function onNewChecklist(browser: Browser, answerTypes: readonly AnswerTypeName[], width = 1280) {
  const { id } = await shareAssessment(browser, answerTypes);
  const { page, done } = await signedInContext(browser, CONTRACTOR, { width });
  const r = await start(page, id);
  await page.goto(checklistUrl(r));
  const input = page.locator('[data-question]').first().locator('[data-answer-type]').first();
  await expect(input).toBeEditable();
  return { page, done, r, input };
}

const KEPT_NOTICE = 'Your session ended. Your unsaved answers are kept in this browser and will be saved when you sign in again.';

test('a double click on the Submit confirmation sends one call: success only, the dialog closed', async ({ browser }) => {
  const { id } = await shareAssessment(browser, ['yesNo']);
  const { page, done: noConsoleErrors } = await signedInContext(browser, CONTRACTOR);
  const r = await start(page, id);
  await saveSection(page.request, r, 0, [{ _id: questionId(r, 0), answer: { yesNo: 'YES' } }]);
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith(`${R}/changeResponseStatus`)) calls += 1;
  });
  await page.goto(categoriesUrl(r));
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit the response?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(page.getByText('Response submitted for assessment')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Submitted: this response is now read-only.')).toBeVisible();
  expect(calls).toBe(1);
  await expect(page.getByText(/already been submitted/)).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'edges-submit-once-1280');
  noConsoleErrors();
  await page.context().close();
});

test('the session ends (cookie gone) with an unsaved answer: sign-in says it is kept, and saves it after', async ({ browser }) => {
  const { page, r, input } = await onNewChecklist(browser, ['shortAnswer', 'yesNo']);
  // The session ends: its cookie is gone (as on expiry). The next save meets a 401.
  await page.context().clearCookies();
  await input.fill('Kept across the sign-in');
  await expect(page).toHaveURL(/\/\?next=/);
  await expect(page.getByRole('status')).toHaveText(KEPT_NOTICE);
  await expectAccessible(page);
  await shot(page, 'edges-session-ended-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAccessible(page);
  await shot(page, 'edges-session-ended-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  await signInHere(page, CONTRACTOR);
  // Back on the checklist, the kept answer is put back and saved.
  await expect(page).toHaveURL(checklistUrl(r));
  await expect(page.getByText('Your unsaved answer kept in this browser has been saved')).toBeVisible();
  await expect(input).toHaveValue('Kept across the sign-in');
  await expect(page.getByRole('status', { name: 'Save state of question 1' })).toHaveText('Saved');
  await expectAccessible(page);
  await shot(page, 'edges-kept-answer-saved-1280');
  await page.reload();
  await expect(input).toHaveValue('Kept across the sign-in');
  // Nothing is left in the browser once saved.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('palisade.answer-draft')))).toEqual([]);
  await page.context().close();
});

test('signed out in another tab while a save is on its way: the answer is kept and saved after sign-in', async ({ browser }) => {
  const { page, r, input } = await onNewChecklist(browser, ['shortAnswer', 'yesNo']);
  // The save is held on its way while the user signs out in another tab of this browser.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SAVE, async (route) => {
    await held;
    await route.continue();
  });
  await input.fill('Typed in the first tab');
  await expect(page.getByRole('status', { name: 'Save state of question 1' })).toHaveText('Saving…');
  const other = await page.context().newPage();
  await other.goto('/atgl/Contractor/dashboard');
  await other.getByRole('button', { name: 'Log out' }).click();
  await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // That sign-out forgot this user's kept answers in the browser; the failed save keeps its own again.
  release();
  await page.unrouteAll({ behavior: 'wait' });
  await expect(page).toHaveURL(/\/\?next=/);
  await expect(page.getByRole('status')).toHaveText(KEPT_NOTICE);
  await other.close();

  await signInHere(page, CONTRACTOR);
  await expect(page).toHaveURL(checklistUrl(r));
  await expect(input).toHaveValue('Typed in the first tab');
  await expect(page.getByRole('status', { name: 'Save state of question 1' })).toHaveText('Saved');
  await page.reload();
  await expect(input).toHaveValue('Typed in the first tab');
  await page.context().close();
});

test('a kept answer whose question changed since keeps the server’s answer and names the question', async ({ browser }) => {
  const { page, r, input } = await onNewChecklist(browser, ['shortAnswer', 'yesNo']);
  await page.context().clearCookies();
  await input.fill('Typed before the session ended');
  await expect(page).toHaveURL(/\/\?next=/);
  await expect(page.getByRole('status')).toHaveText(KEPT_NOTICE);
  // Meanwhile the answer is saved elsewhere (another device of the same contractor).
  const elsewhere = await signedIn(browser, CONTRACTOR);
  await saveSection(elsewhere.request, r, 0, [{ _id: questionId(r, 0), answer: { text: 'Saved on another device' } }]);
  await elsewhere.context().close();

  await signInHere(page, CONTRACTOR);
  await expect(page).toHaveURL(checklistUrl(r));
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('Question 1 was changed by someone else since you typed your answer');
  await expectAccessible(page);
  await shot(page, 'edges-kept-answer-changed-1280');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(input).toHaveValue('Saved on another device');
  await page.reload();
  await expect(input).toHaveValue('Saved on another device');
  await page.context().close();
});

test('a failed Save opens the Error dialog with the spec text and the server’s message', async ({ browser }) => {
  const { page, input } = await onNewChecklist(browser, ['shortAnswer', 'yesNo']);
  await page.route(SAVE, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500, message: 'The database did not answer', data: { requestId: 'e2e-56' } }),
    }),
  );
  await input.fill('Will not be saved now');
  // The autosave's failure shows its mark and Retry, no dialog.
  await expect(page.getByRole('status', { name: 'Save state of question 1' })).toContainText('Not saved');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('Error in saving response! The database did not answer (reference: e2e-56)');
  await expectAccessible(page);
  await shot(page, 'edges-save-failed-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'edges-save-failed-390');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  // Still on the checklist with the answer; once the server answers, Save saves it.
  await page.unrouteAll({ behavior: 'wait' });
  await expect(input).toHaveValue('Will not be saved now');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your response is saved')).toBeVisible();
  await page.context().close();
});

for (const width of [1280, 390]) {
  test(`a pasted 5 100-character answer is cut to 5 000 and says so, with the counter (${width} px)`, async ({ browser }) => {
    const { page, done: noConsoleErrors, r, input } = await onNewChecklist(browser, ['longAnswer', 'yesNo'], width);
    await input.focus();
    // As a paste does: the whole text at once.
    await page.keyboard.insertText('Toolbox talk. '.repeat(364) + 'x'.repeat(4));
    await expect(input).toHaveValue(/^Toolbox talk\./);
    expect((await input.inputValue()).length).toBe(5000);
    await expect(page.getByText('The text was cut to 5,000 characters, the most an answer may hold.')).toBeVisible();
    await expect(page.getByText('5,000 / 5,000 characters')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Save state of question 1' })).toHaveText('Saved');
    await expectAccessible(page);
    await shot(page, `edges-text-cut-${width}`);
    const saved = await call<Response & { sections: { questions: { answer: { text: string | null } }[] }[] }>(
      page.request,
      `${R}/getResponseById`,
      { responseId: r._id },
    );
    expect(saved.sections[0]?.questions[0]?.answer.text?.length).toBe(5000);
    noConsoleErrors();
    await page.context().close();
  });
}

test('a resubmitted response reads "Not scored yet" for the contractor and the organisation until the auditor completes it', async ({ browser }) => {
  const { id, name } = await shareAssessment(browser, ['yesNo'], 2);
  const contractor = await signedIn(browser, CONTRACTOR);
  const r = await start(contractor, id);
  await saveSection(contractor.request, r, 0, [{ _id: questionId(r, 0), answer: { yesNo: 'YES' } }]);
  await saveSection(contractor.request, r, 1, [{ _id: questionId(r, 1), answer: { yesNo: 'YES' } }]);
  await call(contractor.request, `${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' });
  // The auditor accepts and scores the first category (3 of 10), rejects the second, reassessment.
  const auditor = await signedIn(browser, AUDITOR);
  await saveSection(auditor.request, r, 0, [{ _id: questionId(r, 0), assessStatus: 'ACCEPTED' }], { scoredMarks: 3 });
  await saveSection(auditor.request, r, 1, [{ _id: questionId(r, 1), assessStatus: 'REJECTED', remarks: 'Show the permit' }]);
  await call(auditor.request, `${R}/changeResponseStatus`, { responseId: r._id, status: 'REASSESSMENT' });
  await auditor.context().close();
  // The contractor corrects it and submits again: the first category kept its 3 marks.
  await saveSection(contractor.request, r, 1, [{ _id: questionId(r, 1), answer: { yesNo: 'NO' } }]);
  await call(contractor.request, `${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' });
  const resubmitted = await call<Response>(contractor.request, `${R}/getResponseById`, { responseId: r._id });
  expect([resubmitted.status, resubmitted.scored, resubmitted.total]).toEqual(['SUBMITTED', 3, 20]);

  await contractor.goto(categoriesUrl(r));
  const main = contractor.locator('main');
  await expect(main.getByText('Not scored yet')).toBeVisible();
  await expect(main.getByText('3/20')).toHaveCount(0);
  await expectAccessible(contractor);
  await shot(contractor, 'edges-resubmitted-contractor-1280');
  await contractor.goto('/atgl/Contractor/Assessment');
  await contractor.getByRole('searchbox', { name: 'Search assessments by name' }).fill(name);
  const card = contractor.getByRole('list', { name: 'Assessments' }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Not scored yet');
  await expect(card).not.toContainText('3/20');
  await contractor.context().close();

  for (const width of [1280, 390]) {
    const org = await signedIn(browser, ADMIN, width);
    await org.goto(`/sapphire/Cap_AssesmentView/${r._id}`);
    const score = org.getByRole('region', { name: 'Score' });
    await expect(score).toContainText('Not scored yet');
    await expect(score.getByTestId('score-value')).toHaveCount(0);
    await expect(score.locator('[data-band]')).toHaveCount(0);
    await expectAccessible(org);
    await shot(org, `edges-resubmitted-organisation-${width}`);
    await org.context().close();
  }
});
