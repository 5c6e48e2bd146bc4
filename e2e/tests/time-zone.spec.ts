import { expect } from '@playwright/test';
import { test, serverUrl } from '../support/fixtures';
import { expectAccessible, expectNoSideScroll, shot, signInToDashboard, watchConsole } from '../support/helpers';

const ADMIN = 'admin@other.test';

interface TimeZoneSettings {
  timeZone: string;
  isSet: boolean;
  version: number;
}

/**
 * Issue 60: an admin whose browser is in India signs in (an organisation without a zone takes
 * it), and sets the organisation's time zone in Settings; the card says the offset it now has.
 */
test('the admin sets the organisation’s time zone in Settings (a browser in India), 1280 and 390 px', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: serverUrl(), viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Kolkata' });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signInToDashboard(page, ADMIN);
  const read = async () => ((await (await page.request.get('/api/organisation/getTimeZone')).json()) as { data: TimeZoneSettings }).data;
  const before = await read();
  // Set by this sign-in unless an earlier scenario's sign-in (a browser in UTC) set it first.
  expect(before.isSet).toBe(true);
  try {
    await page.goto('/sapphire/settings');
    const card = page.getByRole('region', { name: 'Time zone' });
    await expect(card).toBeVisible();
    const field = card.getByRole('combobox', { name: 'Time zone of the organisation' });
    await expect(field).toHaveValue(before.timeZone);
    await field.fill('Kolk');
    await page.getByRole('option', { name: 'Asia/Kolkata' }).click();
    await expect(field).toHaveValue('Asia/Kolkata');
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Save time zone' }).click();
    await expect(page.getByText('Time zone saved')).toBeVisible();
    await expect(card.getByRole('status')).toHaveText('Now UTC+05:30 in Kolkata, Asia');
    expect((await read()).timeZone).toBe('Asia/Kolkata');
    await shot(page, 'time-zone-settings-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(card.getByRole('status')).toBeVisible();
    await expectNoSideScroll(page);
    await expectAccessible(page);
    await shot(page, 'time-zone-settings-390');

    // Times are the user's own: in India, as the organisation's, they name no zone.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/sapphire/activity');
    const logged = page.getByRole('row').filter({ hasText: "to Kolkata, Asia" }).first();
    await expect(logged).toBeVisible();
    await expect(logged).not.toContainText('(UTC');
    // The same entry to the admin in a browser on UTC: its time names that zone.
    const away = await browser.newContext({ baseURL: serverUrl(), viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
    try {
      const elsewhere = await away.newPage();
      const doneElsewhere = watchConsole(elsewhere);
      await signInToDashboard(elsewhere, ADMIN);
      await elsewhere.goto('/sapphire/activity');
      const seen = elsewhere.getByRole('row').filter({ hasText: "to Kolkata, Asia" }).first();
      await expect(seen).toContainText(/\d\d:\d\d [AP]M \(UTC\+00:00\)/);
      await expectAccessible(elsewhere);
      await shot(elsewhere, 'time-zone-activity-utc-1280');
      doneElsewhere();
    } finally {
      await away.close();
    }
    done();
  } finally {
    // The organisation back as it was, for the worker's next scenarios.
    const now = await read();
    await page.request.post('/api/organisation/setTimeZone', { data: { timeZone: before.timeZone, version: now.version } });
    await context.close();
  }
});
