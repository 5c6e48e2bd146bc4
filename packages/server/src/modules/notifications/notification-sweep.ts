import type { FastifyBaseLogger } from 'fastify';
import type { NotificationsService } from './notifications.service';

/** How often each instance looks for due-date reminders and unread chats by default. */
export const NOTIFICATION_SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Runs the reminder and chat digest sweeps every intervalMs. Every instance may run one: what a
 * sweep tells is marked in the same transaction (notifications.service), so that two instances
 * tell it once. The timer does not keep the process alive, and a sweep never overlaps the previous.
 */
export function startNotificationSweep(deps: { notifications: NotificationsService; intervalMs: number; log: FastifyBaseLogger }) {
  let running: Promise<void> | null = null;
  const run = async () => {
    const reminders = await deps.notifications.sweepReminders();
    const digests = await deps.notifications.sweepChat();
    if (reminders + digests > 0) deps.log.info({ reminders, digests }, 'notifications swept');
  };
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .catch((err: unknown) => deps.log.error({ err }, 'notification sweep failed'))
      .finally(() => {
        running = null;
      });
  }, deps.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (running) await running;
    },
  };
}
