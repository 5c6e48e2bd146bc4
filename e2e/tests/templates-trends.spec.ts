import { expect, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  attemptSuffix,
  call,
  createSharedAssessment,
  expectAccessible,
  expectNoSideScroll,
  organisationIdOf,
  shot,
  signedInContext,
} from '../support/helpers';

/**
 * Issue 58, templates and trends: the organisation duplicates an assessment (every section
 * setting kept, the copy NEW and shared with nobody), adds a starter set to its question bank
 * (a second add adds nothing), and opens a contractor's trend page from the leaderboard and from
 * the users list: its score per round as a line chart, its E-S-G-O per round and its open items.
 * The contractor sees its own trend on its home.
 */
const ADMIN = 'admin@demo.test';
const CONTRACTOR = 'contractor1@demo.test';
/** A company of the demo's two years of monthly checks (seed/demo-dashboards.ts): many rounds. */
const HISTORY_COMPANY = 'Granite Civil Engineering';
/** The starter set this scenario adds: its categories sort after the demo's first two (others' assessments use those). */
const SET = 'HSE pre-qualification';

interface SectionSettings {
  category: { id: string } | string;
  totalMarks: number;
  factors: Record<string, boolean>;
  questions: { question: { _id: string } | string; questType: unknown }[];
}
interface Assessment {
  _id: string;
  name: string;
  status: string;
  contractors: string[];
  sections: (SectionSettings & { _id: string })[];
}

const settingsOf = (a: Assessment) =>
  a.sections.map((s) => ({ category: s.category, totalMarks: s.totalMarks, factors: s.factors, questions: s.questions.map((q) => ({ question: q.question, questType: q.questType })) }));

const read = (page: Page, assessmentId: string) =>
  call<Assessment>(page, '/api/assessment/getAssessmentById', { assessmentId, include: { sections_category: true, sections_questions_question: true } });

test('templates: the organisation duplicates an assessment and adds a starter set to its question bank', async ({ browser }) => {
  const sfx = attemptSuffix();
  const admin = await signedInContext(browser, ADMIN);
  const page = admin.page;
  // An assessment of its own (three answer types, two sections with their own factors), not started.
  const sourceId = await createSharedAssessment(page, {
    name: `Template source ${sfx}`,
    contractorEmail: CONTRACTOR,
    answerTypes: ['yesNo', 'multiChoice', 'numeric'],
  });
  const source = await read(page, sourceId);

  // ---------------------------------------------------------------- Duplicate, from the Assessments modal
  await page.goto('/sapphire/Assessment');
  await page.getByRole('button', { name: 'Assessments', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Assessments' });
  const row = modal.getByTestId('unanswered-assessment').filter({ hasText: `Template source ${sfx}` });
  await row.getByRole('button', { name: `Duplicate Template source ${sfx}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Duplicate assessment' });
  const name = dialog.getByLabel('Name of the new assessment');
  await expect(name).toHaveValue(`Template source ${sfx} (copy)`);
  await expectAccessible(page);
  await shot(page, 'templates-duplicate-dialog-1280');
  await name.fill(`Template copy ${sfx}`);
  await dialog.getByRole('button', { name: 'Duplicate and open' }).click();
  await expect(page.getByText('Assessment duplicated successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/sapphire\/editAssessment\//);
  const copyId = decodeURIComponent(page.url().split('/editAssessment/')[1] ?? '');
  await expect(page.getByLabel('Name of Assessment')).toHaveValue(`Template copy ${sfx}`);
  const copy = await read(page, copyId);
  expect(copy).toMatchObject({ name: `Template copy ${sfx}`, status: 'NEW', contractors: [] });
  expect(settingsOf(copy)).toEqual(settingsOf(source));
  expect(copy.sections.map((s) => s._id)).not.toEqual(source.sections.map((s) => s._id));

  // ---------------------------------------------------------------- the starter library
  await page.goto('/sapphire/Assessment');
  await page.getByRole('link', { name: 'Starter library' }).click();
  await expect(page).toHaveURL('/sapphire/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Starter library' })).toBeVisible();
  const sets = page.getByTestId('starter-set');
  await expect(sets).toHaveCount(3);
  const hse = sets.filter({ has: page.getByRole('heading', { name: SET }) });
  await hse.getByRole('button', { name: 'Preview' }).click();
  const preview = hse.getByRole('region', { name: `Questions of ${SET}` });
  await expect(preview.getByText('Which management system certificates do you currently hold?')).toBeVisible();
  await expect(preview.getByText('Suggested answer: Checkboxes · Choices: ISO 45001, ISO 14001, ISO 9001, None')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'templates-starter-library-1280');

  const companyId = await organisationIdOf(page);
  const bank = () => call<{ questText: string }[]>(page, '/api/assessment/questions/getQuestionsByCompanyId', { companyId });
  // A retry of this scenario on the same server finds the set added by the first attempt.
  const add = hse.getByRole('button', { name: `Add ${SET} to my question bank` });
  if (await add.isVisible()) {
    await add.click();
    await expect(page.getByText(`${SET} added to your question bank: 3 categories and 14 questions`)).toBeVisible();
  }
  await expect(hse.getByRole('button', { name: 'Added' })).toBeDisabled();
  await expect(hse.getByText('In your question bank')).toBeVisible();
  const once = (await bank()).filter((q) => q.questText.startsWith('Do you have a written health, safety and environmental policy'));
  expect(once).toHaveLength(1);
  // One click more (the call again, as a double click's second would be): nothing is added.
  const again = await page.request.post('/api/templates/addStarterSet', { data: { companyId, setId: 'hse-prequalification' } });
  expect(((await again.json()) as { message: string }).message).toBe(`${SET} is already in your question bank`);
  expect((await bank()).filter((q) => q.questText.startsWith('Do you have a written health, safety and environmental policy'))).toHaveLength(1);

  // 390 px: the library and the dialog fit the phone.
  const phone = await signedInContext(browser, ADMIN, { width: 390 });
  await phone.page.goto('/sapphire/templates');
  await expect(phone.page.getByTestId('starter-set')).toHaveCount(3);
  await phone.page.getByTestId('starter-set').first().getByRole('button', { name: 'Preview' }).click();
  await expectNoSideScroll(phone.page);
  await expectAccessible(phone.page);
  await shot(phone.page, 'templates-starter-library-390');
  await phone.page.goto(`/sapphire/editAssessment/${encodeURIComponent(copyId)}`);
  await phone.page.getByRole('button', { name: `Duplicate Template copy ${sfx}` }).click();
  await expect(phone.page.getByRole('dialog', { name: 'Duplicate assessment' })).toBeVisible();
  await expectNoSideScroll(phone.page);
  await shot(phone.page, 'templates-duplicate-dialog-390');
  await phone.page.getByRole('button', { name: 'Cancel' }).click();

  // Leave nothing of this scenario in the Assessments modal for the others.
  await call(page, '/api/assessment/deleteAssessment', { assessmentId: copyId });
  await call(page, '/api/assessment/deleteAssessment', { assessmentId: sourceId });
  phone.done();
  admin.done();
  await phone.close();
  await admin.close();
});

test("trends: a contractor's page from the leaderboard and the users list; the contractor's own trend on its home", async ({ browser }) => {
  const admin = await signedInContext(browser, ADMIN);
  const page = admin.page;
  // From the leaderboard of the Engagement page.
  await page.goto('/sapphire/engagement');
  await page.getByRole('table', { name: 'Leaderboard' }).getByRole('link', { name: HISTORY_COMPANY }).click();
  await expect(page).toHaveURL(/\/sapphire\/contractors\//);
  await expect(page.getByRole('heading', { level: 1, name: `${HISTORY_COMPANY}: trend` })).toBeVisible();
  const contractorId = decodeURIComponent(page.url().split('/contractors/')[1] ?? '');
  const trend = await call<{ points: { label: string; percent: number | null }[] }>(page, '/api/trends/getContractorTrend', { contractorId });
  expect(trend.points.length).toBeGreaterThanOrEqual(2);
  const chart = page.getByTestId('score-trend-chart');
  await expect(chart.locator('svg').first()).toBeVisible();
  const first = trend.points[0];
  const last = trend.points.at(-1);
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`${first?.label ?? ''}: ${first?.percent ?? ''}%`));
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`${last?.label ?? ''}: ${last?.percent ?? ''}%`));
  // The table holds one row a round, newest first.
  const rows = page.getByRole('table', { name: 'Score per round' }).locator('tbody tr');
  await expect(rows).toHaveCount(trend.points.length);
  await expect(rows.first()).toContainText(`${last?.percent ?? ''}%`);
  await expect(page.getByTestId('esgo-trend-chart').locator('svg').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open items' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Rejected questions \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Open observations \(\d+\)$/ })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'trends-contractor-page-1280');

  // From the users list: the same page.
  await page.goto(`/sapphire/companies?q=${encodeURIComponent('Granite')}`);
  await page.getByRole('link', { name: `Trend of ${HISTORY_COMPANY}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${HISTORY_COMPANY}: trend` })).toBeVisible();

  // From the overview: contractor1's name on its response cards.
  await page.goto('/sapphire/Assessment');
  await page.getByRole('link', { name: 'North Sea Scaffolding' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'North Sea Scaffolding: trend' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Score per round' }).locator('tbody tr')).not.toHaveCount(0);
  // A line from two completed rounds on; one (the demo's) is said in words (other scenarios may complete more).
  await expect(page.getByTestId('score-trend-chart').locator('svg').first().or(page.getByTestId('trend-one-round')).first()).toBeVisible();
  await shot(page, 'trends-contractor-page-few-rounds-1280');

  // 390 px.
  const phone = await signedInContext(browser, ADMIN, { width: 390 });
  await phone.page.goto(`/sapphire/contractors/${encodeURIComponent(contractorId)}`);
  await expect(phone.page.getByTestId('score-trend-chart').locator('svg').first()).toBeVisible();
  await expect(phone.page.getByRole('heading', { name: 'Open items' })).toBeVisible();
  await expectNoSideScroll(phone.page);
  await expectAccessible(phone.page);
  await shot(phone.page, 'trends-contractor-page-390');

  // The contractor's own trend on its home (a card below the others, loaded after the first paint).
  const contractor = await signedInContext(browser, CONTRACTOR, { width: 390 });
  const card = contractor.page.getByRole('region', { name: 'My trend' });
  await card.scrollIntoViewIfNeeded().catch(() => undefined);
  await expect(card.getByTestId('score-trend-chart').locator('svg').first().or(card.getByTestId('trend-one-round')).first()).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/^Latest: /)).toBeVisible();
  await expectNoSideScroll(contractor.page);
  await expectAccessible(contractor.page);
  await shot(contractor.page, 'trends-contractor-home-390');
  // Another contractor's trend is not its to read.
  const theirs = await contractor.page.request.post('/api/trends/getContractorTrend', { data: { contractorId } });
  expect(theirs.status()).toBe(404);

  contractor.done();
  phone.done();
  admin.done();
  await contractor.close();
  await phone.close();
  await admin.close();
});
