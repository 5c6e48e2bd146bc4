import type { FastifyInstance } from 'fastify';
import {
  getNotificationPreferencesSchema,
  listNotificationsSchema,
  markAllNotificationsReadSchema,
  markNotificationReadSchema,
  notificationListReplySchema,
  notificationPreferencesSchema,
  unreadCountSchema,
  unsubscribeReplySchema,
  unsubscribeSchema,
  updateNotificationPreferenceSchema,
} from '@palisade/domain/notifications/notification.schema';
import { messages } from '@palisade/domain/messages';
import { ok } from '../../lib/envelope';
import { replyOf, signedIn, type ZodTypeProvider } from '../../plugins/route-contract';
import type { Services } from '../../services';

/** The bell, the notification settings and the unsubscribe link of mails (issue 22). */
export async function notificationsRoutes(fastify: FastifyInstance, opts: { services: Services }): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { notifications } = opts.services;

  app.post(
    '/notification/list',
    {
      schema: {
        summary: 'The bell: the latest 20 notifications and the unread count; with page or pageSize, one page of them all and the total',
        body: listNotificationsSchema,
        response: replyOf(notificationListReplySchema),
      },
      config: { policy: 'notification.list' },
    },
    async (request) => ok(await notifications.list(signedIn(request), request.body)),
  );

  app.post(
    '/notification/markRead',
    { schema: { body: markNotificationReadSchema, response: replyOf(unreadCountSchema) }, config: { policy: 'notification.markRead' } },
    async (request) => ok(await notifications.markRead(signedIn(request), request.body.notificationId)),
  );

  app.post(
    '/notification/markAllRead',
    { schema: { body: markAllNotificationsReadSchema, response: replyOf(unreadCountSchema) }, config: { policy: 'notification.markAllRead' } },
    async (request) => ok(await notifications.markAllRead(signedIn(request))),
  );

  app.post(
    '/notification/getPreferences',
    {
      schema: { summary: 'E-mail on or off per notification kind', body: getNotificationPreferencesSchema, response: replyOf(notificationPreferencesSchema) },
      config: { policy: 'notification.getPreferences' },
    },
    async (request) => ok(await notifications.getPreferences(signedIn(request))),
  );

  app.post(
    '/notification/updatePreference',
    {
      schema: { body: updateNotificationPreferenceSchema, response: replyOf(notificationPreferencesSchema) },
      config: { policy: 'notification.updatePreference' },
    },
    async (request) => {
      const { kind, email } = request.body;
      return ok(await notifications.updatePreference(signedIn(request), kind, email), messages.notifications.preferenceSaved);
    },
  );

  // No sign-in: the link of a mail works in any browser; the signed token says whose and which kind.
  app.post(
    '/notification/unsubscribe',
    {
      schema: {
        summary: "A mail's unsubscribe link: turns one kind of e-mail off for the token's user, without a session",
        body: unsubscribeSchema,
        response: replyOf(unsubscribeReplySchema),
      },
      config: { policy: null },
    },
    async (request) => ok(await notifications.unsubscribe(request.body.token)),
  );
}
