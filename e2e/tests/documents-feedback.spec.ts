import { expect, type Browser, type Page } from '@playwright/test';
import { test } from '../support/fixtures';
import { pdf } from '../support/test-files';
import { attemptSuffix, expectAccessible, shot, signIn, watchConsole, expectNoSideScroll } from '../support/helpers';

const ADMIN = 'admin@demo.test';
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A page of its own (own cookies) signed in as `email`, at `width`. */
async function signedIn(
  browser: Browser,
  email: string,
  width = 1280,
): Promise<{ page: Page; done: () => void; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 860 } });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signIn(page, email);
  return { page, done, close: () => context.close() };
}

test('the organisation adds a policy document with a PDF; a contractor opens it and appears in its viewers', async ({
  browser,
}) => {
  const sfx = attemptSuffix();
  const title = `Lockout Procedure ${sfx}`;
  const admin = await signedIn(browser, ADMIN);
  await expect(admin.page).toHaveURL('/sapphire/Dashboard');
  const card = admin.page.getByTestId('recent-policy-updates');
  await expect(card.getByRole('heading', { name: 'Recent Policy Updates' })).toBeVisible();
  await expect(card.getByRole('table', { name: 'Recent Policy Updates' })).toBeVisible();

  await card.getByRole('button', { name: 'Add document' }).click();
  const form = admin.page.getByRole('dialog', { name: 'Add document' });
  await form.getByLabel('Title').fill(title);
  await form
    .getByLabel('Description')
    .fill('Isolate, lock and tag every energy source before work starts.');
  // Save without a file: the spec's text, and nothing is sent.
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('alert')).toHaveText('All fields are mandatory');
  await form
    .locator('input[name="document-attachments"]')
    .setInputFiles({ name: `lockout ${sfx}.pdf`, mimeType: 'application/pdf', buffer: pdf(title) });
  await expect(form.getByText(`lockout ${sfx}.pdf`, { exact: true })).toBeVisible();
  await expectAccessible(admin.page);
  await shot(admin.page, 'documents-add-1280');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(admin.page.getByText('Document created successfully!')).toBeVisible();
  await expect(form).toBeHidden();
  // Newest first: this attempt's document heads the list, unread by anyone yet.
  const firstRow = card.getByRole('row').nth(1);
  await expect(firstRow.getByRole('button', { name: title })).toBeVisible();
  await expect(firstRow.getByText('0%')).toBeVisible();
  await shot(admin.page, 'documents-organisation-home-1280');

  // The contractor opens it from its home: the popup, the PDF in the viewer, and the view recorded.
  const contractor = await signedIn(browser, 'contractor2@demo.test');
  await expect(contractor.page).toHaveURL('/atgl/Contractor/dashboard');
  const theirCard = contractor.page.getByTestId('recent-policy-updates');
  const theirRow = theirCard.getByRole('row').filter({ hasText: title });
  await expect(theirRow.getByText('New')).toBeVisible();
  const recorded = contractor.page.waitForResponse(
    (r) => r.url().endsWith('/api/document/recordDocView') && r.status() === 200,
  );
  await theirRow.getByRole('button', { name: title }).click();
  const popup = contractor.page.getByRole('dialog', { name: title });
  await expect(
    popup.getByText('Isolate, lock and tag every energy source before work starts.'),
  ).toBeVisible();
  await expect(popup.getByText('Dana Admin')).toBeVisible();
  await expect(popup.getByText('Viewers')).toHaveCount(0);
  await recorded;
  await expectAccessible(contractor.page);
  await shot(contractor.page, 'documents-contractor-popup-1280');
  await popup.getByRole('button', { name: new RegExp(`lockout_${sfx}\\.pdf$`) }).click();
  const viewer = contractor.page.getByRole('dialog', { name: new RegExp(`lockout_${sfx}\\.pdf$`) });
  const frame = viewer.locator('iframe');
  await expect(frame).toBeVisible();
  const link = await frame.getAttribute('src');
  const download = await contractor.page.request.get(link ?? '');
  expect(download.status()).toBe(200);
  expect(download.headers()['content-type']).toBe('application/pdf');
  await shot(contractor.page, 'documents-contractor-viewer-1280');
  await viewer.getByRole('button', { name: 'Close' }).click();
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(theirRow.getByText('New')).toHaveCount(0);

  await contractor.page.setViewportSize({ width: 390, height: 860 });
  await expect(theirCard).toBeVisible();
  await expectNoSideScroll(contractor.page);
  await shot(contractor.page, 'documents-contractor-home-390');
  contractor.done();
  await contractor.close();

  // Back at the organisation: the contractor is among the viewers, with its viewed time.
  await admin.page.reload();
  const row = card.getByRole('row').filter({ hasText: title });
  await expect(row.getByText(/^[1-9]\d*%$/)).toBeVisible();
  await row.getByRole('button', { name: title }).click();
  const details = admin.page.getByRole('dialog', { name: title });
  const viewers = details.getByRole('table', { name: 'Viewers' });
  await expect(
    viewers.getByRole('row').filter({ hasText: 'Harbour Electrical Services' }),
  ).toBeVisible();
  await expect(viewers.getByText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (AM|PM)/)).toBeVisible();
  await expectAccessible(admin.page);
  await shot(admin.page, 'documents-organisation-popup-1280');

  // Edit the title, then delete it: this attempt leaves nothing behind.
  await details.getByRole('button', { name: 'Edit' }).click();
  const edit = admin.page.getByRole('dialog', { name: 'Edit document' });
  await edit.getByLabel('Title').fill(`${title} v2`);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(admin.page.getByText('Document edited successfully!')).toBeVisible();
  await expect(admin.page.getByRole('dialog', { name: `${title} v2` })).toBeVisible();
  await admin.page
    .getByRole('dialog', { name: `${title} v2` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await admin.page
    .getByRole('dialog')
    .filter({ hasText: `Are you sure,You want to delete ${title} v2?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(admin.page.getByText('Document deleted successfully!')).toBeVisible();
  await expect(card.getByRole('button', { name: `${title} v2` })).toHaveCount(0);

  await admin.page.setViewportSize({ width: 390, height: 860 });
  await expect(card).toBeVisible();
  await expectNoSideScroll(admin.page);
  await expectAccessible(admin.page);
  await shot(admin.page, 'documents-organisation-home-390');
  admin.done();
  await admin.close();
});

test('a contractor sends feedback with a PNG; the organisation finds it on its Feedback page and opens the image', async ({
  browser,
}) => {
  const sfx = attemptSuffix();
  const text = `The east gate walkway is blocked ${sfx}`;
  const contractor = await signedIn(browser, 'contractor1@demo.test');
  await expect(contractor.page).toHaveURL('/atgl/Contractor/dashboard');
  await contractor.page.getByRole('button', { name: 'Give Feedback' }).click();
  const modal = contractor.page.getByRole('dialog', { name: 'Give Feedback' });
  const submit = modal.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await modal.getByLabel('Your feedback').fill(text);
  await expect(submit).toBeEnabled();
  await modal
    .locator('input[name="feedback-attachments"]')
    .setInputFiles({ name: `gate ${sfx}.png`, mimeType: 'image/png', buffer: PNG });
  await expect(modal.getByText(`gate ${sfx}.png`, { exact: true })).toBeVisible();
  await expectAccessible(contractor.page);
  await shot(contractor.page, 'feedback-modal-1280');
  await submit.click();
  await expect(contractor.page.getByText('Feedback Added Successfully')).toBeVisible();
  await expect(modal).toBeHidden();
  await contractor.page.setViewportSize({ width: 390, height: 860 });
  // The new width re-renders the page (the phone's layout): a click that lands on the button the
  // old layout is replacing opens nothing, so the click is made again until the modal opens.
  await expect(async () => {
    await contractor.page.getByRole('button', { name: 'Give Feedback' }).click();
    await expect(modal).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await shot(contractor.page, 'feedback-modal-390');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  contractor.done();
  await contractor.close();

  const admin = await signedIn(browser, ADMIN);
  await admin.page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: 'Feedback', exact: true })
    .click();
  await expect(admin.page).toHaveURL('/sapphire/feedback');
  await expect(admin.page).toHaveTitle('Feedback | Palisade');
  const table = admin.page.getByRole('table', { name: 'Feedback' });
  // Newest first: this attempt's feedback is on the first page.
  const row = table.getByRole('row').filter({ hasText: text });
  await expect(row).toBeVisible();
  await expect(row.getByText('North Sea Scaffolding')).toBeVisible();
  await expect(row.getByText(/^\d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expectAccessible(admin.page);
  await shot(admin.page, 'feedback-page-1280');
  await row.getByRole('button', { name: new RegExp(`^Open .*gate_${sfx}\\.png$`) }).click();
  const viewer = admin.page.getByRole('dialog', { name: new RegExp(`gate_${sfx}\\.png$`) });
  const image = viewer.getByRole('img', { name: new RegExp(`gate_${sfx}\\.png$`) });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await shot(admin.page, 'feedback-image-1280');
  await viewer.getByRole('button', { name: 'Close' }).click();
  // Named until it has faded out (a dialog without a name is an axe violation while it closes).
  await expect(viewer).toBeHidden();

  // On a phone the rows are cards; delete this attempt's after the confirmation.
  await admin.page.setViewportSize({ width: 390, height: 860 });
  const item = admin.page.getByTestId('feedback-item').filter({ hasText: text });
  await expect(item).toBeVisible();
  await expect(item.getByText('North Sea Scaffolding')).toBeVisible();
  await expectNoSideScroll(admin.page);
  await expectAccessible(admin.page);
  await shot(admin.page, 'feedback-page-390');
  await item.getByRole('button', { name: 'Delete feedback of North Sea Scaffolding' }).click();
  await admin.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.page.getByText('Feedback Deleted Successfully')).toBeVisible();
  await expect(admin.page.getByTestId('feedback-item').filter({ hasText: text })).toHaveCount(0);
  admin.done();
  await admin.close();
});
