import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { expectAccessible, expectInsideWidth, expectNoSideScroll, shot, signedInContext } from '../support/helpers';

/**
 * Issue 63: a long list keeps its page and search in the URL, so that Back from an item (or from
 * another page) returns to the same place, and a reload or a shared link shows it.
 */

const ADMIN = 'admin@demo.test';

/** Each row of the companies table as its S.no and company name. */
async function companyRows(table: Locator): Promise<string[]> {
  const rows = (await table.getByRole('row').all()).slice(1);
  return Promise.all(
    rows.map(async (row) => `${await row.getByRole('cell').nth(0).innerText()} ${await row.getByRole('cell').nth(1).innerText()}`),
  );
}

/** The rows of the activity log, as their text. */
async function activityRows(page: Page): Promise<string[]> {
  return page.getByTestId(/^activity-(row|item)$/).allInnerTexts();
}

test('the companies list: Back from a company returns to the same page and search', async ({ browser }) => {
  const { page, done } = await signedInContext(browser, ADMIN, { width: 1280 });
  await page.goto('/sapphire/companies');
  const table = page.getByRole('table', { name: 'Companies' });
  // The smallest page size (5): the demo's nine companies take two pages at least.
  await expect(table.getByRole('row')).toHaveCount(1 + 5);
  await expect(page.getByText(/^1–5 of \d+$/)).toBeVisible();

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL('/sapphire/companies?page=2');
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('6');
  const secondPage = await companyRows(table);
  expect(secondPage[0]).toMatch(/^6 /);

  // Open a company of page 2, come Back: page 2 again, the same rows.
  await table.getByRole('row').nth(1).getByRole('link', { name: /^View / }).click();
  await expect(page).toHaveURL(/\/sapphire\/ViewCompany\?id=/);
  await page.goBack();
  await expect(page).toHaveURL('/sapphire/companies?page=2');
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('6');
  expect(await companyRows(table)).toEqual(secondPage);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  // A search goes into the URL (replacing the entry), from the first page; the server finds it.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Aberdeen');
  await expect(page).toHaveURL('/sapphire/companies?q=Aberdeen');
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
  const rows = table.getByRole('row');
  await expect(rows.filter({ hasText: 'Aberdeen' })).toHaveCount((await rows.count()) - 1);
  await expect(rows.filter({ hasText: 'Granite Civil Engineering' })).toHaveCount(1);
  const found = await companyRows(table);
  await shot(page, 'list-url-companies-search-1280');
  await expectAccessible(page);

  await table.getByRole('link', { name: 'View Granite Civil Engineering' }).click();
  await expect(page).toHaveURL(/\/sapphire\/ViewCompany\?id=/);
  await page.goBack();
  await expect(page).toHaveURL('/sapphire/companies?q=Aberdeen');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('Aberdeen');
  await expect.poll(() => companyRows(table)).toEqual(found);

  // Back once more: the search replaced page 2's entry, so Back goes to the entry before it, the
  // first page of the whole list.
  await page.goBack();
  await expect(page).toHaveURL('/sapphire/companies');
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  await expect(table.getByRole('row')).toHaveCount(1 + 5);

  // Typing and opening a company at once: the search settling after the click does not take the
  // user back from the company to the list.
  await page.getByRole('searchbox', { name: 'Search' }).fill('Bon');
  await table.getByRole('link', { name: 'View Bon Accord Lifting' }).click();
  await expect(page).toHaveURL(/\/sapphire\/ViewCompany\?id=/);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/sapphire\/ViewCompany\?id=/);
  await page.goBack();
  await expect(page).toHaveURL(/\/sapphire\/companies(\?q=Bon)?$/);

  // A link (or a reload) to a page shows that page.
  await page.goto('/sapphire/companies?page=2&size=5');
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('6');
  await shot(page, 'list-url-companies-1280');
  await expectAccessible(page);

  // On a phone: the rows are cards, the page the same.
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole('list', { name: 'Companies' });
  await expect(cards.getByRole('listitem').first()).toContainText('6');
  await expectNoSideScroll(page);
  await shot(page, 'list-url-companies-390');
  await expectAccessible(page);
  done();
});

test('the activity log: Back from another page or from an opened object returns to the same page', async ({ browser }) => {
  const { page, done } = await signedInContext(browser, ADMIN, { width: 1280 });
  await page.goto('/sapphire/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const rows = page.getByTestId('activity-row');
  // The smallest page size (10): the demo's history has many pages.
  await expect(rows).toHaveCount(10);
  const firstPage = await activityRows(page);

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL('/sapphire/activity?page=2');
  await expect.poll(() => activityRows(page)).not.toEqual(firstPage);
  const secondPage = await activityRows(page);
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL('/sapphire/activity?page=3');
  await expect.poll(() => activityRows(page)).not.toEqual(secondPage);

  // Back: page 2, the same rows.
  await page.goBack();
  await expect(page).toHaveURL('/sapphire/activity?page=2');
  await expect.poll(() => activityRows(page)).toEqual(secondPage);
  await expect(page.getByText(/^11–20 of \d+$/)).toBeVisible();

  // Open an object of page 2 and come Back.
  const open = rows.getByRole('link', { name: /^Open / }).first();
  await expect(open).toBeVisible();
  await open.click();
  await expect(page).not.toHaveURL(/\/sapphire\/activity/);
  await page.goBack();
  await expect(page).toHaveURL('/sapphire/activity?page=2');
  await expect.poll(() => activityRows(page)).toEqual(secondPage);

  // A filter is a new entry from the first page; Back takes it off again.
  await page.getByLabel('Kind').selectOption({ label: 'Response' });
  await expect(page).toHaveURL('/sapphire/activity?kind=response');
  await expect(rows.first()).toBeVisible();
  await shot(page, 'list-url-activity-filtered-1280');
  await page.goBack();
  await expect(page).toHaveURL('/sapphire/activity?page=2');
  await expect(page.getByLabel('Kind')).toHaveValue('');
  await expect.poll(() => activityRows(page)).toEqual(secondPage);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'list-url-activity-1280');
  await expectAccessible(page);

  // On a phone: cards, the same page.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('activity-item')).toHaveCount(10);
  await expectNoSideScroll(page);
  // The pager wraps: both of its arrows in sight.
  for (const name of ['Go to previous page', 'Go to next page']) {
    await expectInsideWidth(page.getByRole('button', { name }), name);
  }
  await shot(page, 'list-url-activity-390');
  await expectAccessible(page);
  done();
});
