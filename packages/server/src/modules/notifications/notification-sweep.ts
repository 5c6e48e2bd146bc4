import type { FastifyBaseLogger } from 'fastify';
import { startPeriodic, type Periodic } from '../../lib/periodic';
import type { NotificationsService } from './notifications.service';

/** How often each instance looks for due-date reminders and unread chats by default. */
export const NOTIFICATION_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Runs the reminder and chat digest sweeps every intervalMs. Every instance may run one: what a
 * sweep tells is marked in the same transaction (notifications.service), so that two instances
 * tell it once. The timer does not keep the process alive, and a sweep never overlaps the previous.
 */
export function startNotificationSweep(deps: { notifications: NotificationsService; intervalMs: number; log: FastifyBaseLogger }): Periodic {
  return startPeriodic({
    name: 'notification sweep',
    intervalMs: deps.intervalMs,
    log: deps.log,
    run: async () => {
      const reminders = await deps.notifications.sweepReminders();
      const digests = await deps.notifications.sweepChat();
      if (reminders + digests > 0) deps.log.info({ reminders, digests }, 'notifications swept');
    },
  });
}
