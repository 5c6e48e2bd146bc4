import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { pdf } from '../support/test-files';
import {
  attemptSuffix,
  expectAccessible,
  expectNoSideScroll,
  companyOption,
  organisationIdOf,
  shot,
  signedInContext,
} from '../support/helpers';

const ADMIN = 'admin@demo.test';
const CONTRACTOR = 'contractor1@demo.test';
const AUDITOR = 'auditor1@demo.test';
const COMPANY = 'North Sea Scaffolding';

/** A day `offset` days from today as the date fields take it: DD/MM/YYYY. */
function dayFromToday(offset: number): string {
  const d = new Date(Date.now() + offset * 86_400_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}${two(d.getMonth() + 1)}${d.getFullYear()}`;
}

/** Types a day (DDMMYYYY) into an MUI X date field, labelled `label`, inside `scope`. */
async function typeDay(scope: Locator, label: string, digits: string): Promise<void> {
  const field = scope.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(digits);
}

/** Uploads the document for `requirement` on the contractor's compliance page. */
async function upload(page: Page, requirement: string, button: 'Upload' | 'Replace', fileName: string): Promise<void> {
  const card = page.getByTestId('my-requirement').filter({ hasText: requirement });
  await card.getByRole('button', { name: `${button} ${requirement}` }).click();
  const dialog = page.getByRole('dialog', { name: `${button}: ${requirement}` });
  // Sent empty: the form names what is missing, and nothing is stored.
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog.getByText('Choose a file to upload')).toBeVisible();
  await expect(dialog.getByText('Issue date is required')).toBeVisible();
  await dialog.getByTestId('compliance-file-input').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf(requirement) });
  await expect(dialog.getByTestId('chosen-file')).toHaveText(fileName);
  await typeDay(dialog, 'Issue date', dayFromToday(-3));
  await typeDay(dialog, 'Expiry date', dayFromToday(200));
  await dialog.getByLabel('Reference').fill('GS-556677');
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(page.getByText('Document uploaded')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
}

/** The organisation's or auditor's matrix narrowed to the company and the requirement; its one cell's link. */
async function matrixCell(page: Page, base: string, requirementId: string, requirement: string, status: string): Promise<Locator> {
  await page.goto(`${base}?requirement=${requirementId}&q=${encodeURIComponent(COMPANY)}`);
  const table = page.getByRole('table', { name: 'Compliance matrix' });
  const row = table.getByTestId('matrix-row').filter({ hasText: COMPANY });
  await expect(row).toHaveCount(1);
  return row.getByRole('link', { name: `${COMPANY}, ${requirement}: ${status}. Open the document` });
}

/** The id of the organisation's requirement named `name` (the matrix's requirement filter takes it). */
async function requirementIdOf(page: Page, name: string): Promise<string> {
  const companyId = await organisationIdOf(page);
  const reply = await page.request.post('/api/compliance/listRequirements', { data: { companyId } });
  const body = (await reply.json()) as { data: { requirements: { _id: string; name: string }[] } };
  const found = body.data.requirements.find((r) => r.name === name);
  if (!found) throw new Error(`no requirement ${name}`);
  return found._id;
}

test('compliance: the organisation requires a document; the contractor uploads it; the auditor rejects it with a remark; the contractor uploads again; the organisation accepts it; the matrix and its CSV show it valid', async ({
  browser,
}) => {
  const sfx = attemptSuffix();
  const requirement = `Gas Safe registration ${sfx}`;

  // ---------------------------------------------------------------- the organisation adds the requirement
  const admin = await signedInContext(browser, ADMIN);
  await admin.page.getByRole('link', { name: 'Compliance' }).first().click();
  await expect(admin.page).toHaveURL(/\/sapphire\/compliance$/);
  await expect(admin.page.getByRole('table', { name: 'Compliance matrix' })).toBeVisible();
  await admin.page.getByRole('tab', { name: 'Requirements' }).click();
  await admin.page.getByRole('button', { name: 'Add requirement' }).click();
  const form = admin.page.getByRole('dialog', { name: 'Add requirement' });
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name').fill(requirement);
  await form.getByLabel('Description').fill('The engineers’ Gas Safe registration card and the company’s certificate.');
  await form.getByLabel('Reminder days').fill('30, 7');
  await form.getByRole('radio', { name: 'The organisation or its auditors' }).check();
  await expectAccessible(admin.page);
  await shot(admin.page, 'compliance-requirement-dialog-1280');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.page.getByText('Requirement added')).toBeVisible();
  await expect(form).toBeHidden();
  const listed = admin.page.getByTestId('requirement-row').filter({ hasText: requirement });
  await expect(listed).toContainText('30, 7');
  await expect(listed).toContainText('The organisation or its auditors');
  await expectAccessible(admin.page);
  await shot(admin.page, 'compliance-requirements-1280');
  const requirementId = await requirementIdOf(admin.page, requirement);

  // ---------------------------------------------------------------- the contractor uploads
  const contractor = await signedInContext(browser, CONTRACTOR);
  await contractor.page.getByRole('link', { name: 'Compliance' }).first().click();
  await expect(contractor.page).toHaveURL(/\/atgl\/Contractor\/compliance$/);
  await expect(contractor.page.getByTestId('my-requirement').filter({ hasText: requirement })).toContainText('Missing');
  await upload(contractor.page, requirement, 'Upload', `gas safe ${sfx}.pdf`);
  await expectAccessible(contractor.page);
  await shot(contractor.page, 'compliance-contractor-1280');

  // ---------------------------------------------------------------- the auditor rejects it with a remark
  const auditor = await signedInContext(browser, AUDITOR);
  await auditor.page.getByRole('link', { name: 'Compliance' }).first().click();
  await expect(auditor.page).toHaveURL(/\/auditor\/compliance$/);
  await expect(auditor.page.getByRole('table', { name: 'Compliance matrix' })).toBeVisible();
  const submitted = await matrixCell(auditor.page, '/auditor/compliance', requirementId, requirement, 'Submitted');
  await expectAccessible(auditor.page);
  await shot(auditor.page, 'compliance-matrix-auditor-1280');
  await submitted.click();
  await expect(auditor.page.getByRole('heading', { level: 1, name: requirement })).toBeVisible();
  await expect(auditor.page.getByTestId('document-version')).toHaveCount(1);
  await expect(auditor.page.getByTestId('document-version')).toContainText('GS-556677');
  await auditor.page.getByRole('button', { name: 'Reject' }).click();
  const reject = auditor.page.getByRole('dialog', { name: 'Reject document' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('A remark is required to reject a document')).toBeVisible();
  await reject.getByLabel(/Remark/).fill('The registration number on the card is unreadable.');
  await expectAccessible(auditor.page);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(auditor.page.getByText('Document rejected')).toBeVisible();
  await expect(reject).toBeHidden();
  await expect(auditor.page.getByTestId('version-remark')).toHaveText('The registration number on the card is unreadable.');
  await expect(auditor.page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await shot(auditor.page, 'compliance-history-rejected-1280');

  // ---------------------------------------------------------------- the contractor, on a phone, sees the remark and uploads again
  const phone = await signedInContext(browser, CONTRACTOR, { width: 390 });
  await phone.page.goto('/atgl/Contractor/compliance');
  const card = phone.page.getByTestId('my-requirement').filter({ hasText: requirement });
  await expect(card.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card.getByTestId('rejection-remark')).toHaveText('Rejected: The registration number on the card is unreadable.');
  await expectNoSideScroll(phone.page);
  await expectAccessible(phone.page);
  await shot(phone.page, 'compliance-contractor-390');
  await upload(phone.page, requirement, 'Replace', `gas safe ${sfx} v2.pdf`);
  await expectNoSideScroll(phone.page);
  await card.getByRole('link', { name: `History of ${requirement}` }).click();
  await expect(phone.page.getByTestId('document-version')).toHaveCount(2);
  await expectNoSideScroll(phone.page);
  await expectAccessible(phone.page);
  await shot(phone.page, 'compliance-contractor-history-390');

  // ---------------------------------------------------------------- the organisation accepts it
  const again = await matrixCell(admin.page, '/sapphire/compliance', requirementId, requirement, 'Submitted');
  await again.click();
  await expect(admin.page.getByTestId('document-version')).toHaveCount(2);
  await admin.page.getByRole('button', { name: 'Accept' }).click();
  const accept = admin.page.getByRole('dialog', { name: 'Accept document' });
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(admin.page.getByText('Document accepted')).toBeVisible();
  await expect(admin.page.getByTestId('document-version').first()).toContainText('Accepted');
  await expectAccessible(admin.page);
  await shot(admin.page, 'compliance-history-accepted-1280');

  // The matrix shows it Valid, and the CSV of what is filtered holds it.
  const valid = await matrixCell(admin.page, '/sapphire/compliance', requirementId, requirement, 'Valid');
  await expect(valid).toBeVisible();
  await expectAccessible(admin.page);
  await shot(admin.page, 'compliance-matrix-1280');
  const downloading = admin.page.waitForEvent('download');
  await admin.page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  const csvPath = await download.path();
  const csv = fs.readFileSync(csvPath, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines).toHaveLength(2);
  // A header (company, location, overall, every live requirement) and the one company filtered;
  // no name here holds a comma or a quote, so the cells split on commas.
  const header = (lines[0] ?? '').split(',');
  const cells = (lines[1] ?? '').split(',');
  expect(header.slice(0, 3)).toEqual(['Company', 'Location', 'Overall']);
  expect(cells.slice(0, 2)).toEqual([COMPANY, 'Aberdeen']);
  // The status, with the expiry day the contractor gave (200 days from today).
  const expiry = dayFromToday(200);
  expect(cells[header.indexOf(requirement)]).toBe(`Valid (${expiry.slice(4)}-${expiry.slice(2, 4)}-${expiry.slice(0, 2)})`);

  // The counts filter the matrix (a link's filter in the URL).
  await admin.page.goto('/sapphire/compliance');
  await admin.page.getByTestId('count-VALID').click();
  await expect(admin.page).toHaveURL(/status=VALID/);

  // ---------------------------------------------------------------- the overall state beside the contractor in the organisation's lists
  // contractor1's employer's liability insurance expired (demo data): not compliant.
  await admin.page.goto(`/sapphire/companies?q=${encodeURIComponent(COMPANY)}`);
  const companies = admin.page.getByRole('table', { name: 'Companies' });
  await expect(companies.getByRole('columnheader', { name: 'Compliance' })).toBeVisible();
  await expect(companies.getByRole('row').filter({ hasText: COMPANY }).getByText('Not compliant')).toBeVisible();
  await admin.page.goto('/sapphire/engagement');
  const leaderboard = admin.page.getByRole('table', { name: 'Leaderboard' });
  const overallChip = /^(Compliant|Expiring|Not compliant)$/;
  await expect(leaderboard.getByRole('row').getByText(overallChip).first()).toBeVisible();
  await admin.page.goto('/sapphire/Assessment');
  await expect(admin.page.getByRole('article').getByText(overallChip).first()).toBeVisible();
  await expectAccessible(admin.page);

  // ---------------------------------------------------------------- the matrix on a phone
  const adminPhone = await signedInContext(browser, ADMIN, { width: 390 });
  await matrixCell(adminPhone.page, '/sapphire/compliance', requirementId, requirement, 'Valid');
  await adminPhone.page.goto('/sapphire/compliance');
  const table = adminPhone.page.getByRole('table', { name: 'Compliance matrix' });
  await expect(table.getByTestId('matrix-row').first()).toBeVisible();
  await expectNoSideScroll(adminPhone.page);
  // The table scrolls inside its card, the company column held in place.
  const scroller = adminPhone.page.locator('.MuiTableContainer-root').filter({ has: table });
  const overflow = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeGreaterThan(0);
  const firstCompany = table.getByTestId('matrix-row').first().locator('th');
  const before = await firstCompany.boundingBox();
  await scroller.evaluate((el) => el.scrollBy({ left: 300 }));
  await expect.poll(async () => (await firstCompany.boundingBox())?.x).toBe(before?.x);
  await expectAccessible(adminPhone.page);
  await shot(adminPhone.page, 'compliance-matrix-390');

  for (const who of [admin, contractor, auditor, phone, adminPhone]) who.done();
  for (const who of [admin, contractor, auditor, phone, adminPhone]) await who.close();
});

test('compliance: a requirement for chosen companies and one for chosen locations reach only those contractors', async ({
  browser,
}) => {
  const sfx = attemptSuffix();
  const forCompany = `Scaffold inspection register ${sfx}`;
  const forLocation = `Dundee port access permit ${sfx}`;
  const admin = await signedInContext(browser, ADMIN);
  await admin.page.goto('/sapphire/compliance');
  await admin.page.getByRole('tab', { name: 'Requirements' }).click();

  // Chosen companies: none chosen is refused; one found by three letters in the picker, shown as a chip.
  await admin.page.getByRole('button', { name: 'Add requirement' }).click();
  const form = admin.page.getByRole('dialog', { name: 'Add requirement' });
  await form.getByLabel('Name').fill(forCompany);
  await form.getByRole('radio', { name: 'Chosen companies' }).check();
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Choose at least one company')).toBeVisible();
  const picker = form.getByRole('combobox', { name: 'Companies' });
  await picker.click();
  await picker.pressSequentially('Nor');
  await companyOption(admin.page, COMPANY).click();
  await admin.page.keyboard.press('Escape');
  await expect(form.locator('.MuiChip-root').filter({ hasText: COMPANY })).toBeVisible();
  await expectAccessible(admin.page);
  await shot(admin.page, 'compliance-requirement-companies-1280');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.page.getByText('Requirement added')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(admin.page.getByTestId('requirement-row').filter({ hasText: forCompany })).toContainText('1 company');

  // Chosen locations: from the contractors' locations, Dundee only.
  await admin.page.getByRole('button', { name: 'Add requirement' }).click();
  await form.getByLabel('Name').fill(forLocation);
  await form.getByRole('radio', { name: 'Chosen locations' }).check();
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(form.getByText('Choose at least one location')).toBeVisible();
  await form.getByRole('combobox', { name: 'Locations' }).click();
  await admin.page.getByRole('listbox').getByRole('option', { name: 'Dundee', exact: true }).click();
  // A chosen location closes the list (an Escape now would close the dialog).
  await expect(admin.page.getByRole('listbox')).toBeHidden();
  await expect(form.locator('.MuiChip-root').filter({ hasText: 'Dundee' })).toBeVisible();
  await shot(admin.page, 'compliance-requirement-locations-1280');
  await form.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(admin.page.getByText('Requirement added')).toBeVisible();
  await expect(form).toBeHidden();
  await expect(admin.page.getByTestId('requirement-row').filter({ hasText: forLocation })).toContainText('Locations: Dundee');

  // contractor1 (North Sea Scaffolding, Aberdeen) is asked for the first only; contractor2 (Dundee) for the second only.
  const first = await signedInContext(browser, CONTRACTOR);
  await first.page.goto('/atgl/Contractor/compliance');
  await expect(first.page.getByTestId('my-requirement').filter({ hasText: forCompany })).toContainText('Missing');
  await expect(first.page.getByTestId('my-requirement').filter({ hasText: forLocation })).toHaveCount(0);
  const second = await signedInContext(browser, 'contractor2@demo.test', { width: 390 });
  await second.page.goto('/atgl/Contractor/compliance');
  await expect(second.page.getByTestId('my-requirement').filter({ hasText: forLocation })).toContainText('Missing');
  await expect(second.page.getByTestId('my-requirement').filter({ hasText: forCompany })).toHaveCount(0);
  await expectNoSideScroll(second.page);
  await expectAccessible(second.page);
  await shot(second.page, 'compliance-contractor-location-390');

  for (const who of [admin, first, second]) who.done();
  for (const who of [admin, first, second]) await who.close();
});
