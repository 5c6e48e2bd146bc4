import { sql } from 'drizzle-orm';
import {
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { NotificationKind } from '@palisade/domain/notifications/notification.rules';
import { createdAt } from './columns';
import { organisations, users } from './accounts';
import { responses } from './responses';

/** What a user is told in the app (the bell, issue 22); one row per recipient and event. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').references(() => organisations.id, {
      onDelete: 'cascade',
    }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app route where the user acts on it. */
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** The kinds whose mails a user turned off (in-app notifications stay). */
export const notificationEmailOptOuts = pgTable(
  'notification_email_opt_outs',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'notification_email_opt_outs_pk', columns: [t.userId, t.kind] })],
);

/**
 * The mail queue: one row per mail, written in the transaction of the change that caused it;
 * workers of any instance claim due rows with FOR UPDATE SKIP LOCKED (notifications/mail-queue.ts).
 * status: pending (to send, at run_at), sent, failed (gave up; last_error kept).
 */
export const mailJobs = pgTable(
  'mail_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    notificationId: text('notification_id').references(() => notifications.id, {
      onDelete: 'set null',
    }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    toEmail: text('to_email').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    link: text('link'),
    unsubscribeLink: text('unsubscribe_link'),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim's lease: a worker that died while sending leaves the row to another after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_jobs_pending_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Reminders already told: one per response, kind and effective due date. */
export const notificationReminders = pgTable(
  'notification_reminders',
  {
    responseId: text('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'due_soon' | 'overdue'>().notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'notification_reminders_pk', columns: [t.responseId, t.kind, t.dueDate] }),
  ],
);
