import fs from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { DEMO_PASSWORD, attemptSuffix, expectAccessible, shot, signIn, watchConsole, expectNoSideScroll } from '../support/helpers';

/** A 1×1 PNG: the server checks a photo by its bytes, not its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface Created {
  _id: string;
  srno: number;
}

/** Signs in through the API only (employees have no web shell) and reports an observation. */
async function reportAs(
  request: APIRequestContext,
  email: string,
  fields: { category: string; description: string; reportedAt: string },
): Promise<Created> {
  const signedIn = await request.post('/api/auth/signIn', { data: { email, password: DEMO_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  const reply = await request.post('/api/observation/createObservation', {
    multipart: { ...fields, location: 'Pipe yard', photo: { name: 'site.png', mimeType: 'image/png', buffer: PNG } },
  });
  const json = (await reply.json()) as { message: string; data: Created };
  expect(reply.status(), json.message).toBe(200);
  return json.data;
}

/** Types a day into an MUI X date field (DD/MM/YYYY sections). */
async function typeDay(page: Page, label: string, day: Date): Promise<void> {
  const group = page.getByRole('group', { name: label }).first();
  await group.getByRole('spinbutton').first().click();
  const dd = String(day.getDate()).padStart(2, '0');
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  await page.keyboard.type(`${dd}${mm}${day.getFullYear()}`);
}

const daysAgo = (n: number) => {
  const d = new Date();
  d.setHours(10, 15, 0, 0);
  d.setDate(d.getDate() - n);
  return d;
};

test('the organisation picks a range, accepts a submitted report with a comment, then sees it read-only', async ({ page, playwright, baseURL }) => {
  const sfx = attemptSuffix();
  const description = `Unsecured ladder at bay ${sfx}`;
  // Reported 45 days ago: outside the default range (this month) until the range is picked.
  const when = daysAgo(45);
  const field = await playwright.request.newContext({ baseURL });
  const created = await reportAs(field, 'employee1@demo.test', { category: 'Unsafe Condition', description, reportedAt: when.toISOString() });
  await field.dispose();

  const noConsoleErrors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin@demo.test');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Observation' }).click();
  await expect(page).toHaveURL(/\/sapphire\/observation/);
  await expect(page.getByRole('heading', { level: 1, name: 'Observation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Monthly Reporting' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Companies' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Observation Details' });
  await expect(table).toBeVisible();
  await expect(table.getByText(description)).toHaveCount(0);

  const bar = page.getByRole('banner');
  await expect(bar.getByRole('group', { name: 'Start Date' })).toBeVisible();
  // Pick the report's day as the whole range in the top bar.
  await typeDay(page, 'Start Date', when);
  await typeDay(page, 'End Date', when);
  const iso = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}`;
  await expect(page).toHaveURL(new RegExp(`start=${iso}&end=${iso}`));
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '20' }).click();
  const row = table.getByRole('row').filter({ hasText: description });
  await expect(row).toBeVisible();
  await expect(row.getByText('Submitted')).toBeVisible();
  await expect(row.getByText(when.toLocaleDateString('en-GB').replace(/\//g, '-'))).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'observations-organisation-1280');

  // The admin exports the range as CSV: this attempt's report is in it.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = fs.readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('Sr.No,Activity,Category,Date,Time,Reported By,Company,Description,Status');
  expect(csv).toContain(description);

  await row.getByRole('link', { name: `Edit activity ${created.srno}` }).click();
  await expect(page).toHaveURL(new RegExp(`/sapphire/ViewObservation\\?id=${created._id}`));
  await expect(page.getByRole('heading', { name: `Activity No. ${created.srno}` })).toBeVisible();
  await expect(page.getByText('Full Name')).toBeVisible();
  await expect(page.getByText('Jamie Watt')).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of activity ${created.srno}` })).toBeVisible();
  // A reload keeps the page (the id is in the URL).
  await page.reload();
  await expect(page.getByRole('heading', { name: `Activity No. ${created.srno}` })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'observations-view-1280');

  await page.getByRole('combobox', { name: 'Action Taken' }).click();
  await page.getByRole('option', { name: 'Accept' }).click();
  await page.getByLabel('Write your comment').fill(`Ladder tied off and tagged (${sfx})`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Status has been updated.')).toBeVisible();
  await expect(page).toHaveURL(/\/sapphire\/observation/);

  // Read-only afterwards, with the comment kept and the accept time in words.
  await page.goto(`/sapphire/OnlyViewObservation?id=${created._id}`);
  await expect(page.getByRole('heading', { name: `Activity No. ${created.srno}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Action Taken' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByLabel('Write your comment')).toHaveValue(`Ladder tied off and tagged (${sfx})`);
  await expect(page.getByLabel('Write your comment')).toBeDisabled();
  await expect(page.getByLabel('Accept Time')).toHaveValue(/^[A-Z][a-z]+ \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'observations-readonly-1280');
  noConsoleErrors();
});

test('on a phone the organisation reads a report and the list; an unknown id says Observation not found', async ({ page, playwright, baseURL }) => {
  const sfx = attemptSuffix();
  const field = await playwright.request.newContext({ baseURL });
  const created = await reportAs(field, 'employee2@demo.test', { category: 'Positive Observation', description: `Good housekeeping ${sfx}`, reportedAt: new Date().toISOString() });
  await field.dispose();

  const noConsoleErrors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test');
  await expect(page).toHaveURL(/\/sapphire\/Dashboard/);
  await page.goto(`/sapphire/OnlyViewObservation?id=${created._id}`);
  await expect(page.getByRole('heading', { name: `Activity No. ${created.srno}` })).toBeVisible();
  await expect(page.getByText(`Good housekeeping ${sfx}`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'observations-readonly-390');

  await page.goto('/sapphire/observation');
  await expect(page.getByRole('heading', { level: 1, name: 'Observation' })).toBeVisible();
  // The bar has no room on a phone: the pickers sit at the head of the page.
  await expect(page.getByRole('main').getByRole('group', { name: 'Start Date' })).toBeVisible();
  // On a phone the reports are cards (issue 56).
  await expect(page.getByRole('main').getByRole('list', { name: 'Observation Details' })).toBeVisible();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'observations-organisation-390');

  // An unknown report is said so on the page (issue 56), with a way back to the list.
  await page.goto('/sapphire/ViewObservation?id=no-such-report');
  await expect(page.getByRole('alert').filter({ hasText: 'Observation not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to list' }).click();
  await expect(page).toHaveURL(/\/sapphire\/observation$/);
  noConsoleErrors();
});

test('a contractor sees only its own reports', async ({ page, playwright, baseURL }) => {
  const sfx = attemptSuffix();
  const mine = `Trailing hose by the stores ${sfx}`;
  const theirs = `Missing guard on grinder ${sfx}`;
  const ownContext = await playwright.request.newContext({ baseURL });
  const own = await reportAs(ownContext, 'contractor2@demo.test', { category: 'Nearmiss', description: mine, reportedAt: new Date().toISOString() });
  await ownContext.dispose();
  const otherContext = await playwright.request.newContext({ baseURL });
  const other = await reportAs(otherContext, 'employee1@demo.test', { category: 'Unsafe Act', description: theirs, reportedAt: new Date().toISOString() });
  await otherContext.dispose();

  const noConsoleErrors = watchConsole(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'contractor2@demo.test');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Observation' }).click();
  await expect(page).toHaveURL(/\/atgl\/Contractor\/observation/);
  await expect(page.getByRole('combobox', { name: 'Companies' })).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Observation Details' });
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '20' }).click();
  await expect(table.getByRole('row').filter({ hasText: mine })).toBeVisible();
  await expect(table.getByText(theirs)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'observations-contractor-1280');

  await table.getByRole('link', { name: `View activity ${own.srno}` }).click();
  await expect(page.getByRole('heading', { name: `Activity No. ${own.srno}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Action Taken' })).toHaveAttribute('aria-disabled', 'true');
  // Another contractor's report is not there from a direct URL either.
  await page.goto(`/atgl/Contractor/ViewObservation?id=${other._id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'Observation not found' })).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/atgl/Contractor/observation');
  await expect(page.getByRole('heading', { level: 1, name: 'Observation' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'observations-contractor-390');
  noConsoleErrors();
});
