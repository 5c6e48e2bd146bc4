import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { coreMessages } from '@palisade/domain/messages-core';
import { test } from '../support/fixtures';
import {
  ARTIFACTS,
  attemptSuffix,
  createSharedAssessment,
  expectAccessible,
  shot,
  signedInContext,
  signInAt,
  watchConsole,
  expectNoSideScroll,
} from '../support/helpers';

/**
 * Issue 56, the organisation's side of assessments: a double click on Save in Select Companies
 * creates one assessment; of two admins editing one assessment the second is told and sees the
 * first's change; an assessment nobody started can be deleted.
 */
const ADMIN = 'admin@demo.test';
const CONTRACTOR = 'contractor1@demo.test';

/** A dialog as the user sees it: the viewport (a full-page picture would run past the backdrop). */
async function dialogShot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250); // let the dialog finish fading in
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** The organisation's assessments of this name (through the API, as the signed-in admin). */
async function assessmentsNamed(page: Page, name: string): Promise<{ _id: string; version: number; name: string }[]> {
  const reply = await page.request.get('/api/assessment/getAllAssessments');
  const all = ((await reply.json()) as { data: { _id: string; version: number; name: string }[] }).data;
  return all.filter((a) => a.name === name);
}

async function deleteByApi(page: Page, assessmentId: string): Promise<void> {
  const reply = await page.request.post('/api/assessment/deleteAssessment', { data: { assessmentId } });
  expect(reply.status()).toBe(200);
}

/** A page of its own browser context (its own session), signed in as the admin. */
async function adminPage(browser: Browser, width: number): Promise<Page> {
  return (await signedInContext(browser, ADMIN, { width }, { reducedMotion: 'reduce' })).page;
}

test('a double click on Save in Select Companies sends one create and stores one assessment', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  const NAME = `Double Click Review ${attemptSuffix()}`;
  await signInAt(page, ADMIN, { width: 1280 });
  await page.goto('/sapphire/Add_Assessment');

  await page.getByLabel('Name of Assessment').fill(NAME);
  const due = new Date(Date.now() + 30 * 86_400_000);
  await page.getByRole('spinbutton', { name: 'Day' }).click();
  await page.keyboard.type(
    `${String(due.getDate()).padStart(2, '0')}${String(due.getMonth() + 1).padStart(2, '0')}${due.getFullYear()}`,
  );
  const s1 = page.getByRole('region', { name: 'Category 1', exact: true });
  await s1.getByLabel('Category').selectOption({ label: 'PPE' });
  await s1.getByLabel('Social').check();
  await s1.getByLabel('Enter Marks').fill('10');
  await s1.getByRole('button', { name: 'Add Question' }).click();
  const questions = page.getByRole('dialog', { name: 'Add Question' });
  const row = questions.getByRole('table', { name: 'Question bank' }).getByRole('row').nth(1);
  await row.getByRole('combobox').selectOption('yesNo');
  await questions.getByRole('button', { name: 'Submit' }).click();
  await expect(questions).toBeHidden();

  // Every create the page sends, and the id each carries.
  const sent: { id?: string }[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/assessment/createAssessment')) sent.push(r.postDataJSON() as { id?: string });
  });
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Companies' });
  await dialog.getByRole('checkbox', { name: /North Sea Scaffolding/ }).check();
  await expectAccessible(page);
  await dialogShot(page, 'edges-assessments-select-companies-1280');
  await dialog.getByRole('button', { name: 'Save' }).dblclick();
  await expect(page).toHaveURL('/sapphire/Assessment');
  await expect(page.locator('.MuiSnackbar-root').filter({ hasText: 'Assessment Added Successfully' })).toBeVisible();

  expect(sent).toHaveLength(1);
  expect(sent[0]?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  const stored = await assessmentsNamed(page, NAME);
  expect(stored.map((a) => a._id)).toEqual([sent[0]?.id]);

  // The same create again (a retry whose reply was lost): the one assessment, nothing more.
  const again = await page.request.post('/api/assessment/createAssessment', { data: sent[0] });
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { data: { _id: string } }).data._id).toBe(sent[0]?.id);
  expect(await assessmentsNamed(page, NAME)).toHaveLength(1);

  await deleteByApi(page, stored[0]?._id ?? '');
  noConsoleErrors();
});

test('two admins edit one assessment: the second save is refused with the reason and shows the first one’s change', async ({
  browser,
}) => {
  const NAME = `Two Editors Review ${attemptSuffix()}`;
  const first = await adminPage(browser, 1280);
  const second = await adminPage(browser, 390);
  const noConsoleErrors = watchConsole(second);
  const id = await createSharedAssessment(first, { name: NAME, contractorEmail: CONTRACTOR, sections: 1 });

  // Both open the assessment before either saves.
  for (const page of [first, second]) {
    await page.goto(`/sapphire/editAssessment/${id}`);
    await expect(page.getByLabel('Name of Assessment')).toHaveValue(NAME);
  }
  // Below the form, the assessment may be made to recur before anyone starts it (issue 58).
  const recurrence = first.getByRole('region', { name: 'Recurrence', exact: true });
  await expect(recurrence.getByRole('button', { name: 'Make it recur' })).toBeVisible();
  await shot(first, 'edit-assessment-recurrence-1280');

  await first.getByLabel('Name of Assessment').fill(`${NAME} First`);
  await first.getByRole('button', { name: 'Share', exact: true }).click();
  await first.getByRole('dialog', { name: 'Select Companies' }).getByRole('button', { name: 'Save' }).click();
  await expect(first).toHaveURL('/sapphire/Assessment');

  await second.getByLabel('Name of Assessment').fill(`${NAME} Second`);
  await second.getByRole('button', { name: 'Share', exact: true }).click();
  await second.getByRole('dialog', { name: 'Select Companies' }).getByRole('button', { name: 'Save' }).click();
  const error = second.getByRole('dialog', { name: 'Error' });
  await expect(error).toContainText(coreMessages.http.changedBySomeoneElse);
  await expectAccessible(second);
  await dialogShot(second, 'edges-assessments-changed-by-someone-else-390');
  await error.getByRole('button', { name: 'Ok' }).click();

  // The form starts again from what the first admin saved; nothing of the second's was stored.
  await expect(second.getByLabel('Name of Assessment')).toHaveValue(`${NAME} First`);
  await expect(second).toHaveURL(`/sapphire/editAssessment/${id}`);
  await expectNoSideScroll(second);
  await expectAccessible(second);
  await shot(second, 'edges-assessments-reloaded-390');
  const stored = await assessmentsNamed(second, `${NAME} First`);
  expect(stored).toHaveLength(1);
  expect(stored[0]?.version).toBe(1);

  // Saved again on what it now shows, it goes through.
  await second.getByLabel('Name of Assessment').fill(`${NAME} Second`);
  await second.getByRole('button', { name: 'Share', exact: true }).click();
  await second.getByRole('dialog', { name: 'Select Companies' }).getByRole('button', { name: 'Save' }).click();
  await expect(second).toHaveURL('/sapphire/Assessment');
  expect(await assessmentsNamed(second, `${NAME} Second`)).toHaveLength(1);

  // At 1280 px the same refusal, for the first admin now behind.
  await first.goto(`/sapphire/editAssessment/${id}`);
  await expect(first.getByLabel('Name of Assessment')).toHaveValue(`${NAME} Second`);
  await second.request.post('/api/assessment/editAssessment', {
    data: { assessmentId: id, version: 2, updateData: { name: `${NAME} Third` } },
  });
  await first.getByLabel('Name of Assessment').fill(`${NAME} Fourth`);
  await first.getByRole('button', { name: 'Share', exact: true }).click();
  await first.getByRole('dialog', { name: 'Select Companies' }).getByRole('button', { name: 'Save' }).click();
  await expect(first.getByRole('dialog', { name: 'Error' })).toContainText(coreMessages.http.changedBySomeoneElse);
  await dialogShot(first, 'edges-assessments-changed-by-someone-else-1280');
  await first.getByRole('dialog', { name: 'Error' }).getByRole('button', { name: 'Ok' }).click();
  await expect(first.getByLabel('Name of Assessment')).toHaveValue(`${NAME} Third`);
  await shot(first, 'edges-assessments-reloaded-1280');

  await deleteByApi(first, id);
  noConsoleErrors();
  await first.context().close();
  await second.context().close();
});

test('an assessment nobody started is deleted from the Assessments modal, after a confirmation', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  const NAME = `Extra Copy Review ${attemptSuffix()}`;
  await signInAt(page, ADMIN, { width: 1280 });
  const id = await createSharedAssessment(page, { name: NAME, contractorEmail: CONTRACTOR, sections: 1 });

  await page.goto('/sapphire/Assessment');
  await page.getByRole('button', { name: 'Assessments', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Assessments' });
  const item = modal.getByTestId('unanswered-assessment').filter({ hasText: NAME });
  await expect(item.getByRole('button', { name: `Delete ${NAME}` })).toBeVisible();
  await expectAccessible(page);
  await dialogShot(page, 'edges-assessments-modal-1280');

  // Cancel leaves it.
  await item.getByRole('button', { name: `Delete ${NAME}` }).click();
  let confirm = page.getByRole('dialog', { name: 'Delete assessment' });
  await expect(confirm).toContainText(`Delete "${NAME}"?`);
  await expectAccessible(page);
  await dialogShot(page, 'edges-assessments-confirm-delete-1280');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(await assessmentsNamed(page, NAME)).toHaveLength(1);

  // At 390 px: the list and the confirmation fit.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(item).toBeVisible();
  await expectNoSideScroll(page);
  await dialogShot(page, 'edges-assessments-modal-390');
  await item.getByRole('button', { name: `Delete ${NAME}` }).click();
  confirm = page.getByRole('dialog', { name: 'Delete assessment' });
  await expectAccessible(page);
  await dialogShot(page, 'edges-assessments-confirm-delete-390');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.locator('.MuiSnackbar-root').filter({ hasText: 'Assessment deleted successfully' })).toBeVisible();
  await expect(item).toHaveCount(0);
  expect(await assessmentsNamed(page, NAME)).toHaveLength(0);
  const read = await page.request.post('/api/assessment/getAssessmentById', { data: { assessmentId: id } });
  expect(read.status()).toBe(404);
  noConsoleErrors();
});
