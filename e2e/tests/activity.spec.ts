import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  acceptInvitationByApi,
  ARTIFACTS,
  attemptSuffix,
  createContractorAccount,
  expectAccessible,
  shot,
  signIn,
  watchConsole,
  expectNoSideScroll,
} from '../support/helpers';

const ADMIN = 'admin@demo.test';

test('the organisation filters its Activity page by a contractor and exports the CSV', async ({ browser }) => {
  const sfx = attemptSuffix();
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/sapphire/Dashboard');

  // A contractor of this attempt: the admin adds it; it signs in and edits its profile.
  const since = Date.now();
  const contractor = await createContractorAccount(page, sfx);
  await acceptInvitationByApi(page, contractor.email, 'Fresh@1234', since);
  const other = await browser.newContext();
  const signedIn = await other.request.post('/api/auth/signIn', { data: { email: contractor.email, password: 'Fresh@1234' } });
  expect(signedIn.status()).toBe(200);
  const edited = await other.request.post('/api/profile/updateProfile', { data: { name: contractor.name, location: 'Portobello' } });
  expect(edited.status()).toBe(200);
  await other.close();

  // The admin menu leads to Activity.
  await page.getByRole('link', { name: 'Activity' }).first().click();
  await expect(page).toHaveURL('/sapphire/activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toBeVisible();

  // Filter by the contractor: only its own rows, its profile edit among them. Every row's Who is
  // the contractor: on a fresh database the unfiltered list may hold only this attempt's rows
  // (the admin's "Contractor: create" names the contractor too), so the contractor's name in a
  // row does not tell the filtered list from the one before it.
  const who = `${contractor.name} (Contractor)`;
  await page.getByLabel('Person').selectOption({ label: who });
  await expect(rows.filter({ hasNot: page.getByRole('cell', { name: who, exact: true }) })).toHaveCount(0);
  const profileRow = rows.filter({ hasText: 'Updated their profile: location' });
  await expect(profileRow).toHaveCount(1);
  await profileRow.getByText('Details').click();
  await expect(profileRow).toContainText('Location: Leith → Portobello');
  const contractorRows = await rows.count();
  // The kind and today's date range keep it; another kind leaves nothing.
  const today = new Date();
  const day = `${String(today.getDate()).padStart(2, '0')}${String(today.getMonth() + 1).padStart(2, '0')}${today.getFullYear()}`;
  for (const label of ['From', 'To']) {
    await page.getByRole('group', { name: label, exact: true }).getByRole('spinbutton').first().click();
    await page.keyboard.type(day);
  }
  await page.getByLabel('Kind').selectOption({ label: 'Account' });
  await expect(rows).toHaveCount(contractorRows);
  await shot(page, 'activity-filtered-1280');
  await expectAccessible(page);

  // Export CSV: the filtered rows, as a file.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await file.path()) ?? '', 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('When,Who,Role,Action,Kind,Object id,Before,After,Summary');
  expect(lines).toHaveLength(1 + contractorRows);
  expect(lines.filter((l) => l.includes(`,${contractor.name},Contractor,Profile: update,Account,`) && l.endsWith(',Updated their profile: location'))).toHaveLength(1);

  await page.getByLabel('Kind').selectOption({ label: 'Observation' });
  await expect(page.getByText('No activity matches these filters')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows.first()).toBeVisible();
  // The admin's own row that made the account links to the company's page.
  const admin = 'Dana Admin (Organisation)';
  await page.getByLabel('Person').selectOption({ label: admin });
  // The filtered page has arrived (the unfiltered one holds the contractor's rows too): a click on
  // a row of the page being replaced would be lost with its row.
  await expect(rows.filter({ hasNot: page.getByRole('cell', { name: admin, exact: true }) })).toHaveCount(0);
  const created = rows.filter({ hasText: `Added contractor ${contractor.name}` }).first();
  await expect(created).toBeVisible();
  await created.getByRole('link', { name: /^Open Account: Added contractor / }).click();
  await expect(page).toHaveURL(/\/sapphire\/ViewCompany\?id=/);
  done();
  await context.close();
});

test('the Activity page on a phone', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/sapphire/Dashboard');
  await page.goto('/sapphire/activity');
  await expect(page.getByTestId('activity-item').first()).toBeVisible();
  await expectNoSideScroll(page);
  await shot(page, 'activity-390');
  await expectAccessible(page);
  done();
  await context.close();
});

test('/api/docs opens the API reference and lists the calls, under the CSP', async ({ page }) => {
  const done = watchConsole(page);
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Palisade API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path[data-path="/api/auth/signIn"]')).toBeVisible();
  await shot(page, 'api-docs-1280');
  // Swagger UI draws the operations as they come into view: a window tall enough for the whole
  // list shows every call. (It breaks a path into segments; data-path names the call.)
  await page.setViewportSize({ width: 1280, height: 16_000 });
  const summaries = page.locator('.opblock-summary-path');
  await expect(summaries.locator('xpath=self::*[@data-path="/api/notification/unsubscribe"]')).toBeAttached();
  const seen = new Set(await summaries.evaluateAll((els) => els.map((e) => e.getAttribute('data-path') ?? '')));
  expect(seen.size).toBeGreaterThan(100);
  for (const call of ['/api/audit/list', '/api/audit/export', '/api/ready', '/api/assessment/responses/getResponseById', '/api/feedback/createFeedback', '/api/health']) {
    expect(seen.has(call), call).toBe(true);
  }
  // A call opens with its request body from the zod schema.
  await page.locator('.opblock-summary-path[data-path="/api/audit/list"]').click();
  const operation = page.locator('#operations-audit-post_audit_list');
  await expect(operation).toContainText('pageSize');
  await operation.screenshot({ path: path.join(ARTIFACTS, 'api-docs-audit-list-1280.png') });
  expect(violations).toEqual([]);
  done();
});
