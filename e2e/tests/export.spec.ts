import fs from 'node:fs';
import { expect } from '@playwright/test';
import { test } from '../support/fixtures';
import { expectAccessible, expectNoSideScroll, fromNewestMail, shot, signedInContext } from '../support/helpers';

const ADMIN = 'admin@demo.test';

/**
 * Issue 61: the organisation's admin asks for "Export all data" in Settings, sees it built, is
 * told under the bell and by mail, and downloads the zip; a contractor has no such card.
 */
test('the admin exports all the organisation’s data from Settings and downloads the zip', async ({ browser }) => {
  const since = Date.now();
  const { page, done, close } = await signedInContext(browser, ADMIN);
  await page.goto('/sapphire/settings');
  const card = page.getByRole('region', { name: 'Export all data' });
  await expect(card).toBeVisible();
  // A first attempt asks for it; a repeat on the same server asks again.
  await card.getByRole('button', { name: /^(Export all data|Export again)$/ }).click();
  await expect(page.getByText('Your export is being prepared. You will be told when it is ready.')).toBeVisible();
  const download = card.getByRole('link', { name: 'Download' });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText('Ready', { exact: true })).toBeVisible();
  await expect(card).toContainText('The link works until');
  await expect(card.getByRole('button', { name: 'Export again' })).toBeEnabled();
  await shot(page, 'export-ready-1280');
  await expectAccessible(page);

  // The download: a zip named after the organisation.
  const saving = page.waitForEvent('download');
  await download.click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/^palisade-export-demo-gas-ltd-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = fs.readFileSync((await file.path()) ?? '');
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  expect(bytes.includes(Buffer.from('README.txt'))).toBe(true);
  expect(bytes.includes(Buffer.from('data/responses.json'))).toBe(true);

  // The bell tells it, and so does a mail with the download link.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: /Your data export is ready/ }).first()).toBeVisible();
  await page.keyboard.press('Escape');
  const link = await fromNewestMail(ADMIN, (text) => /https?:\/\/\S+\/api\/export\/download\/[0-9a-f-]+/.exec(text)?.[0], since);
  const viaMail = await page.request.get(new URL(link).pathname);
  expect(viaMail.status()).toBe(200);
  expect(viaMail.headers()['content-type']).toBe('application/zip');

  // 390 px: the card fits the phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/sapphire/settings');
  await expect(card.getByRole('link', { name: 'Download' })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shot(page, 'export-ready-390');
  done();
  await close();

  // Another user may not download it, and a contractor has no export card.
  const contractor = await signedInContext(browser, 'contractor1@demo.test');
  expect((await contractor.page.request.get(new URL(link).pathname)).status()).toBe(403);
  await contractor.page.goto('/atgl/Contractor/settings');
  await expect(contractor.page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(contractor.page.getByRole('region', { name: 'Export all data' })).toHaveCount(0);
  contractor.done();
  await contractor.close();
});
