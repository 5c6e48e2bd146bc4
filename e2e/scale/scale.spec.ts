import { expect, type Locator } from '@playwright/test';
import { test } from '../support/fixtures';
import {
  attemptSuffix,
  call,
  createSharedAssessment,
  expectAccessible,
  expectNoSideScroll,
  organisationIdOf,
  pickCompany,
  shot,
  signInAt,
  signedInContext,
  watchConsole,
} from '../support/helpers';
import { SCALE_CONTRACTORS } from '../support/scale-setup';

/**
 * Issue 63, at scale (`npm run e2e:scale`): the demo organisation with the bench's generated
 * contractor companies besides its own nine ("Bench Contractor 00001 Ltd" …, a quarter in each of
 * Aberdeen, Dundee, Inverness and Glasgow). Each picker finds one company among them by three
 * typed characters; Share takes every company of one location; the companies list and the
 * activity log page through the server and Back returns to the same page.
 */
const ADMIN = 'admin@demo.test';
const AUDITOR = 'auditor1@demo.test';

/** A generated company's name, and three characters of it that match it alone. */
const TARGET = { name: 'Bench Contractor 00742 Ltd', typed: '742' };

test('the data set holds the generated companies', async ({ browser }) => {
  const { page, done } = await signedInContext(browser, ADMIN, { width: 1280 });
  const companyId = await organisationIdOf(page);
  const all = await call<{ ids: string[]; total: number }>(
    page,
    '/api/contractor/getContractorIds',
    { companyId },
  );
  expect(all.total).toBeGreaterThanOrEqual(SCALE_CONTRACTORS);
  done();
});

for (const width of [1280, 390]) {
  test(`each picker finds one of ${SCALE_CONTRACTORS} companies by three characters (${width} px)`, async ({
    page,
  }) => {
    const noConsoleErrors = watchConsole(page);
    await signInAt(page, ADMIN, { width });

    await expect(page.getByRole('img', { name: /^E-S-G-O Performance chart/ })).toBeVisible();
    await pickCompany(page, 'Contractor', TARGET.name, { typed: TARGET.typed });
    await expect(page.getByRole('img', { name: /^E-S-G-O Performance chart/ })).toBeVisible();
    await shot(page, `scale-picker-home-${width}`);

    await page.goto('/sapphire/Assessment');
    await expect(page.getByRole('list', { name: 'Assessment responses' })).toBeVisible();
    await pickCompany(page, 'Company', TARGET.name, { typed: TARGET.typed });
    await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Assessment responses' }).getByRole('listitem');
    for (const card of await cards.all()) await expect(card).toContainText(TARGET.name);
    await expectNoSideScroll(page);
    await shot(page, `scale-picker-overview-${width}`);

    await page.goto('/sapphire/observation');
    await expect(page.getByRole('heading', { name: 'Observation Details' })).toBeVisible();
    await pickCompany(page, 'Companies', TARGET.name, { typed: TARGET.typed });
    await expect(page).toHaveURL(/[?&]company=/);
    await expectNoSideScroll(page);
    await expectAccessible(page);
    await shot(page, `scale-picker-observation-${width}`);
    noConsoleErrors();
  });
}

test('the auditor finds one of the companies by three characters', async ({ browser }) => {
  const { page, done } = await signedInContext(browser, AUDITOR, { width: 1280 });
  await page.goto('/auditor/Assessment');
  await expect(page.getByRole('list', { name: 'Assessment responses' })).toBeVisible();
  await pickCompany(page, 'Company', TARGET.name, { typed: TARGET.typed });
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  await shot(page, 'scale-picker-auditor-1280');
  done();
});

test('Share takes every company of one location and saves them all', async ({ page }) => {
  const noConsoleErrors = watchConsole(page);
  await signInAt(page, ADMIN, { width: 1280 });
  const companyId = await organisationIdOf(page);
  const name = `Scale Share ${attemptSuffix()}`;
  const assessmentId = await createSharedAssessment(page, {
    name,
    contractorEmail: 'contractor1@demo.test',
    sections: 1,
  });
  const { locations } = await call<{ locations: { location: string; count: number }[] }>(
    page,
    '/api/contractor/getContractorLocations',
    { companyId },
  );
  const glasgow = locations.find((l) => l.location === 'Glasgow');
  expect(glasgow?.count).toBeGreaterThanOrEqual(SCALE_CONTRACTORS / 4);
  const { ids: glasgowIds } = await call<{ ids: string[] }>(
    page,
    '/api/contractor/getContractorIds',
    { companyId, location: 'Glasgow' },
  );
  const before = await call<{ contractors: string[] }>(page, '/api/assessment/getAssessmentById', {
    assessmentId,
  });

  await page.goto(`/sapphire/editAssessment/${assessmentId}`);
  await expect(page.getByLabel('Name of Assessment')).toHaveValue(name);
  await page.getByLabel('Name of Assessment').fill(`${name} 2`);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Select Companies' });
  const count = dialog.getByTestId('companies-selected');
  await expect(count).toHaveText(`${before.contractors.length} company selected`);
  await dialog.getByRole('button', { name: 'Select by location' }).click();
  await page
    .getByRole('menu')
    .getByRole('menuitem', { name: /^Glasgow/ })
    .click();
  const chosen = new Set([...before.contractors, ...glasgowIds]);
  await expect(count).toHaveText(`${chosen.size} companies selected`);
  await shot(page, 'scale-share-glasgow-1280');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL('/sapphire/Assessment');
  const saved = await call<{ contractors: string[] }>(page, '/api/assessment/getAssessmentById', {
    assessmentId,
  });
  expect(new Set(saved.contractors)).toEqual(chosen);
  noConsoleErrors();
});

/** Each row of the companies table as its S.no and company name. */
async function companyRows(table: Locator): Promise<string[]> {
  const rows = (await table.getByRole('row').all()).slice(1);
  return Promise.all(
    rows.map(
      async (row) =>
        `${await row.getByRole('cell').nth(0).innerText()} ${await row.getByRole('cell').nth(1).innerText()}`,
    ),
  );
}

test('the companies list and the activity log page through the server, and Back returns to the same page', async ({
  browser,
}) => {
  const { page, done } = await signedInContext(browser, ADMIN, { width: 1280 });
  await page.goto('/sapphire/companies?page=40&size=20');
  const table = page.getByRole('table', { name: 'Companies' });
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('781');
  const page40 = await companyRows(table);
  expect(page40).toHaveLength(20);
  await page.getByRole('button', { name: 'Page 41' }).click();
  await expect(page).toHaveURL('/sapphire/companies?page=41&size=20');
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('801');
  await page.goBack();
  await expect(page).toHaveURL('/sapphire/companies?page=40&size=20');
  await expect.poll(() => companyRows(table)).toEqual(page40);
  await shot(page, 'scale-companies-1280');
  await expectAccessible(page);

  await page.getByRole('searchbox', { name: 'Search' }).fill(TARGET.typed);
  await expect(page).toHaveURL(new RegExp(`q=${TARGET.typed}`));
  await expect(table.getByRole('row').filter({ hasText: TARGET.name })).toHaveCount(1);

  await page.goto('/sapphire/activity?page=3');
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toBeVisible();
  const third = await rows.allInnerTexts();
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL('/sapphire/activity?page=4');
  await expect.poll(() => rows.allInnerTexts()).not.toEqual(third);
  await page.goBack();
  await expect(page).toHaveURL('/sapphire/activity?page=3');
  await expect.poll(() => rows.allInnerTexts()).toEqual(third);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sapphire/companies?page=40&size=20');
  await expect(
    page.getByRole('list', { name: 'Companies' }).getByRole('listitem').first(),
  ).toContainText('781');
  await expectNoSideScroll(page);
  await shot(page, 'scale-companies-390');
  done();
});
