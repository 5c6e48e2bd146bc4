import { expect, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { attemptSuffix, call, createSharedAssessment, expectAccessible, shot, signedInContext, expectNoSideScroll } from '../support/helpers';

/**
 * Issue 56, history and activity a person can read: an auditor accepts the questions of a
 * section and scores it; the organisation's response history and its Activity page say so in a
 * sentence ("Accepted 2 questions, scored 8/10 in …"), the fields behind Details by name; a
 * seeded response has its history; the Activity page's From and To take DD/MM/YYYY.
 */
const CONTRACTOR = 'contractor1@demo.test';
const AUDITOR = 'auditor1@demo.test';
const AUDITOR_NAME = 'Safeguard Inspections';
const ADMIN = 'admin@demo.test';
const R = '/api/assessment/responses';

interface ResponseData {
  _id: string;
  sections: { _id: string; category: { name: string }; questions: { _id: string }[] }[];
}

/** Types a day (DD/MM/YYYY, without the slashes) into the MUI X date field labelled `label`. */
async function typeDay(page: Page, label: string, day: Date): Promise<void> {
  await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
  await page.keyboard.type(ddmmyyyy(day).replaceAll('/', ''));
}

const ddmmyyyy = (d: Date) => `${String(d.getDate()).padStart(2, '0')}/${String(d.getMonth() + 1).padStart(2, '0')}/${d.getFullYear()}`;

/** No raw internals in what a person reads. */
function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/\{"|"id"|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}|\b(SUBMITTED|COMPLETED|ACCEPTED)\b|type: \d|Response: (review section|change status)/);
}

test('an auditor accepts and scores; the response history and the Activity page say so in a sentence; DD/MM/YYYY From and To', async ({ browser }) => {
  const name = `History Audit ${attemptSuffix()}`;
  const admin = await signedInContext(browser, ADMIN);
  const assessmentId = await createSharedAssessment(admin.page, { name, contractorEmail: CONTRACTOR, sections: 1, answerTypes: ['yesNo', 'yesNo'] });

  // The contractor answers both questions and submits (through the API: not what is tested here).
  const contractor = await signedInContext(browser, CONTRACTOR);
  const me = ((await (await contractor.page.request.get('/api/auth/me')).json()) as { data: { _id: string } }).data;
  const r = await call<ResponseData>(contractor.page, `${R}/createResponseForContractor`, { assessmentId, contractor: { contractorId: me._id } });
  const section = r.sections[0];
  if (!section) throw new Error('the assessment lacks its section');
  const category = section.category.name;
  await call(contractor.page, `${R}/updateSectionInResponse`, {
    assesRespId: r._id,
    sectionId: section._id,
    responseData: { questions: section.questions.map((q) => ({ _id: q._id, answer: { yesNo: 'YES' } })) },
  });
  await call(contractor.page, `${R}/changeResponseStatus`, { responseId: r._id, status: 'SUBMITTED' });
  contractor.done();
  await contractor.page.context().close();

  // The auditor accepts both questions and scores the section 8 of 10, on its screen.
  const auditor = await signedInContext(browser, AUDITOR);
  const a = auditor.page;
  await a.goto(`/auditor/assessment/${r._id}/categories`);
  await a.getByRole('list', { name: 'Categories of the assessment' }).getByRole('link', { name: category }).click();
  await expect(a.getByRole('heading', { level: 1, name: category })).toBeVisible();
  const questions = a.locator('[data-question]');
  await expect(questions).toHaveCount(2);
  for (let i = 0; i < 2; i += 1) await questions.nth(i).getByRole('radio', { name: 'Accept' }).check();
  await a.getByRole('textbox', { name: `Score of ${category}` }).fill('8');
  await a.getByRole('button', { name: 'Save' }).click();
  await expect(a.getByText('Your response is saved')).toBeVisible();
  auditor.done();
  await a.context().close();

  const sentence = `Accepted 2 questions, scored 8/10 in ${category}`;
  // The organisation's response page: its history says it, newest first, with who did it.
  const o = admin.page;
  await o.goto(`/sapphire/Cap_AssesmentView/${r._id}`);
  const history = o.getByRole('list', { name: 'History' });
  const judged = history.getByRole('listitem').filter({ hasText: sentence });
  await expect(judged).toHaveCount(1);
  await expect(judged).toContainText(`${AUDITOR_NAME} (Auditor)`);
  await expect(history.getByRole('listitem').filter({ hasText: 'Submitted the response' })).toHaveCount(1);
  await expect(history.getByRole('listitem').filter({ hasText: 'Saved 2 answers; 1 of 1 section complete' })).toHaveCount(1);
  await expect(history.getByRole('listitem').filter({ hasText: 'Started the response (2 questions in 1 section)' })).toHaveCount(1);
  await expect(history.getByRole('listitem').first()).toContainText(sentence);
  // Details: field and value lines, by name.
  await judged.getByText('Details').click();
  await expect(judged).toContainText('Score: — → 8');
  await expect(judged).toContainText('Total marks: 10');
  expectNoInternals((await history.textContent()) ?? '');
  await expect(o.getByText('No history yet')).toHaveCount(0);
  await history.scrollIntoViewIfNeeded();
  await expectAccessible(o);
  await shot(o, 'edges-history-response-1280');

  // The Activity page: the auditor's row is the same sentence.
  await o.goto('/sapphire/activity');
  await o.getByLabel('Person').selectOption({ label: `${AUDITOR_NAME} (Auditor)` });
  const rows = o.getByTestId('activity-row');
  const row = rows.filter({ hasText: sentence });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: new RegExp(`^Open Response: ${sentence}`) })).toHaveAttribute('href', `/sapphire/Cap_AssesmentView/${r._id}`);
  await row.getByText('Details').click();
  await expect(row).toContainText('Section: ' + category);
  expectNoInternals((await o.getByRole('table', { name: 'Activity' }).textContent()) ?? '');

  // From and To: DD/MM/YYYY pickers. Today keeps the row; from tomorrow there is none; a To before
  // the From says so.
  const today = new Date();
  const tomorrow = new Date(today.getTime() + 86_400_000);
  await typeDay(o, 'From', today);
  await typeDay(o, 'To', today);
  await expect(o.locator('#activity-from')).toHaveValue(ddmmyyyy(today));
  await expect(o.locator('#activity-to')).toHaveValue(ddmmyyyy(today));
  await expect(row).toHaveCount(1);
  await expectAccessible(o);
  await shot(o, 'edges-history-activity-1280');
  await typeDay(o, 'From', tomorrow);
  await expect(o.locator('#activity-from')).toHaveValue(ddmmyyyy(tomorrow));
  await expect(o.getByText('To must not be before From')).toBeVisible();
  await o.getByRole('button', { name: 'Clear filters' }).click();
  await expect(o.locator('#activity-from')).toHaveValue('');
  await o.getByLabel('Person').selectOption({ label: `${AUDITOR_NAME} (Auditor)` });
  await typeDay(o, 'From', tomorrow);
  await expect(o.getByText('No activity matches these filters')).toBeVisible();
  admin.done();
  await o.context().close();

  // At 390 px: the Activity page's cards and the response's history, the sentence on each.
  const phone = await signedInContext(browser, ADMIN, { width: 390 });
  const p = phone.page;
  await p.goto('/sapphire/activity');
  await p.getByLabel('Person').selectOption({ label: `${AUDITOR_NAME} (Auditor)` });
  const card = p.getByTestId('activity-item').filter({ hasText: sentence });
  await expect(card).toHaveCount(1);
  await card.getByText('Details').click();
  await expect(card).toContainText('Score: — → 8');
  await expectNoSideScroll(p);
  await expectAccessible(p);
  await shot(p, 'edges-history-activity-390');
  await p.goto(`/sapphire/Cap_AssesmentView/${r._id}`);
  const phoneHistory = p.getByRole('list', { name: 'History' });
  await expect(phoneHistory.getByRole('listitem').filter({ hasText: sentence })).toHaveCount(1);
  await phoneHistory.scrollIntoViewIfNeeded();
  await expectNoSideScroll(p);
  await expectAccessible(p);
  await shot(p, 'edges-history-response-390');
  phone.done();
  await p.context().close();
});

test('a seeded response shows its history beside its timeline, not "No history yet"', async ({ browser }) => {
  const admin = await signedInContext(browser, ADMIN);
  const o = admin.page;
  const me = await o.request.get('/api/auth/me');
  const companyId = ((await me.json()) as { data: { cmp_id: string } }).data.cmp_id;
  const completed = await call<{ items: { _id: string; contractorName: string; assessment: { name: string } }[] }>(o, `${R}/getResponsesByCompanyIds`, {
    companyIds: [companyId],
    status: 'COMPLETED',
    sort: 'OTN',
    pageSize: 200,
  });
  // The demo's Environmental Compliance Review, completed by contractor1 (seed/demo-responses.ts).
  const seeded = completed.items.find((x) => x.assessment.name === 'Environmental Compliance Review');
  if (!seeded) throw new Error('the demo seed lacks its completed Environmental Compliance Review');
  await o.goto(`/sapphire/Cap_AssesmentView/${seeded._id}`);
  const history = o.getByRole('list', { name: 'History' });
  await expect(history.getByRole('listitem').first()).toContainText(/Completed the response, scored \d+\/\d+/);
  await expect(history.getByRole('listitem').filter({ hasText: 'Submitted the response' })).toHaveCount(1);
  await expect(history.getByRole('listitem').filter({ hasText: /Accepted \d+ questions?, scored \d+\/\d+ in / }).first()).toBeVisible();
  await expect(o.getByText('No history yet')).toHaveCount(0);
  expectNoInternals((await history.textContent()) ?? '');
  await history.scrollIntoViewIfNeeded();
  await expectAccessible(o);
  await shot(o, 'edges-history-seeded-1280');
  admin.done();
  await o.context().close();
});
