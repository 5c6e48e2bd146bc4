import type { FastifyInstance } from 'fastify';
import {
  getNotificationPreferencesSchema,
  listNotificationsSchema,
  markAllNotificationsReadSchema,
  markNotificationReadSchema,
  unsubscribeSchema,
  updateNotificationPreferenceSchema,
} from '@palisade/domain/notifications/notification.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { validate } from '../../lib/validate';
import { authorize } from '../../plugins/auth-context';
import type { Services } from '../../services';

/** The bell, the notification settings and the unsubscribe link of mails (issue 22). */
export async function notificationsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { notifications } = opts.services;

  app.post('/notification/list', async (request) => {
    const ctx = authorize(request, 'notification.list');
    validate(listNotificationsSchema, request.body);
    return ok(await notifications.list(ctx));
  });

  app.post('/notification/markRead', async (request) => {
    const ctx = authorize(request, 'notification.markRead');
    const { notificationId } = validate(markNotificationReadSchema, request.body);
    return ok(await notifications.markRead(ctx, notificationId));
  });

  app.post('/notification/markAllRead', async (request) => {
    const ctx = authorize(request, 'notification.markAllRead');
    validate(markAllNotificationsReadSchema, request.body);
    return ok(await notifications.markAllRead(ctx));
  });

  app.post('/notification/getPreferences', async (request) => {
    const ctx = authorize(request, 'notification.getPreferences');
    validate(getNotificationPreferencesSchema, request.body);
    return ok(await notifications.getPreferences(ctx));
  });

  app.post('/notification/updatePreference', async (request) => {
    const ctx = authorize(request, 'notification.updatePreference');
    const { kind, email } = validate(updateNotificationPreferenceSchema, request.body);
    return ok(await notifications.updatePreference(ctx, kind, email), messages.notifications.preferenceSaved);
  });

  // No sign-in: the link of a mail works in any browser; the signed token says whose and which kind.
  app.post('/notification/unsubscribe', async (request) => {
    const { token } = validate(unsubscribeSchema, request.body);
    return ok(await notifications.unsubscribe(token));
  });
}
