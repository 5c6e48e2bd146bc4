import { expect, type Page } from '@playwright/test';
import { usersMessages } from '@palisade/domain/messages/users';
import { test } from '../support/fixtures';
import { expectAccessible, shot, signedInContext } from '../support/helpers';

/**
 * Issue 56 (DECISIONS.md): an organisation disables an auditor that also serves another
 * organisation for itself only. auditor2@demo.test serves Demo Gas Ltd and Other Industries: the
 * Demo Gas admin switches it off on the Users page (the confirmation says "for your organisation
 * only"), the auditor still signs in and works in Other Industries only, and the admin switches it
 * on again. At 1280 and 390 px, axe clean, screenshots under e2e/artifacts/.
 */

const ADMIN = 'admin@demo.test';
const AUDITOR2 = 'auditor2@demo.test';
const AUDITOR2_NAME = 'Northern Audit Partners';
const WIDTHS = [1280, 390] as const;

interface Tpi {
  _id: string;
  email: string;
  isActive: boolean;
  sharedAccount: boolean;
}

/** auditor2 as the admin's list has it. */
async function auditor2Of(page: Page): Promise<Tpi> {
  const reply = await page.request.get('/api/tpi/getAllTpis');
  expect(reply.status()).toBe(200);
  const found = ((await reply.json()) as { data: Tpi[] }).data.find((a) => a.email === AUDITOR2);
  if (!found) throw new Error('auditor2 is not listed');
  return found;
}

/** The signed-in user's organisations by name. */
async function organisationsOf(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get('/api/auth/me');
  const data = ((await res.json()) as { data: { organisations: { _id: string; name: string }[] } }).data;
  return Object.fromEntries(data.organisations.map((o) => [o.name, o._id]));
}

/** Clicks the auditor's switch and confirms the dialog, whose text must say this organisation only. */
async function toggle(page: Page, action: 'Disable' | 'Enable', width: number): Promise<void> {
  await page.getByRole('switch', { name: `${action} ${AUDITOR2_NAME}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(usersMessages.confirmToggleShared(action === 'Enable'));
  await expectAccessible(page);
  await shot(page, `edges-shared-${action.toLowerCase()}-confirm-${width}`);
  await dialog.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByText(usersMessages.auditorToggled(action === 'Enable'))).toBeVisible();
  await expect(dialog).toBeHidden();
}

for (const width of WIDTHS) {
  test(`the admin disables the shared auditor for its organisation only; it works in the other one (${width} px)`, async ({ browser }) => {
    const admin = await signedInContext(browser, ADMIN, { width, height: 900 });
    // Whatever an earlier attempt left: the scenario starts with auditor2 on in Demo Gas.
    const start = await auditor2Of(admin.page);
    expect(start.sharedAccount).toBe(true);
    if (!start.isActive) {
      const reply = await admin.page.request.post('/api/tpi/changeTpiAccStatus', { data: { tpiId: start._id, disable: false } });
      expect(reply.status()).toBe(200);
    }

    await admin.page.goto('/sapphire/users');
    await expect(admin.page.getByText(AUDITOR2_NAME)).toBeVisible();
    await toggle(admin.page, 'Disable', width);
    // Greyed: its switch reads Enable now, and its edit is off.
    await expect(admin.page.getByRole('switch', { name: `Enable ${AUDITOR2_NAME}` })).not.toBeChecked();
    await expect(admin.page.getByRole('link', { name: `Edit ${AUDITOR2_NAME}` })).toHaveAttribute('aria-disabled', 'true');
    expect((await auditor2Of(admin.page)).isActive).toBe(false);
    await expectAccessible(admin.page);
    await shot(admin.page, `edges-shared-disabled-list-${width}`);

    // The auditor signs in and works in Other Industries only.
    const auditor = await signedInContext(browser, AUDITOR2, { width, height: 900 });
    await expect(auditor.page).toHaveURL('/auditor/dashboard');
    const organisations = await organisationsOf(auditor.page);
    expect(Object.keys(organisations)).toEqual(['Other Industries']);
    // One organisation: no switcher to offer Demo Gas.
    await expect(auditor.page.getByRole('combobox', { name: 'Organisation' })).toHaveCount(0);
    await auditor.page.goto('/auditor/Assessment');
    // The company filter searches Other Industries' contractors only (issue 63: on the server).
    await auditor.page.getByRole('combobox', { name: 'Company' }).click();
    await expect(auditor.page.getByRole('listbox').getByRole('option')).toHaveCount(1);
    await expect(auditor.page.getByRole('listbox').getByRole('option')).toContainText('Other Fabrication Co');
    await auditor.page.keyboard.press('Escape');
    await expect(auditor.page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    // None of Demo Gas's responses (Other Industries has none in the seed).
    await expect(auditor.page.getByRole('article').filter({ hasText: 'North Sea Scaffolding' })).toHaveCount(0);
    await expectAccessible(auditor.page);
    await shot(auditor.page, `edges-shared-auditor-other-only-${width}`);
    // The server holds it out of Demo Gas: no switching to it, no call naming it.
    const demoId = (await organisationsOf(admin.page))['Demo Gas Ltd'];
    expect((await auditor.page.request.post('/api/auth/switchOrganisation', { data: { companyId: demoId } })).status()).toBe(404);
    const refused = await auditor.page.request.post('/api/assessment/responses/getResponsesByCompanyIds', { data: { companyIds: [demoId] } });
    expect(refused.status()).toBe(404);

    // Switched on again: the auditor works in both organisations once more.
    await toggle(admin.page, 'Enable', width);
    await expect(admin.page.getByRole('switch', { name: `Disable ${AUDITOR2_NAME}` })).toBeChecked();
    await expectAccessible(admin.page);
    await shot(admin.page, `edges-shared-enabled-list-${width}`);
    expect(Object.keys(await organisationsOf(auditor.page)).sort()).toEqual(['Demo Gas Ltd', 'Other Industries']);
    expect((await auditor.page.request.post('/api/assessment/responses/getResponsesByCompanyIds', { data: { companyIds: [demoId] } })).status()).toBe(200);

    admin.done();
    auditor.done();
    await admin.page.context().close();
    await auditor.page.context().close();
  });
}
