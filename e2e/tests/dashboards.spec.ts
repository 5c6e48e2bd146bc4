import { expect, type Browser, type Page } from '@playwright/test';
import { serverUrl, test } from '../support/fixtures';
import { expectAccessible, organisationIdOf, shot, signIn, watchConsole, expectNoSideScroll } from '../support/helpers';

const ADMIN = 'admin@demo.test';
const CONTRACTOR = 'contractor1@demo.test';
const AUDITOR = 'auditor1@demo.test';
// Several signed-in sessions and charts a test: slower than the default minute on a shared machine.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A signed-in page of its own browser context at the given width. */
async function session(browser: Browser, email: string, width = 1280): Promise<{ page: Page; done: () => void; close: () => Promise<void> }> {
  const context = await browser.newContext({ baseURL: serverUrl(), viewport: { width, height: 900 } });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  return { page, done, close: () => context.close() };
}

/** The month `back` months before this one: its year, month (1–12) and days. */
function monthBack(back: number): { year: number; month: number; from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  return { year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** The overall percent of a period as the server's rows give it (sum scored / sum total, 2 decimals). */
async function periodPercent(page: Page, period: { from: string; to: string }): Promise<string> {
  const reply = await page.request.post('/api/assessment/responses/getCapPerformanceData', { data: { from: period.from, to: period.to } });
  expect(reply.status()).toBe(200);
  const rows = ((await reply.json()) as { data: { scored: number; total: number }[] }).data;
  const scored = rows.reduce((n, r) => n + r.scored, 0);
  const total = rows.reduce((n, r) => n + r.total, 0);
  expect(total).toBeGreaterThan(0);
  return `${Math.round((scored / total) * 10000) / 100}%`;
}

async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

test('the organisation compares two periods, then opens the red contractors from the home', async ({ browser }) => {
  const { page, done, close } = await session(browser, ADMIN);
  await expect(page).toHaveURL('/sapphire/Dashboard');
  await expect(page.getByRole('heading', { level: 2, name: 'E-S-G-O Performance' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Performance chart/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^E-S-G-O Performance chart/ })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Leaderboard' }).getByRole('row')).toHaveCount(6);
  await page.getByRole('button', { name: 'View all' }).first().click();
  await expect(page.getByRole('table', { name: 'Leaderboard' }).getByRole('row')).not.toHaveCount(6);
  await page.getByRole('button', { name: 'View Less' }).first().click();
  await shot(page, 'dashboards-organisation-home-1280');
  await expectAccessible(page);

  // Compare: Compare stays disabled until both periods have a month and a year.
  const a = monthBack(12);
  const b = monthBack(1);
  await page.getByRole('button', { name: 'Compare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare two periods' });
  const run = dialog.getByRole('button', { name: 'Compare' });
  await expect(run).toBeDisabled();
  const one = dialog.getByRole('group', { name: 'Period 1' });
  const two = dialog.getByRole('group', { name: 'Period 2' });
  await choose(page, one, /^Month/, MONTHS[a.month - 1] ?? '');
  await choose(page, one, /^Year/, String(a.year));
  await expect(run).toBeDisabled();
  await choose(page, two, /^Month/, MONTHS[b.month - 1] ?? '');
  await choose(page, two, /^Year/, String(b.year));
  await expect(run).toBeEnabled();
  await shot(page, 'dashboards-compare-popover-1280');
  await expectAccessible(page);
  await run.click();

  await expect(page.getByTestId('compare-period-1-percent')).toHaveText(await periodPercent(page, a));
  await expect(page.getByTestId('compare-period-2-percent')).toHaveText(await periodPercent(page, b));
  await expect(page.getByTestId('compare-difference')).toContainText('Overall');
  await shot(page, 'dashboards-compare-mode-1280');
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('compare-period-1')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Month' })).toBeVisible();

  // The red count leads to the Details filtered to the red contractors.
  const redCount = Number(await page.getByTestId('band-count-red').textContent());
  await page.getByRole('link', { name: 'View Red Score' }).click();
  await expect(page).toHaveURL('/sapphire/engagement?band=red');
  const details = page.getByRole('table', { name: 'Details: Red Score' });
  await expect(details).toBeVisible();
  const rows = details.locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(redCount, 4));
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-band', 'red');
  await shot(page, 'dashboards-engagement-red-1280');
  await expectAccessible(page);
  done();
  await close();
});

test('a contractor sees its rank, the other contractors anonymised', async ({ browser }) => {
  for (const width of [1280, 390]) {
    const { page, done, close } = await session(browser, CONTRACTOR, width);
    await expect(page).toHaveURL('/atgl/Contractor/dashboard');
    const org = await organisationIdOf(page);
    const board = (await (await page.request.get(`/api/admin/leaderboard?cmp_id=${org}`)).json()) as { data: { result: { rank: number; own: boolean }[] } };
    const own = board.data.result.find((r) => r.own);
    expect(own).toBeDefined();
    await expect(page.getByTestId('own-rank')).toHaveText(`Your rank: ${own?.rank} of ${board.data.result.length}`);
    await shot(page, `dashboards-contractor-home-${width}`);
    await expectNoSideScroll(page);

    await page.goto('/atgl/Contractor/engagement');
    const table = page.getByRole('table', { name: 'Leaderboard' });
    await expect(table.getByRole('row', { name: /North Sea Scaffolding \(you\)/ })).toBeVisible();
    const names = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names.filter((n) => !n.includes('(you)'))) expect(name).toMatch(/^Contractor #\d+ ?$/);
    await expect(page.getByRole('table', { name: 'Details' }).locator('tbody tr')).toHaveCount(1);
    await shot(page, `dashboards-contractor-engagement-${width}`);
    await expectAccessible(page);
    await expectNoSideScroll(page);
    done();
    await close();
  }
});

test('the homes and Engagement fit a phone; the auditor sees its bands and leaderboard', async ({ browser }) => {
  const admin = await session(browser, ADMIN, 390);
  await expect(admin.page.getByRole('img', { name: /^Overall Assessments chart/ })).toBeVisible();
  await expectNoSideScroll(admin.page);
  await shot(admin.page, 'dashboards-organisation-home-390');
  await expectAccessible(admin.page);
  await admin.page.goto('/sapphire/engagement');
  await expect(admin.page.getByRole('table', { name: 'Details' }).locator('tbody tr')).toHaveCount(4);
  await admin.page.getByRole('button', { name: 'View All' }).click();
  await expect(admin.page.getByRole('table', { name: 'Details' }).locator('tbody tr')).not.toHaveCount(4);
  await expectNoSideScroll(admin.page);
  await shot(admin.page, 'dashboards-organisation-engagement-390');
  await expectAccessible(admin.page);
  admin.done();
  await admin.close();

  const auditor = await session(browser, AUDITOR);
  await expect(auditor.page).toHaveURL('/auditor/dashboard');
  await expect(auditor.page.getByRole('list', { name: 'Score bands' })).toBeVisible();
  // The card's top 5 is a page from the server; View all asks for the whole leaderboard.
  const card = auditor.page.getByRole('table', { name: 'Leaderboard' });
  await expect(card.locator('tbody tr')).toHaveCount(5);
  await shot(auditor.page, 'dashboards-auditor-home-1280');
  await expectAccessible(auditor.page);
  const whole = (await (await auditor.page.request.get(`/api/admin/leaderboard?cmp_id=${await organisationIdOf(auditor.page)}`)).json()) as { data: { result: { name: string }[] } };
  const ranked = whole.data.result.length;
  expect(ranked).toBeGreaterThan(5);
  await auditor.page.locator('.MuiCard-root', { has: card }).getByRole('button', { name: 'View all' }).click();
  await expect(card.locator('tbody tr')).toHaveCount(ranked);
  // The Engagement table asks the server for its first page of 10 (the demo ranks fewer).
  const firstPage = auditor.page.waitForRequest((r) => /\/api\/admin\/leaderboard\?cmp_id=[^&]+&page=1&pageSize=10$/.test(r.url()));
  await auditor.page.getByRole('link', { name: 'Engagement' }).click();
  await expect(auditor.page).toHaveURL('/auditor/engagement');
  await firstPage;
  const board = auditor.page.getByRole('table', { name: 'Leaderboard' });
  await expect(board.locator('tbody tr')).toHaveCount(Math.min(ranked, 10));
  await expect(auditor.page.getByText(`1–${Math.min(ranked, 10)} of ${ranked}`)).toBeVisible();
  await expect(board.locator('tbody tr').first().locator('td').nth(1)).toHaveText(whole.data.result[0]?.name ?? '');
  await shot(auditor.page, 'dashboards-auditor-engagement-1280');
  auditor.done();
  await auditor.close();
});
