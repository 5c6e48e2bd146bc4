import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { attemptSuffix, expectAccessible, shot, signInAt, signInByApi, watchConsole, expectInsideWidth, expectNoSideScroll } from '../support/helpers';

/**
 * Issue 56, the observation screens' edges: a range that ends before it starts, a comment after
 * Accept, an unknown report, the table at 1280 px and on a phone (and the learning table on a
 * phone), and the Companies filter kept through a reload and Back.
 */

interface Created {
  _id: string;
  srno: number;
  managername: string;
}

/** Signs in through the API only (employees have no web shell) and reports an observation now. */
async function reportAs(request: APIRequestContext, email: string, description: string): Promise<Created> {
  await signInByApi(request, email);
  const reply = await request.post('/api/observation/createObservation', {
    multipart: { category: 'Unsafe Condition', description, location: 'Pipe yard', reportedAt: new Date().toISOString() },
  });
  const json = (await reply.json()) as { message: string; data: Created };
  expect(reply.status(), json.message).toBe(200);
  return json.data;
}

/** Types a day into an MUI X date field (DD/MM/YYYY sections) inside `scope`. */
async function typeDay(page: Page, scope: Locator, label: string, day: Date): Promise<void> {
  await scope.getByRole('group', { name: label }).getByRole('spinbutton').first().click();
  const dd = String(day.getDate()).padStart(2, '0');
  const mm = String(day.getMonth() + 1).padStart(2, '0');
  await page.keyboard.type(`${dd}${mm}${day.getFullYear()}`);
}

/** The last day of the month before this one: before the default range's start (the 1st). */
function lastDayOfLastMonth(): Date {
  const d = new Date();
  d.setDate(0);
  return d;
}

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Fails unless the element's box lies wholly inside the viewport's width (and is on screen). */
async function expectWithinViewport(page: Page, element: Locator, what: string): Promise<void> {
  await expect(element, what).toBeVisible();
  await expectInsideWidth(element, what, { left: 0, right: page.viewportSize()?.width ?? 0 });
}

test('the organisation at 1280 px: the whole table fits, the company filter survives a reload and Back, a comment after Accept, an end before the start, an unknown report', async ({ page, playwright, baseURL }) => {
  const sfx = attemptSuffix();
  const description = `Frayed sling on the crane ${sfx}`;
  const field = await playwright.request.newContext({ baseURL });
  const created = await reportAs(field, 'employee1@demo.test', description);
  await field.dispose();

  const noConsoleErrors = watchConsole(page);
  await signInAt(page, 'admin@demo.test', { width: 1280 });
  await page.goto('/sapphire/observation');
  const table = page.getByRole('table', { name: 'Observation Details' });
  await expect(table).toBeVisible();

  // The Companies filter: the report's contractor only; kept in the URL.
  // The picker searches the server as the user types (issue 63).
  await page.getByRole('combobox', { name: 'Companies' }).fill(created.managername);
  await page.getByRole('listbox').getByRole('option').filter({ has: page.getByText(created.managername, { exact: true }) }).click();
  await expect(page).toHaveURL(/[?&]company=/);
  const filtered = page.url();
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '20' }).click();
  const row = table.getByRole('row').filter({ hasText: description });
  await expect(row).toBeVisible();

  // Every column of the table, and the row's Edit, lie inside the 1280 px screen; the table does not scroll sideways.
  const headers = table.getByRole('columnheader');
  await expect(headers).toHaveText(['Sr.No', 'Activity', 'Date', 'Time', 'Reported By', 'Description', 'Status', 'Action']);
  for (let i = 0; i < 8; i += 1) await expectWithinViewport(page, headers.nth(i), `column ${i + 1}`);
  await expectWithinViewport(page, row.getByText('Submitted'), 'the status');
  const edit = row.getByRole('link', { name: `Edit activity ${created.srno}` });
  await expectWithinViewport(page, edit, 'Edit');
  expect(await table.evaluate((el) => (el.parentElement ? el.parentElement.scrollWidth - el.parentElement.clientWidth : 1))).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shot(page, 'edges-observations-table-1280');

  // A reload keeps the filter.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Companies' })).toHaveValue(created.managername);
  await expect(row).toBeVisible();

  // Accept with a comment: back to the list, filter kept.
  await edit.click();
  await expect(page.getByRole('heading', { name: `Activity No. ${created.srno}` })).toBeVisible();
  await page.getByRole('combobox', { name: 'Action Taken' }).click();
  await page.getByRole('option', { name: 'Accept' }).click();
  await page.getByLabel('Write your comment').fill(`Sling withdrawn (${sfx})`);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Status has been updated.')).toBeVisible();
  await expect(page).toHaveURL(filtered);
  await expect(page.getByRole('combobox', { name: 'Companies' })).toHaveValue(created.managername);

  // An Accepted report stays open for comments: its action shows, fixed; a new comment is saved.
  const accepted = table.getByRole('row').filter({ hasText: description });
  await expect(accepted.getByText('Accepted')).toBeVisible();
  await accepted.getByRole('link', { name: `Edit activity ${created.srno}` }).click();
  const action = page.getByRole('combobox', { name: 'Action Taken' });
  await expect(action).toHaveAttribute('aria-disabled', 'true');
  await expect(action).toHaveText('Accept');
  await page.getByLabel('Write your comment').fill(`Slings now inspected weekly (${sfx})`);
  await expectAccessible(page);
  await shot(page, 'edges-observations-comment-after-accept-1280');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Comment has been added.')).toBeVisible();
  await expect(page).toHaveURL(filtered);

  // The read-only view shows the new comment and takes none; Back returns to the filtered list.
  await table.getByRole('link', { name: `View activity ${created.srno}` }).click();
  await expect(page.getByLabel('Write your comment')).toHaveValue(`Slings now inspected weekly (${sfx})`);
  await expect(page.getByLabel('Write your comment')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(filtered);
  await expect(page.getByRole('combobox', { name: 'Companies' })).toHaveValue(created.managername);
  await expect(table.getByRole('row').filter({ hasText: description })).toBeVisible();

  // An end before the start: a message, no rows (not the old ones), the range kept as typed.
  const bar = page.getByRole('banner');
  const before = lastDayOfLastMonth();
  await typeDay(page, bar, 'End Date', before);
  await expect(page).toHaveURL(new RegExp(`end=${iso(before)}`));
  await expect(page.getByRole('alert').filter({ hasText: 'End Date must not be before Start Date' })).toBeVisible();
  await expect(table.getByText(description)).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('No Data Available')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  await expectAccessible(page);
  await shot(page, 'edges-observations-range-backwards-1280');

  // An unknown report: said so, with a way back; no silent redirect.
  await page.goto('/sapphire/ViewObservation?id=no-such-report');
  await expect(page.getByRole('alert').filter({ hasText: 'Observation not found' })).toBeVisible();
  await expect(page).toHaveURL(/\/sapphire\/ViewObservation\?id=no-such-report$/);
  await expectAccessible(page);
  await shot(page, 'edges-observations-not-found-1280');
  await page.getByRole('link', { name: 'Back to list' }).click();
  await expect(page).toHaveURL(/\/sapphire\/observation$/);
  noConsoleErrors();
});

test('the contractor on a phone: observation cards, an end before the start, another contractor’s report not found, the learning cards', async ({ page, playwright, baseURL }) => {
  const sfx = attemptSuffix();
  const mine = `Blocked fire exit ${sfx}`;
  const field = await playwright.request.newContext({ baseURL });
  const own = await reportAs(field, 'employee1@demo.test', mine);
  await field.dispose();
  const other = await playwright.request.newContext({ baseURL });
  const theirs = await reportAs(other, 'contractor2@demo.test', `Not contractor one's ${sfx}`);
  await other.dispose();

  const noConsoleErrors = watchConsole(page);
  await signInAt(page, 'contractor1@demo.test', { width: 390 });
  await page.goto('/atgl/Contractor/observation');
  const main = page.getByRole('main');
  const cards = main.getByRole('list', { name: 'Observation Details' });
  await expect(cards).toBeVisible();
  await expect(main.getByRole('table', { name: 'Observation Details' })).toHaveCount(0);
  await page.getByRole('combobox', { name: /Rows per page/ }).click();
  await page.getByRole('option', { name: '20' }).click();
  const card = cards.getByTestId('observation-card').filter({ hasText: mine });
  await expect(card).toBeVisible();
  await expect(card.getByText('Submitted')).toBeVisible();
  await expectWithinViewport(page, card.getByRole('link', { name: `Edit activity ${own.srno}` }), 'Edit on the card');
  await expectWithinViewport(page, main.getByRole('button', { name: 'Go to next page' }), 'the pager’s next page');
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'edges-observations-cards-390');

  // On a phone the pickers sit in the page: an end before the start says so and drops the cards.
  const before = lastDayOfLastMonth();
  await typeDay(page, main, 'End Date', before);
  await expect(page).toHaveURL(new RegExp(`end=${iso(before)}`));
  await expect(main.getByRole('alert').filter({ hasText: 'End Date must not be before Start Date' })).toBeVisible();
  await expect(cards.getByTestId('observation-card')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'edges-observations-range-backwards-390');

  // Another contractor's report from a direct URL: not found, said on the page.
  await page.goto(`/atgl/Contractor/ViewObservation?id=${theirs._id}`);
  await expect(main.getByRole('alert').filter({ hasText: 'Observation not found' })).toBeVisible();
  await main.getByRole('link', { name: 'Back to list' }).click();
  await expect(page).toHaveURL(/\/atgl\/Contractor\/observation$/);

  // The learning table on a phone: one card an employee, no table, nothing wider than the screen.
  await page.goto('/atgl/Contractor/learning');
  await expect(page.getByRole('heading', { level: 1, name: 'Learning' })).toBeVisible();
  const learning = main.getByRole('list', { name: 'Employee Learning' });
  await expect(learning.getByTestId('learning-card').first()).toBeVisible();
  await expect(main.getByRole('table', { name: 'Employee Learning' })).toHaveCount(0);
  await expect(learning.getByTestId('learning-card').first().getByRole('progressbar')).toBeVisible();
  const learningCard = main.locator('.MuiCard-root').filter({ has: page.getByRole('heading', { name: 'Employee Learning' }) });
  await expectWithinViewport(page, learningCard.getByRole('button', { name: 'Go to next page' }), 'the learning pager’s next page');
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'edges-learning-cards-390');
  noConsoleErrors();
});
