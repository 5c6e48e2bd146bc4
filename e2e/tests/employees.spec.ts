import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  acceptInvitationByApi,
  attemptDigits,
  attemptSuffix,
  expectAccessible,
  latestMailLink,
  shot,
  signIn,
  watchConsole,
  expectInsideWidth,
  expectNoSideScroll,
} from '../support/helpers';

/** contractor1's own employees are the ones it manages here; other scenarios only read them. */
const CONTRACTOR = 'contractor1@demo.test';
const EMPLOYEE_PASSWORD = 'Field@Pass1';

/** When this attempt began: invitations mailed before it belong to another attempt. */
let attemptStart = 0;
test.beforeEach(() => {
  attemptStart = Date.now();
});

/** Types into the Employees search (sent once typing pauses; the assertions after it wait for the rows). */
/**
 * Types a search and waits for its rows: until they arrive the last ones stay shown, and a click
 * on one of them lands wherever the new rows put something else (an Edit that opened nothing, on
 * a machine shared with another run).
 */
async function search(page: Page, text: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await expect(page.locator('table[aria-label="Employees"], ol[aria-label="Employees"]')).toHaveAttribute('aria-busy', 'false');
}

test('a contractor adds an employee (invitation mailed), edits, disables and bulk-adds employees; 1280 and 390 px', async ({
  page,
  request,
}) => {
  // A long journey on a shared, loaded machine.
  const noConsoleErrors = watchConsole(page);
  const sfx = attemptSuffix();
  const name = `Fiona Field ${sfx}`;
  const email = `fiona-${sfx}@e2e.test`;
  const mobile = `98${attemptDigits(8)}`;
  const code = `FW-${sfx}`;

  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, CONTRACTOR);
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL('/atgl/Contractor/account');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Employees' }).click();
  await expect(page).toHaveURL('/atgl/Contractor/account/employees');
  await expect(page).toHaveTitle('Employees | Palisade');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Employees' });
  // The seeded employees of this contractor, never another contractor's.
  await expect(table.getByText('Jamie Watt')).toBeVisible();
  await expect(table.getByText('Morgan Bell')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'employees-list-1280');

  // ------------------------------------------------------------------ add, with an invitation
  await page.getByRole('button', { name: 'Add Employee' }).click();
  const form = page.getByRole('dialog', { name: 'Add Employee' });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await form.getByLabel(/^Mobile/).fill('123');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Phone no is invalid')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'employees-add-errors');
  await form.getByLabel(/^Name/).fill(name);
  await form.getByLabel(/^E-mail/).fill(email);
  await form.getByLabel(/^Mobile/).fill(mobile);
  await form.getByLabel(/^Employee Code/).fill(code);
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Employee Added Successfully')).toBeVisible();
  await expect(form).toBeHidden();
  await search(page, sfx);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(email);
  await expect(row).toContainText(`+91${mobile}`);
  await expect(row).toContainText(code);
  await expect(row).toContainText('Invited');

  // The invitation is in the outbox; once used, the employee is Active.
  const link = await latestMailLink(email, attemptStart);
  expect(link).toMatch(/\/reset_password\?oobCode=/);
  await acceptInvitationByApi(page, email, EMPLOYEE_PASSWORD, attemptStart);
  const employeeSignIn = await request.post('/api/auth/signIn', {
    data: { email, password: EMPLOYEE_PASSWORD },
  });
  expect(employeeSignIn.status()).toBe(200);
  await page.reload();
  await search(page, sfx);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Active');

  // ------------------------------------------------- the new employee learns (the field app's API)
  // Its row is in the contractor's Employee Learning table, with nothing learnt yet.
  await page.goto('/atgl/Contractor/learning');
  const learningTable = page.getByRole('table', { name: 'Employee Learning' });
  await page.getByRole('textbox', { name: 'Search' }).fill(sfx);
  const learningRow = learningTable.getByTestId('learning-row').filter({ hasText: name });
  await expect(learningRow).toHaveCount(1);
  await expect(learningRow.getByTestId('learning-hours')).toHaveText('0.00 hours');
  await expect(learningRow.getByRole('progressbar')).toHaveAttribute('aria-label', new RegExp(`^Completion ${name}: 0/\\d+$`));
  // Signed in above (request holds the employee's session): it opens a module for half an hour and completes it.
  const profile = (await (await request.get('/api/auth/me')).json()) as { data: { email: string; cmp_id: string } };
  expect(profile.data.email).toBe(email);
  const docsReply = await request.get(`/api/learning/getLearningDocs?cmp_id=${profile.data.cmp_id}`);
  expect(docsReply.status()).toBe(200);
  const docs = ((await docsReply.json()) as { data: { _id: string }[] }).data;
  expect(docs.length).toBeGreaterThan(0);
  const recorded = await request.post('/api/learning/recordProgress', { data: { docId: docs[0]?._id, seconds: 1800, completed: true } });
  expect(recorded.status()).toBe(200);
  await page.reload();
  await page.getByRole('textbox', { name: 'Search' }).fill(sfx);
  await expect(learningRow.getByTestId('learning-hours')).toHaveText('0.50 hours');
  await expect(learningRow.getByRole('progressbar')).toHaveAttribute('aria-label', new RegExp(`^Completion ${name}: 1/\\d+$`));
  await expectAccessible(page);
  await shot(page, 'employees-new-employee-learning-1280');
  await page.goto('/atgl/Contractor/account/employees');
  await search(page, sfx);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Active');

  // ------------------------------------------------------------------------------------ edit
  const renamed = `Fiona Fieldwork ${sfx}`;
  await table.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Employee' });
  await expect(edit.getByLabel(/^Name/)).toHaveValue(name);
  await expect(edit.getByLabel(/^Mobile/)).toHaveValue(mobile);
  await edit.getByLabel(/^Name/).fill(renamed);
  await edit.getByLabel(/^Mobile/).fill('');
  await expectAccessible(page);
  await shot(page, 'employees-edit-1280');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Employee Edited Successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  const renamedRow = table.getByRole('row', { name: new RegExp(renamed) });
  await expect(renamedRow).toContainText(email);
  await expect(renamedRow).not.toContainText(`+91${mobile}`);

  // --------------------------------------------------------------------------------- disable
  await table.getByRole('switch', { name: `Disable ${renamed}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(confirm).toContainText('You want to disable this user');
  await expectAccessible(page);
  await shot(page, 'employees-confirm-disable');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText('Employee Disabled Successfully')).toBeVisible();
  await expect(renamedRow).toContainText('Disabled');
  await expect(table.getByRole('switch', { name: `Enable ${renamed}` })).not.toBeChecked();
  // The field app's sign-in is refused now.
  const refused = await request.post('/api/auth/signIn', {
    data: { email, password: EMPLOYEE_PASSWORD },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Your account has been disabled. Please contact your organisation.',
  );

  // -------------------------------------------------------------------------------- bulk add
  await page.getByRole('button', { name: 'Add Bulk Employees' }).click();
  const bulk = page.getByRole('dialog', { name: 'Add Bulk Employees' });
  const sample = page.waitForEvent('download');
  await bulk.getByRole('button', { name: 'Download sample file' }).click();
  expect(fs.readFileSync(await (await sample).path(), 'utf8')).toContain(
    'Name,Email,Mobile,Employee Code',
  );
  const csv = [
    'Name,Email,Mobile,Employee Code',
    `Gavin Bulk ${sfx},gavin-${sfx}@e2e.test,98${attemptDigits(8)},GB-${sfx}`,
    `Hana Bulk ${sfx},hana-${sfx}@e2e.test,,`,
    `Taken Bulk ${sfx},employee1@demo.test,,`,
  ].join('\n');
  await bulk
    .getByTestId('bulk-file-input')
    .setInputFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(bulk.getByText('3 employees ready to upload')).toBeVisible();
  await bulk.getByRole('button', { name: 'Upload' }).click();
  await expect(bulk.getByText('2 employees added, 2 invitations sent.')).toBeVisible();
  await expect(bulk.getByRole('list', { name: 'Skipped rows' })).toContainText(
    'Row 4 (email): Email already exists',
  );
  await expectAccessible(page);
  await shot(page, 'employees-bulk-report');
  await bulk.getByRole('button', { name: 'Close' }).click();
  await expect(bulk).toBeHidden();
  for (const to of [`gavin-${sfx}@e2e.test`, `hana-${sfx}@e2e.test`]) {
    expect(await latestMailLink(to, attemptStart)).toMatch(/\/reset_password\?oobCode=/);
  }
  await search(page, `Bulk ${sfx}`);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: new RegExp(`Gavin Bulk ${sfx}`) })).toContainText(
    `GB-${sfx}`,
  );
  await search(page, sfx);
  await expect(table.getByRole('row')).toHaveCount(4);
  await shot(page, 'employees-list-after-1280');

  // --------------------------------------------------------------------------------- phones
  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByTestId('employee-card');
  await expect(cards).toHaveCount(3);
  await expect(table).toHaveCount(0);
  await expectNoSideScroll(page);
  // Every card's actions are in view, inside the screen's width (the switch's input is wider
  // than the switch it covers, so the switch itself is measured).
  for (const card of await cards.all()) {
    await expect(card.getByRole('switch')).toBeVisible();
    for (const action of [
      card.getByRole('button', { name: /^Edit / }),
      card.locator('.MuiSwitch-root'),
    ]) {
      await expect(action).toBeVisible();
      await expectInsideWidth(action, 'a card action');
    }
  }
  const disabledCard = cards.filter({ hasText: renamed });
  await expect(disabledCard).toContainText('Disabled');
  await expectAccessible(page);
  await shot(page, 'employees-list-390');

  // Enabling again, on a phone.
  await disabledCard.getByRole('switch', { name: `Enable ${renamed}` }).click();
  await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toContainText(
    'You want to enable this user',
  );
  await page
    .getByRole('dialog', { name: 'Are you sure?' })
    .getByRole('button', { name: 'Yes' })
    .click();
  await expect(page.getByText('Employee Enabled Successfully')).toBeVisible();
  await expect(disabledCard).toContainText('Active');
  await disabledCard.getByRole('button', { name: `Edit ${renamed}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Employee' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'employees-edit-390');
  await page
    .getByRole('dialog', { name: 'Edit Employee' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  const again = await request.post('/api/auth/signIn', {
    data: { email, password: EMPLOYEE_PASSWORD },
  });
  expect(again.status()).toBe(200);
  noConsoleErrors();
});
