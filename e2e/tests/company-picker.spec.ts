import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  ARTIFACTS,
  attemptSuffix,
  call,
  createSharedAssessment,
  expectAccessible,
  expectInsideWidth,
  expectNoSideScroll,
  organisationIdOf,
  pickCompany,
  shot,
  signedInContext,
  watchConsole,
  signInAt,
} from '../support/helpers';

/**
 * Issue 63: every place that picks companies asks the server as the user types (the first 50
 * matches), and Select Companies (Share) selects all that match a search or one location, with the
 * count of what is chosen in view. On the demo data (nine Demo Gas contractors); the same journeys
 * against the generated 1 000 are the scale run's.
 */
const ADMIN = 'admin@demo.test';
const AUDITOR = 'auditor1@demo.test';
const CONTRACTOR = 'contractor1@demo.test';

/** The viewport as the user sees it: an open list or a dialog (a full-page picture runs past it). */
async function viewShot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250); // a list or a dialog finishing its fade
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

/** The open list checked by axe, then its picture. */
async function checkedShot(page: Page, name: string): Promise<void> {
  await expectAccessible(page);
  await viewShot(page, name);
}

for (const width of [1280, 390]) {
  test(`the organisation finds a company by three letters in each picker (${width} px)`, async ({
    page,
  }) => {
    const noConsoleErrors = watchConsole(page);
    await signInAt(page, ADMIN, { width });

    // Home: E-S-G-O Performance of one contractor; the card asks for it by id.
    await expect(page.getByRole('img', { name: /^E-S-G-O Performance chart/ })).toBeVisible();
    const esgo = page.waitForRequest(
      (r) =>
        r.url().endsWith('/getESGOForAllContractors') &&
        typeof (r.postDataJSON() as { contractorId?: string }).contractorId === 'string',
    );
    await pickCompany(page, 'Contractor', 'Tay Valley Electrical', {
      beforeChoosing: () => checkedShot(page, `company-picker-home-${width}`),
    });
    await esgo;
    await expect(page.getByRole('img', { name: /^E-S-G-O Performance chart/ })).toBeVisible();
    await expectInsideWidth(
      page.getByRole('combobox', { name: 'Contractor' }),
      'the contractor picker',
    );
    // Performance's locations come from the locations call, not every contractor.
    await expect(page.getByRole('combobox', { name: 'Location' }).locator('option')).toContainText([
      'All locations',
      'Aberdeen',
      'Dundee',
      'Inverness',
    ]);

    // The overview's company filter.
    await page.goto('/sapphire/Assessment');
    await expect(page.getByRole('list', { name: 'Assessment responses' })).toBeVisible();
    await pickCompany(page, 'Company', 'Harbour Electrical Services', {
      beforeChoosing: () => checkedShot(page, `company-picker-overview-${width}`),
    });
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Assessment responses' }).getByRole('listitem');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all())
      await expect(card).toContainText('Harbour Electrical Services');
    await expectNoSideScroll(page);
    await expectAccessible(page);
    await shot(page, `company-picker-overview-chosen-${width}`);

    // The observation page's company filter, kept in the URL: a reload names it again.
    await page.goto('/sapphire/observation');
    await expect(page.getByRole('heading', { name: 'Observation Details' })).toBeVisible();
    await pickCompany(page, 'Companies', 'North Sea Scaffolding', {
      beforeChoosing: () => checkedShot(page, `company-picker-observation-${width}`),
    });
    await expect(page).toHaveURL(/[?&]company=/);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Companies' })).toHaveValue(
      'North Sea Scaffolding',
    );
    await expectNoSideScroll(page);
    await expectAccessible(page);
    await shot(page, `company-picker-observation-chosen-${width}`);
    noConsoleErrors();
  });
}

test('the auditor finds a company by three letters in the assessment list', async ({ browser }) => {
  const { page, done } = await signedInContext(browser, AUDITOR, { width: 1280 });
  await page.goto('/auditor/Assessment');
  await expect(page.getByRole('list', { name: 'Assessment responses' })).toBeVisible();
  await pickCompany(page, 'Company', 'North Sea Scaffolding', {
    beforeChoosing: () => checkedShot(page, 'company-picker-auditor-1280'),
  });
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  const cards = page.getByRole('list', { name: 'Assessment responses' }).getByRole('listitem');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) await expect(card).toContainText('North Sea Scaffolding');
  done();
});

for (const width of [1280, 390]) {
  test(`Share selects the companies of one location and of a search, with the count in view (${width} px)`, async ({
    page,
  }) => {
    const noConsoleErrors = watchConsole(page);
    await signInAt(page, ADMIN, { width });
    const companyId = await organisationIdOf(page);
    const name = `Picker Share ${attemptSuffix()}`;
    const assessmentId = await createSharedAssessment(page, {
      name,
      contractorEmail: CONTRACTOR,
      sections: 1,
    });
    const { locations } = await call<{ locations: { location: string; count: number }[] }>(
      page,
      '/api/contractor/getContractorLocations',
      { companyId },
    );
    const inverness = locations.find((l) => l.location === 'Inverness');
    expect(inverness?.count).toBeGreaterThanOrEqual(2);
    const { ids: invernessIds } = await call<{ ids: string[] }>(
      page,
      '/api/contractor/getContractorIds',
      { companyId, location: 'Inverness' },
    );
    const northSea = await call<{ items: { _id: string }[] }>(
      page,
      '/api/contractor/searchContractors',
      { companyId, search: 'North Sea Scaffolding' },
    );
    const shared = northSea.items.map((c) => c._id);

    await page.goto(`/sapphire/editAssessment/${assessmentId}`);
    await expect(page.getByLabel('Name of Assessment')).toHaveValue(name);
    await page.getByLabel('Name of Assessment').fill(`${name} 2`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Companies' });
    const count = dialog.getByTestId('companies-selected');
    await expect(count).toHaveText('1 company selected');
    await expect(dialog.getByRole('checkbox', { name: /North Sea Scaffolding/ })).toBeChecked();

    // Select by location: every company of Inverness, with the count.
    await dialog.getByRole('button', { name: 'Select by location' }).click();
    const menu = page.getByRole('menu');
    await expect(
      menu.getByRole('menuitem', { name: `Inverness (${inverness?.count ?? 0} companies)` }),
    ).toBeVisible();
    await expectAccessible(page);
    await viewShot(page, `company-picker-share-locations-${width}`);
    await menu.getByRole('menuitem', { name: /^Inverness/ }).click();
    const chosen = new Set([...shared, ...invernessIds]);
    await expect(count).toHaveText(`${chosen.size} companies selected`);
    await expect(dialog.getByRole('checkbox', { name: /Highland Access Solutions/ })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /Moray Firth Marine/ })).toBeChecked();

    // A search of three letters, and all that match it.
    await dialog.getByRole('searchbox', { name: 'Search companies' }).fill('Gra');
    const { ids: granite } = await call<{ ids: string[] }>(
      page,
      '/api/contractor/getContractorIds',
      { companyId, search: 'Gra' },
    );
    const selectMatching = dialog.getByRole('button', {
      name: `Select all ${granite.length} that match`,
    });
    await expect(selectMatching).toBeVisible();
    for (const box of await dialog.getByRole('checkbox').all())
      await expect(box).toHaveAccessibleName(/gra/i);
    await selectMatching.click();
    for (const id of granite) chosen.add(id);
    await expect(count).toHaveText(`${chosen.size} companies selected`);
    await expect(
      dialog.getByRole('button', { name: `Deselect all ${granite.length} that match` }),
    ).toBeVisible();
    await expectInsideWidth(count, 'the count');
    await expectAccessible(page);
    await viewShot(page, `company-picker-share-${width}`);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL('/sapphire/Assessment');
    const saved = await call<{ contractors: string[] }>(page, '/api/assessment/getAssessmentById', {
      assessmentId,
    });
    expect(new Set(saved.contractors)).toEqual(chosen);
    await page.request.post('/api/assessment/deleteAssessment', { data: { assessmentId } });
    noConsoleErrors();
  });
}
