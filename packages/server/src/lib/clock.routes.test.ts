import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import { DUE_SOON_DAYS } from '@palisade/domain/notifications/notification.rules';
import { createAssessment, demoBank, notificationsOf, perUser, start, type Bank } from '../test/notifications-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { manualClock } from './clock';

/**
 * The services read the time from the clock the app was given (lib/clock.ts), so that a test
 * moves it instead of waiting: here years away from the machine's own date, so that a service
 * still reading the system's time would be caught.
 */
const clock = manualClock('2031-03-10T09:00:00Z');
let t: TestApp;
let admin: string;
let c3: string;
let c3Id: string;
let bank: Bank;

beforeAll(async () => {
  // The app's own sweeps stay out of the way: the test runs them.
  t = await createTestApp({}, { clock, notificationSweepMs: 3_600_000 });
  admin = await t.signIn('admin@demo.test');
  c3 = await t.signIn('contractor3@demo.test');
  c3Id = await t.userId('contractor3@demo.test');
  const demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  bank = await demoBank(t, admin, demoOrg);
});
afterAll(async () => {
  await t.close();
});

describe('the clock', () => {
  it('is the server’s today: a due date before the clock’s day is refused, whatever the machine’s date', async () => {
    clock.set('2031-03-10T09:00:00Z');
    const refused = await t.post('/api/assessment/createAssessment', { name: 'Clock Past Audit', dueDate: '2030-06-01', contractors: [], sections: [] }, admin);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(messages.assessment.dateBeforeToday);
    // The clock set back: the same day is in the future again.
    clock.set('2030-05-30T09:00:00Z');
    const made = await createAssessment(t, admin, bank, 'Clock Future Audit', [c3Id], '2030-06-01');
    expect(made.dueDate).toBe('2030-06-01');
  });

  it('moves the reminders: due soon once the clock comes within the days, overdue once it passes', async () => {
    clock.set('2031-03-10T09:00:00Z');
    const a = await createAssessment(t, admin, bank, 'Clock Reminder Audit', [c3Id], '2031-03-20');
    const r = await start(t, a, c3Id, c3);
    await t.services.notifications.sweepReminders();
    expect(await notificationsOf(t.db, 'due_soon', r._id)).toEqual([]);

    clock.set(`2031-03-${20 - DUE_SOON_DAYS}T08:00:00Z`);
    await t.services.notifications.sweepReminders();
    expect(perUser(await notificationsOf(t.db, 'due_soon', r._id))).toEqual({ [c3Id]: 1 });
    expect(await notificationsOf(t.db, 'overdue', r._id)).toEqual([]);

    clock.advance(5 * 24 * 60 * 60 * 1000);
    await t.services.notifications.sweepReminders();
    expect(perUser(await notificationsOf(t.db, 'overdue', r._id))).toEqual({ [c3Id]: 1 });
  });
});
