import { expect } from '@playwright/test';
import { test } from '../support/fixtures';
import { expectAccessible } from '../support/helpers';

// The accessibility check every scenario leans on must itself fail on what it is there to find:
// a button without a name and text too faint to read, on a page of the portal's shape.
test('the accessibility check fails on serious violations and passes their fix', async ({ page }) => {
  const html = (body: string) => `<!doctype html><html lang="en"><head><title>Check</title></head><body><main>${body}</main></body></html>`;
  await page.setContent(html('<h1>Check</h1><button></button><p style="color:#eee;background:#fff">Faint</p>'));
  const failure = await expectAccessible(page).then(
    () => '',
    (error: Error) => error.message,
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('color-contrast');
  // Checked twice in one document: axe is loaded once and runs again.
  await page.setContent(html('<h1>Check</h1><button>Save</button><p style="color:#333;background:#fff">Clear</p>'));
  await expectAccessible(page);
  await expectAccessible(page);
});
