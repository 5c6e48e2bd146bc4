import { z } from 'zod';
import { pageNumberField, pageSizeField } from '../paging';
import { NOTIFICATION_KINDS, NOTIFICATION_PAGE_SIZES } from './notification.rules';

/** One of the event kinds (notification.rules.ts). */
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Unknown notification kind' });

/** A notification as the bell's menu shows it. */
export const notificationSchema = z.object({
  _id: z.string(),
  kind: notificationKindSchema,
  /** The organisation it is of (the user's working one may differ). */
  organisationId: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  /** The app route where the user acts on it. */
  link: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * notification/list: no fields for the bell (its latest NOTIFICATION_MENU_SIZE); with `page` (from
 * 1) or `pageSize` (one of NOTIFICATION_PAGE_SIZES, the first by default), one page of them all,
 * newest first (the Notifications page, issue 63).
 */
export const listNotificationsSchema = z
  .object({
    page: pageNumberField.optional(),
    pageSize: pageSizeField(NOTIFICATION_PAGE_SIZES).optional(),
  })
  .strict();
export type ListNotificationsInput = z.input<typeof listNotificationsSchema>;

/** Reply of notification/list without paging: the latest 20 and how many are unread in all. */
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
export type NotificationList = z.infer<typeof notificationListSchema>;

/** Reply of notification/list with paging: the page, how many there are in all, and the unread count. */
export const notificationPageSchema = notificationListSchema.extend({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** Reply of notification/list: a page when one was asked for (read first: the bell's has no total), else the bell's list. */
export const notificationListReplySchema = z.union([notificationPageSchema, notificationListSchema]);

/** notification/markRead: one of the caller's notifications. */
export const markNotificationReadSchema = z.object({
  notificationId: z.string({ error: 'notificationId is required' }).trim().min(1, 'notificationId is required').max(100, 'notificationId is too long'),
});
export type MarkNotificationReadBody = z.infer<typeof markNotificationReadSchema>;

/** notification/markAllRead: no fields. */
export const markAllNotificationsReadSchema = z.object({}).strict();

/** Reply of markRead and markAllRead: the unread count after it. */
export const unreadCountSchema = z.object({ unread: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** notification/getPreferences: no fields. */
export const getNotificationPreferencesSchema = z.object({}).strict();

/** The e-mail switch of each kind the user can receive (in-app is always on). */
export const notificationPreferencesSchema = z.object({
  kinds: z.array(z.object({ kind: notificationKindSchema, email: z.boolean() })),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** notification/updatePreference: e-mail on or off for one kind. */
export const updateNotificationPreferenceSchema = z.object({
  kind: notificationKindSchema,
  email: z.boolean({ error: 'email must be true or false' }),
});
export type UpdateNotificationPreferenceBody = z.infer<typeof updateNotificationPreferenceSchema>;

/** notification/unsubscribe (no sign-in): the signed token of a mail's unsubscribe link. */
export const unsubscribeSchema = z.object({
  token: z.string({ error: 'token is required' }).trim().min(1, 'token is required').max(2000, 'token is too long'),
});

/** Reply of unsubscribe: the kind whose mails stop. */
export const unsubscribeReplySchema = z.object({ kind: notificationKindSchema });
export type UnsubscribeReply = z.infer<typeof unsubscribeReplySchema>;
