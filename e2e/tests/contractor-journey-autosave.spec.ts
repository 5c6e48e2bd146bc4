import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  attemptSuffix,
  type AnswerTypeName,
  createSharedAssessment,
  DEMO_PASSWORD,
  expectAccessible,
  shot,
  signIn,
  watchConsole,
  expectInsideWidth,
  expectNoSideScroll,
} from '../support/helpers';

// Issue 18: the contractor's journey, nothing lost and nothing misleading. Each scenario shares an
// assessment of its own (a name unique to the attempt), so attempts do not depend on each other.

const CONTRACTOR = 'contractor1@demo.test';
const R = '/api/assessment/responses';

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

interface Question {
  _id: string;
  questType: { answerType: string };
  answer: { text: string | null };
  assessStatus: string;
}
interface Section {
  _id: string;
  categoryId: string;
  category: { name: string };
  questions: Question[];
}
interface Response {
  _id: string;
  status: string;
  sections: Section[];
}

/** POSTs with a context's session; returns data, failing on any code but 200. */
async function call<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const reply = await request.post(path, { data: body });
  const json = (await reply.json()) as { message: string; data: T };
  expect(reply.status(), `${path}: ${json.message}`).toBe(200);
  return json.data;
}

/** As the organisation admin (a context of its own), shares a new assessment with contractor1. */
async function shareAssessment(
  browser: Browser,
  name: string,
  answerTypes: readonly AnswerTypeName[] = ['shortAnswer', 'numeric', 'yesNo'],
): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL('/sapphire/Dashboard');
  const id = await createSharedAssessment(page, { name, contractorEmail: CONTRACTOR, sections: 1, answerTypes });
  await context.close();
  return id;
}

/** A fresh context signed in as `email`, on its home. */
async function signedIn(browser: Browser, email: string, size = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).not.toHaveURL('/');
  return page;
}

/** Starts the assessment as the contractor (API) and returns the response. */
async function start(page: Page, assessmentId: string): Promise<Response> {
  const me = (await (await page.request.get('/api/auth/me')).json()) as { data: { _id: string } };
  return call<Response>(page.request, `${R}/createResponseForContractor`, { assessmentId, contractor: { contractorId: me.data._id } });
}

const checklistUrl = (r: Response) => `/atgl/Contractor/assessment/${r._id}/categories/${r.sections[0]?.categoryId ?? ''}`;
const categoriesUrl = (r: Response) => `/atgl/Contractor/assessment/${r._id}/categories`;

test('answers and a file are kept without Save; the leave prompt guards a pending save; list and checklist at 390', async ({ browser }) => {
  const name = `Autosave Audit ${attemptSuffix()}`;
  await shareAssessment(browser, name);
  const page = await signedIn(browser, CONTRACTOR);
  const noConsoleErrors = watchConsole(page);

  // The list: search by name; the started response reads "Not scored yet", not 0/30.
  await page.goto('/atgl/Contractor/Assessment');
  await page.getByRole('searchbox', { name: 'Search assessments by name' }).fill(name.slice(0, 20).toLowerCase());
  const cards = page.getByRole('list', { name: 'Assessments' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  await cards.first().getByRole('button', { name: `Start Assessment ${name}` }).click();
  await expect(page).toHaveURL(/\/categories$/);
  const categories = new URL(page.url()).pathname;
  await page.goto('/atgl/Contractor/Assessment');
  await page.getByRole('searchbox', { name: 'Search assessments by name' }).fill(name);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Not scored yet');
  await expect(cards.first()).not.toContainText('0/10');
  await expectAccessible(page);
  await shot(page, 'journey-list-search-1280');

  // The checklist: three answers, each saved on its own.
  await cards.first().getByRole('link', { name: `View ${name}` }).click();
  await page.getByRole('list', { name: 'Categories of the assessment' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/categories\/[^/]+$/);
  const checklist = new URL(page.url()).pathname;
  const questions = page.locator('[data-question]');
  await expect(questions).toHaveCount(3);
  await questions.nth(0).locator('[data-answer-type]').first().fill('Tagged and replaced by the supervisor');
  await questions.nth(1).locator('[data-answer-type]').first().fill('4');
  for (let n = 1; n <= 2; n += 1) {
    await expect(page.getByRole('status', { name: `Save state of question ${n}` })).toHaveText('Saved');
  }
  // The third answer's save is held on its way (a slow network): leaving asks first.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/assessment/responses/updateSectionInResponse', async (route) => {
    await held;
    await route.continue();
  });
  await questions.nth(2).getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByRole('status', { name: 'Save state of question 3' })).toHaveText('Saving…');
  await page.getByRole('link', { name: 'Back to categories' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(leave).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'journey-leave-prompt-1280');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(checklist);
  release();
  // Waits for the held save to go on before the route is removed.
  await page.unrouteAll({ behavior: 'wait' });
  for (let n = 1; n <= 3; n += 1) {
    await expect(page.getByRole('status', { name: `Save state of question ${n}` })).toHaveText('Saved');
  }
  // A file joins its question at once.
  await page.getByTestId('attach-input-1').setInputFiles({ name: 'permit.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('button', { name: 'Files of question 1 (1)' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'journey-checklist-saved-1280');

  // Back without Save (nothing unsaved: no prompt), then come back: everything is there.
  await page.getByRole('link', { name: 'Back to categories' }).click();
  await expect(page).toHaveURL(categories);
  await expect(page.getByText('3 of 3 answered')).toBeVisible();
  await expect(page.locator('main').getByText('Not scored yet')).toBeVisible();
  await page.getByRole('list', { name: 'Categories of the assessment' }).getByRole('link').first().click();
  await expect(questions.nth(0).locator('[data-answer-type]').first()).toHaveValue('Tagged and replaced by the supervisor');
  await expect(questions.nth(1).locator('[data-answer-type]').first()).toHaveValue('4');
  await expect(questions.nth(2).getByRole('radio', { name: 'Yes' })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Files of question 1 (1)' })).toBeVisible();
  // And after a reload (nothing was only in memory).
  await page.reload();
  await expect(questions.nth(0).locator('[data-answer-type]').first()).toHaveValue('Tagged and replaced by the supervisor');
  await expect(page.getByRole('button', { name: 'Files of question 1 (1)' })).toBeVisible();

  // Phones: the checklist, and the list with its status filter wrapped: every button in view (issue 56).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(questions.first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'journey-checklist-390');
  await page.goto('/atgl/Contractor/Assessment');
  await expect(cards.first()).toBeVisible();
  const buttons = page.getByRole('group', { name: 'Status' }).getByRole('button');
  for (const button of await buttons.all()) await expectInsideWidth(button, 'a status filter');
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'journey-list-390');
  noConsoleErrors();
});

test('two tabs on one answer: the second gets the conflict message and the other tab’s answer', async ({ browser }) => {
  const assessmentId = await shareAssessment(browser, `Two Tabs Audit ${attemptSuffix()}`);
  const tabA = await signedIn(browser, CONTRACTOR);
  const response = await start(tabA, assessmentId);
  const tabB = await signedIn(browser, CONTRACTOR);
  await tabA.goto(checklistUrl(response));
  await tabB.goto(checklistUrl(response));
  const inputA = tabA.locator('[data-question]').first().locator('[data-answer-type]').first();
  const inputB = tabB.locator('[data-question]').first().locator('[data-answer-type]').first();
  await expect(inputA).toBeVisible();
  await expect(inputB).toBeVisible();

  await inputA.fill('Written in tab A');
  await expect(tabA.getByRole('status', { name: 'Save state of question 1' })).toHaveText('Saved');
  // Tab B still holds the older version: its save is refused and the question reloaded.
  await inputB.fill('Written in tab B');
  const dialog = tabB.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('This answer was changed in another tab or on another device');
  await expect(inputB).toHaveValue('Written in tab A');
  await expectAccessible(tabB);
  await shot(tabB, 'journey-conflict-1280');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  // Now on the current version, tab B saves.
  await inputB.fill('Written in tab B after reload');
  await expect(tabB.getByRole('status', { name: 'Save state of question 1' })).toHaveText('Saved');
  await tabA.reload();
  await expect(inputA).toHaveValue('Written in tab B after reload');
  await tabA.context().close();
  await tabB.context().close();
});

test('reassessment: a rejected answer changes twice, its history shows the remark, submit confirms and stays read-only', async ({ browser }) => {
  const assessmentId = await shareAssessment(browser, `Reassess Audit ${attemptSuffix()}`, ['shortAnswer', 'yesNo']);
  const page = await signedIn(browser, CONTRACTOR);
  const noConsoleErrors = watchConsole(page);
  const r = await start(page, assessmentId);
  const [short, yesNo] = r.sections[0]?.questions ?? [];
  if (!short || !yesNo) throw new Error('the assessment lacks its questions');
  const sectionId = r.sections[0]?._id ?? '';
  const save = (request: APIRequestContext, questions: unknown[], extra: object = {}) =>
    call<Response>(request, `${R}/updateSectionInResponse`, { assesRespId: r._id, sectionId, responseData: { questions, ...extra } });
  await save(page.request, [
    { _id: short._id, answer: { text: 'Checked monthly' } },
    { _id: yesNo._id, answer: { yesNo: 'YES' } },
  ]);
  await call(page.request, `${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' });

  // The auditor rejects the short answer with a remark and asks for a reassessment.
  const auditor = await signedIn(browser, 'auditor1@demo.test');
  await save(auditor.request, [
    { _id: short._id, assessStatus: 'REJECTED', remarks: 'Name who checks it' },
    { _id: yesNo._id, assessStatus: 'ACCEPTED' },
  ]);
  await call(auditor.request, `${R}/changeResponseStatus`, { responseId: r._id, status: 'REASSESSMENT' });
  await auditor.context().close();

  await page.goto(checklistUrl(r));
  const question = page.locator('[data-question]').first();
  const input = question.locator('[data-answer-type]').first();
  await expect(input).toBeEditable();
  await expect(page.locator('[data-question]').nth(1).getByRole('radio', { name: 'Yes' })).toBeDisabled();
  // The remark's history: who rejected, when, why.
  await question.getByRole('button', { name: 'History of question 1' }).click();
  const history = question.getByRole('list', { name: 'History of question 1' });
  await expect(history).toContainText(/Rejected by .+ on \d{2}\/\d{2}\/\d{4}/);
  await expect(history).toContainText('Name who checks it');
  await expectAccessible(page);
  await shot(page, 'journey-reassessment-history-1280');

  // Changed and saved, then changed again: still editable after the first save.
  await input.fill('Checked monthly by the site supervisor');
  await expect(page.getByRole('status', { name: 'Save state of question 1' })).toHaveText('Saved');
  await expect(input).toBeEditable();
  await input.fill('Checked monthly by the site supervisor, J. Smith');
  await expect(page.getByRole('status', { name: 'Save state of question 1' })).toHaveText('Saved');

  // Submit, after a confirmation that says what is sent.
  await page.goto(categoriesUrl(r));
  await page.getByRole('button', { name: 'Submit' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit the response?' });
  await expect(confirm).toContainText('2 of 2 questions answered');
  await expect(confirm).toContainText('0 files attached');
  await expect(confirm).toContainText('0 of 1 rejected answers unchanged');
  await expectAccessible(page);
  await shot(page, 'journey-submit-confirm-1280');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Response submitted for assessment')).toBeVisible();
  // From REASSESSMENT the page stays, now read-only (spec §4).
  await expect(page).toHaveURL(categoriesUrl(r));
  await expect(page.getByText('Submitted: this response is now read-only.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
  await page.goto(checklistUrl(r));
  await expect(input).not.toBeEditable();
  await expect(input).toHaveValue('Checked monthly by the site supervisor, J. Smith');
  // The history survives the resubmit.
  await question.getByRole('button', { name: 'History of question 1' }).click();
  await expect(question.getByRole('list', { name: 'History of question 1' })).toContainText('Name who checks it');
  noConsoleErrors();
});

test('a deep link opened while signed out comes back after sign-in; another site does not', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Were the link followed, the browser would land on this page (and the check below would fail).
  await context.route(/^https?:\/\/evil\.example\//, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>evil</p>' }));
  const page = await context.newPage();
  await page.goto('/atgl/Contractor/Assessment?from=mail');
  await expect(page).toHaveURL(/\/\?next=/);
  await page.getByLabel('Email Address').fill(CONTRACTOR);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/atgl/Contractor/Assessment?from=mail');
  await expect(page.getByRole('list', { name: 'Assessments' })).toBeVisible();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');

  // Another site is not followed, whether written protocol-relative or absolute, even with a
  // path of the contractor's own group: the contractor lands on its home of this portal. (Another
  // group's page cannot be told apart here: the shell's guard sends it home anyway; the unit tests
  // of returnPath and LoginPage cover it.)
  const origin = new URL(page.url()).origin;
  for (const next of ['//evil.example/atgl/Contractor/dashboard', 'https://evil.example/atgl/Contractor/dashboard']) {
    await page.goto(`/?next=${encodeURIComponent(next)}`);
    await page.getByLabel('Email Address').fill(CONTRACTOR);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/atgl/Contractor/dashboard');
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
    expect(page.url(), next).toBe(`${origin}/atgl/Contractor/dashboard`);
    await shot(page, `deep-link-foreign-next-${next.startsWith('//') ? 'relative' : 'absolute'}-1280`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/');
  }
  await context.close();
});

test('a server error on opening a response offers a retry; a missing one says not found', async ({ browser }) => {
  const page = await signedIn(browser, CONTRACTOR);
  let fail = true;
  await page.route('**/api/assessment/responses/getResponseById', async (route) => {
    if (fail) {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 500, message: 'Internal error', data: null }) });
    } else {
      await route.continue();
    }
  });
  await page.goto('/atgl/Contractor/Assessment');
  const card = page.locator('article.assessment-card.pending').first();
  await card.getByRole('link', { name: /^View / }).click();
  // The Error dialog says it, and so does the page, with a retry (not "not found").
  const dialog = page.getByRole('dialog', { name: 'Error' });
  await expect(dialog).toContainText('Error in fetching assessment');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page.locator('main').getByText('Error in fetching assessment', { exact: true })).toBeVisible();
  await expect(page.getByText('This response was not found.')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'journey-fetch-error-1280');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('list', { name: 'Categories of the assessment' })).toBeVisible();
  await page.unroute('**/api/assessment/responses/getResponseById');

  await page.goto('/atgl/Contractor/assessment/no-such-response/categories');
  await expect(page.getByText('This response was not found.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await page.context().close();
});
