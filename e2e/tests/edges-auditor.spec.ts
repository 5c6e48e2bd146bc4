import { expect, type Browser, type Page } from '@playwright/test';
import { serverUrl, test } from '../support/fixtures';
import {
  attemptSuffix,
  createSharedAssessment,
  expectAccessible,
  shot,
  signIn,
  watchConsole,
} from '../support/helpers';

/**
 * Edges of the auditor's review (issue 56): its own files on a question of a SUBMITTED response
 * (company-and-auditor §2.5: attach button, attachments menu), read by the contractor and the
 * organisation; and a PENDING response, whose checklist the auditor cannot open (DECISIONS.md,
 * States).
 */
const CONTRACTOR = 'contractor1@demo.test';
const AUDITOR = 'auditor1@demo.test';
const ADMIN = 'admin@demo.test';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

interface Started {
  _id: string;
  sections: { _id: string; categoryId: string; category: { name: string }; questions: { _id: string; questType: { answerType: string } }[] }[];
}

/** A signed-in page of its own browser context (its own cookies). */
async function session(browser: Browser, email: string, width = 1280): Promise<{ page: Page; done: () => void }> {
  const context = await browser.newContext({ baseURL: serverUrl(), viewport: { width, height: 900 } });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  return { page, done };
}

/** POSTs a call with the page's session and returns `data`, failing on any code but 200. */
async function call<T>(page: Page, path: string, body: unknown): Promise<T> {
  const reply = await page.request.post(path, { data: body });
  const json = (await reply.json()) as { message: string; data: T };
  expect(reply.status(), `${path}: ${json.message}`).toBe(200);
  return json.data;
}

/**
 * As the organisation, a new assessment for contractor1; as contractor1, its response started
 * (PENDING) and, with `submit`, every question answered and submitted.
 */
async function responseOf(admin: Page, contractor: Page, name: string, submit: boolean): Promise<Started> {
  const assessmentId = await createSharedAssessment(admin, { name, contractorEmail: CONTRACTOR });
  const me = ((await (await contractor.request.get('/api/auth/me')).json()) as { data: { _id: string } }).data;
  const started = await call<Started>(contractor, '/api/assessment/responses/createResponseForContractor', {
    assessmentId,
    contractor: { contractorId: me._id },
  });
  if (!submit) return started;
  for (const section of started.sections) {
    const questions = section.questions.map((q) => ({
      _id: q._id,
      answer:
        q.questType.answerType === 'yesNo'
          ? { yesNo: 'YES' }
          : q.questType.answerType === 'numeric'
            ? { value: 3 }
            : { text: 'Checked every week by the site supervisor' },
    }));
    await call(contractor, '/api/assessment/responses/updateSectionInResponse', {
      assesRespId: started._id,
      sectionId: section._id,
      responseData: { questions },
    });
  }
  await call(contractor, '/api/assessment/responses/changeResponseStatus', { responseId: started._id, status: 'SUBMITTED' });
  return started;
}

test("an auditor attaches its file to a question of a SUBMITTED response; the contractor and the organisation see it as the auditor's", async ({
  browser,
}) => {
  const admin = await session(browser, ADMIN);
  const contractor = await session(browser, CONTRACTOR);
  const name = `Auditor Files ${attemptSuffix()}`;
  const response = await responseOf(admin.page, contractor.page, name, true);
  const first = response.sections[0];
  if (!first) throw new Error('no section');
  const category = first.category.name;

  // ---------------------------------------------------------------- auditor at 1280 px: the table
  const auditor = await session(browser, AUDITOR);
  const a = auditor.page;
  await a.goto(`/auditor/assessment/${response._id}/categories`);
  await a.getByRole('list', { name: 'Categories of the assessment' }).getByRole('link', { name: category }).click();
  await expect(a.getByRole('heading', { level: 1, name: category })).toBeVisible();
  const table = a.getByRole('table', { name: 'Questions of the category' });
  await expect(table.getByRole('columnheader', { name: 'Your Response' })).toBeVisible();

  // The menu of a question without files says so.
  await table.getByRole('button', { name: "Auditor's files (0) of question 2" }).click();
  const empty = a.getByRole('dialog', { name: "Auditor's files (0) of question 2" });
  await expect(empty).toHaveText('No files available');
  await a.keyboard.press('Escape');
  await expect(empty).toBeHidden();

  await expect(table.getByRole('button', { name: 'Attach your file to question 1' })).toBeEnabled();
  await a.getByTestId('auditor-attach-input-1').setInputFiles({ name: 'site findings.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(a.getByText('File attached')).toBeVisible();
  const filesButton = table.getByRole('button', { name: "Auditor's files (1) of question 1" });
  await filesButton.click();
  const menu = a.getByRole('dialog', { name: "Auditor's files (1) of question 1" });
  const link = menu.getByRole('link', { name: /^Download [A-Za-z0-9]{5}_site_findings\.pdf$/ });
  await expect(link).toBeVisible();
  await expect(menu.getByText(/· by /)).toBeVisible();
  await expect(menu.getByRole('button', { name: /^Delete / })).toBeVisible();
  const fileLink = (await link.getAttribute('href')) ?? '';
  expect(fileLink).toMatch(/^\/api\/files\//);
  await shot(a, 'edges-auditor-files-menu-1280');
  await expectAccessible(a);
  await a.keyboard.press('Escape');
  await expectAccessible(a);

  // ---------------------------------------------------------------- auditor at 390 px: the cards
  await a.setViewportSize({ width: 390, height: 844 });
  const cards = a.getByRole('list', { name: 'Questions of the category' });
  await expect(cards.getByRole('button', { name: 'Attach your file to question 1' })).toBeVisible();
  await cards.getByRole('button', { name: "Auditor's files (1) of question 1" }).click();
  await expect(a.getByRole('dialog', { name: "Auditor's files (1) of question 1" }).getByRole('link')).toBeVisible();
  await shot(a, 'edges-auditor-files-menu-390');
  await expectAccessible(a);
  await a.keyboard.press('Escape');
  await shot(a, 'edges-auditor-checklist-390');

  // ---------------------------------------------------------------- the contractor reads it, as the auditor's
  const c = contractor.page;
  await c.goto(`/atgl/Contractor/assessment/${response._id}/categories/${first.categoryId}`);
  await expect(c.getByRole('heading', { level: 1, name: category })).toBeVisible();
  const contractorButton = c.getByRole('button', { name: "Auditor's files (1) of question 1" });
  await expect(contractorButton).toHaveText("Auditor's files (1)");
  await contractorButton.click();
  const contractorMenu = c.getByRole('dialog', { name: "Auditor's files (1) of question 1" });
  await expect(contractorMenu.getByRole('link', { name: /site_findings\.pdf$/ })).toHaveAttribute('href', fileLink);
  await expect(contractorMenu.getByRole('button', { name: /^Delete / })).toHaveCount(0);
  await shot(c, 'edges-auditor-contractor-sees-1280');
  await expectAccessible(c);
  expect((await c.request.get(fileLink)).status()).toBe(200);

  // ---------------------------------------------------------------- the organisation reads it too
  const o = admin.page;
  await o.goto(`/sapphire/Cap_AssesmentView/${response._id}/Categories/${first.categoryId}`);
  const orgButton = o.getByRole('button', { name: "Auditor's files (1) of question 1" });
  await expect(orgButton).toHaveText("Auditor's files (1)");
  await orgButton.click();
  await expect(o.getByRole('dialog', { name: "Auditor's files (1) of question 1" }).getByRole('link', { name: /site_findings\.pdf$/ })).toBeVisible();
  await shot(o, 'edges-auditor-organisation-sees-1280');
  await expectAccessible(o);
  const download = await o.request.get(fileLink);
  expect(download.status()).toBe(200);
  expect((await download.body()).equals(PDF)).toBe(true);

  // ---------------------------------------------------------------- the auditor deletes its own file
  await a.setViewportSize({ width: 1280, height: 900 });
  await a.getByRole('button', { name: "Auditor's files (1) of question 1" }).click();
  await a.getByRole('dialog', { name: "Auditor's files (1) of question 1" }).getByRole('button', { name: /^Delete / }).click();
  const confirm = a.getByRole('dialog', { name: 'Delete file' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(a.getByText('File deleted')).toBeVisible();
  await expect(a.getByRole('button', { name: "Auditor's files (0) of question 1" })).toBeVisible();
  expect((await o.request.get(fileLink)).status()).toBe(404);

  auditor.done();
  contractor.done();
  admin.done();
});

test('in PENDING the auditor cannot open the checklist: the category links are disabled, and a checklist URL goes back to the list', async ({
  browser,
}) => {
  const admin = await session(browser, ADMIN);
  const contractor = await session(browser, CONTRACTOR);
  const response = await responseOf(admin.page, contractor.page, `Pending Draft ${attemptSuffix()}`, false);
  const first = response.sections[0];
  if (!first) throw new Error('no section');

  const auditor = await session(browser, AUDITOR);
  const a = auditor.page;
  await a.goto(`/auditor/assessment/${response._id}/categories`);
  const list = a.getByRole('list', { name: 'Categories of the assessment' });
  const links = list.getByRole('link');
  await expect(links.first()).toBeVisible();
  const count = await links.count();
  expect(count).toBe(response.sections.length);
  for (let i = 0; i < count; i += 1) {
    await expect(links.nth(i)).toHaveAttribute('aria-disabled', 'true');
    await expect(links.nth(i)).not.toHaveAttribute('href', /.*/);
  }
  await expect(a.getByText('The company has not submitted this response yet: it cannot be judged.')).toBeVisible();
  await shot(a, 'edges-auditor-pending-categories-1280');
  await expectAccessible(a);

  await a.goto(`/auditor/assessment/${response._id}/Categories/${first.categoryId}`);
  await expect(a).toHaveURL('/auditor/Assessment');
  await expect(a.getByRole('radiogroup')).toHaveCount(0);

  auditor.done();
  contractor.done();
  admin.done();
});
