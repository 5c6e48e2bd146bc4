import { expect, type APIRequestContext, type Browser, type Dialog, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { attemptSuffix, createSharedAssessment, expectAccessible, shot, signIn, watchConsole } from '../support/helpers';

// Issue 56: an upload shows its file's name and progress while it runs, and leaving the page
// while one runs asks first: the app's own dialog for a move through the menu, the browser's
// prompt for a reload. The upload is held at the network (page.route) until the test lets it go.

const CONTRACTOR = 'contractor1@demo.test';
const ADMIN = 'admin@demo.test';
const R = '/api/assessment/responses';
const UPLOAD = `**${R}/uploadAttachment**`;

/** A small valid PDF: the server checks an attachment by its bytes, not its name. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
  ].join('\n'),
);

interface Response {
  _id: string;
  sections: Array<{ _id: string; categoryId: string }>;
}

async function call<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const reply = await request.post(path, { data: body });
  const json = (await reply.json()) as { message: string; data: T };
  expect(reply.status(), `${path}: ${json.message}`).toBe(200);
  return json.data;
}

/** As the organisation admin (a context of its own), shares a new assessment with contractor1. */
async function shareAssessment(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, ADMIN);
  await expect(page).toHaveURL('/sapphire/Dashboard');
  const id = await createSharedAssessment(page, {
    name: `Upload Audit ${attemptSuffix()}`,
    contractorEmail: CONTRACTOR,
    sections: 1,
    answerTypes: ['yesNo'],
  });
  await context.close();
  return id;
}

/** Holds every upload at the network until `release` lets the oldest one go. */
async function holdUploads(page: Page) {
  const waiting: Array<() => void> = [];
  await page.route(UPLOAD, async (route) => {
    await new Promise<void>((resolve) => waiting.push(resolve));
    await route.continue();
  });
  return {
    release: async () => {
      await expect.poll(() => waiting.length).toBeGreaterThan(0);
      waiting.shift()?.();
    },
  };
}

test('an upload shows its name and progress; leaving while it runs asks, and staying lets it complete', async ({ browser }) => {
  const assessmentId = await shareAssessment(browser);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const noConsoleErrors = watchConsole(page);
  await signIn(page, CONTRACTOR);
  await expect(page).not.toHaveURL('/');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { data: { _id: string } };
  const r = await call<Response>(page.request, `${R}/createResponseForContractor`, {
    assessmentId,
    contractor: { contractorId: me.data._id },
  });
  const checklist = `/atgl/Contractor/assessment/${r._id}/categories/${r.sections[0]?.categoryId ?? ''}`;
  await page.goto(checklist);
  await expect(page.getByRole('button', { name: 'Attach a file to question 1' })).toBeEnabled();
  const uploads = await holdUploads(page);

  // The upload runs (held): its file's name and a determinate bar named after it.
  await page.getByTestId('attach-input-1').setInputFiles({ name: 'site-permit.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText('Uploading site-permit.pdf')).toBeVisible();
  const bar = page.getByRole('progressbar', { name: 'Upload of site-permit.pdf' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(bar).toHaveAttribute('aria-valuetext', /of .* \(\d+%\)$/);
  await expectAccessible(page);
  await shot(page, 'edges-upload-progress-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(bar).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'edges-upload-progress-390');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Leaving through the menu asks; Stay keeps the page and the upload.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  const ask = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(ask).toBeVisible();
  await expect(ask.getByText('An upload is still running. Leave and lose it?')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'edges-upload-leave-1280');
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(checklist);
  await expect(bar).toBeVisible();

  // Let it go: it completes, and the file is the question's.
  await uploads.release();
  await expect(bar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Files of question 1 (1)' })).toBeVisible();

  // A reload during the next upload: the browser asks first (staying keeps it running).
  await page.getByTestId('attach-input-1').setInputFiles({ name: 'method-statement.pdf', mimeType: 'application/pdf', buffer: PDF });
  const second = page.getByRole('progressbar', { name: 'Upload of method-statement.pdf' });
  await expect(second).toBeVisible();
  const asked = new Promise<Dialog>((resolve) => page.once('dialog', resolve));
  // The reload is asked from the page (a timer, so that this evaluate is not held by the prompt).
  await page.evaluate(() => {
    window.setTimeout(() => window.location.reload(), 0);
  });
  const prompt = await asked;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.dismiss();
  await expect(second).toBeVisible();
  await uploads.release();
  await expect(second).toBeHidden();
  await expect(page.getByRole('button', { name: 'Files of question 1 (2)' })).toBeVisible();

  // Nothing runs: the menu leaves at once.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL('/atgl/Contractor/dashboard');
  noConsoleErrors();
  await context.close();
});
