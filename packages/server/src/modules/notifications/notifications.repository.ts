import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@palisade/domain/notifications/notification.rules';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../../db/client';
import { organisationDaySql } from '../organisations/time-zone.repository';
import {
  appSecrets,
  assessments,
  chatDigests,
  chatRooms,
  mailJobs,
  notificationEmailOptOuts,
  notificationReminders,
  notifications,
  organisations,
  responseQuestions,
  responses,
  responseSections,
  userOrganisations,
  users,
} from '../../db/schema';

/** The PostgreSQL channel on which every instance hears that a user's notifications changed (payload: the user id). */
export const NOTIFICATION_CHANNEL = 'notifications';

export type NotificationRow = typeof notifications.$inferSelect;
/** A notification as the service writes it (unread). */
export type NotificationInsert = Pick<typeof notifications.$inferInsert, 'id' | 'userId' | 'organisationId' | 'kind' | 'title' | 'body' | 'link'> & { createdAt: Date };
/** A mail job as the service writes it (pending, due now). */
export type MailJobInsert = Pick<
  typeof mailJobs.$inferInsert,
  'userId' | 'notificationId' | 'kind' | 'toEmail' | 'subject' | 'textBody' | 'htmlBody' | 'link' | 'unsubscribeLink'
>;

/** A user who may be told, with whether mails of the kind asked about go to it. */
export interface Recipient {
  id: string;
  type: number;
  email: string;
  name: string;
  /** The user's mail switch and the kind's: both on. */
  emailOn: boolean;
  /** The user's language (issue 60): its notifications and mails are written in it. */
  language: string | null;
}

/** A mail claimed by a worker. */
export interface ClaimedMail {
  id: number;
  toEmail: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  link: string | null;
  unsubscribeLink: string | null;
  attempts: number;
}

/** A response that the reminder sweep looks at. */
export interface ReminderCandidate {
  responseId: string;
  contractorId: string;
  organisationId: string;
  assessmentName: string;
  due: string;
  /** The day of the sweep's instant in the organisation's time zone (issue 60). */
  today: string;
}

/** Rows of db.execute on either driver ({ rows }: node-postgres QueryResult, PGlite Results). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

const iso = (d: Date) => d.toISOString();

export const notificationsRepository = {
  /**
   * Active users of an organisation, of the given types, optionally among ids: its own users
   * (organisation_id) for the organisation type, its contractors and auditors through
   * user_organisations (unless the organisation disabled them for itself). emailOn reads the user's switch and its opt-out of the kind.
   */
  async members(
    db: DbOrTx,
    organisationId: string,
    kind: NotificationKind,
    opts: { types: readonly number[]; ids?: readonly string[] },
  ): Promise<Recipient[]> {
    if (opts.ids !== undefined && opts.ids.length === 0) return [];
    const ownTypes = opts.types.filter((t) => t === UserType.ORGANISATION || t === UserType.EMPLOYEE);
    const servingTypes = opts.types.filter((t) => t === UserType.CONTRACTOR || t === UserType.AUDITOR);
    const belongs = sql`(
      (${users.type} in (${sql.join([...ownTypes, -1].map((t) => sql`${t}`), sql`, `)}) and ${users.organisationId} = ${organisationId})
      or (${users.type} in (${sql.join([...servingTypes, -1].map((t) => sql`${t}`), sql`, `)}) and exists (
        select 1 from ${userOrganisations} uo where uo.user_id = ${users.id} and uo.organisation_id = ${organisationId}
          and uo.disabled_at is null))
    )`;
    const rows = await db
      .select({
        id: users.id,
        type: users.type,
        email: users.email,
        name: users.name,
        language: users.language,
        emailOn: sql<boolean>`${users.emailNotifications} and not exists (
          select 1 from ${notificationEmailOptOuts} o where o.user_id = ${users.id} and o.kind = ${kind})`,
      })
      .from(users)
      .where(and(belongs, eq(users.isActive, true), isNull(users.deletedAt), opts.ids ? inArray(users.id, [...opts.ids]) : undefined))
      .orderBy(asc(users.id));
    return rows;
  },

  async organisationName(db: DbOrTx, id: string): Promise<string> {
    const [row] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, id)).limit(1);
    return row?.name ?? '';
  },

  async assessmentName(db: DbOrTx, id: string): Promise<string | undefined> {
    const [row] = await db.select({ name: assessments.name }).from(assessments).where(eq(assessments.id, id)).limit(1);
    return row?.name;
  },

  /** What the response events tell: names, status, due dates and marks. */
  async responseFacts(db: DbOrTx, responseId: string) {
    const [row] = await db
      .select({
        id: responses.id,
        organisationId: responses.organisationId,
        contractorId: responses.contractorId,
        contractorName: responses.contractorName,
        assignedAuditorId: responses.assignedAuditorId,
        isDueDateExtended: responses.isDueDateExtended,
        newDueDate: responses.newDueDate,
        scoredMarks: responses.scoredMarks,
        totalMarks: responses.totalMarks,
        assessmentName: assessments.name,
        dueDate: assessments.dueDate,
      })
      .from(responses)
      .innerJoin(assessments, eq(assessments.id, responses.assessmentId))
      .where(eq(responses.id, responseId))
      .limit(1);
    return row;
  },

  /** The texts of the questions reopened for a reassessment, in their order. */
  async reopenedQuestions(db: DbOrTx, responseId: string): Promise<string[]> {
    const rows = await db
      .select({ text: responseQuestions.questText })
      .from(responseQuestions)
      .where(and(eq(responseQuestions.responseId, responseId), sql`${responseQuestions.reopenedVersion} is not null`))
      .orderBy(asc(responseQuestions.responseSectionId), asc(responseQuestions.position));
    return rows.map((r) => r.text);
  },

  /**
   * The rows in one statement of one parameter (a JSON array read by json_to_recordset): a round
   * told to a thousand contractors is one value to send, not eight thousand parameters to bind.
   */
  async insertNotifications(db: DbOrTx, rows: NotificationInsert[]): Promise<void> {
    if (rows.length === 0) return;
    const payload = JSON.stringify(
      rows.map((r) => ({
        id: r.id,
        user_id: r.userId,
        organisation_id: r.organisationId ?? null,
        kind: r.kind,
        title: r.title,
        body: r.body,
        link: r.link,
        created_at: r.createdAt.toISOString(),
      })),
    );
    await db.execute(sql`
      insert into ${notifications} (id, user_id, organisation_id, kind, title, body, link, created_at)
      select id, user_id, organisation_id, kind, title, body, link, created_at
      from json_to_recordset(${payload}::json)
        as x(id text, user_id text, organisation_id text, kind text, title text, body text, link text, created_at timestamptz)`);
  },

  /** As insertNotifications: one statement of one JSON parameter. */
  async insertMailJobs(db: DbOrTx, rows: MailJobInsert[]): Promise<void> {
    if (rows.length === 0) return;
    const payload = JSON.stringify(
      rows.map((r) => ({
        user_id: r.userId ?? null,
        notification_id: r.notificationId ?? null,
        kind: r.kind,
        to_email: r.toEmail,
        subject: r.subject,
        text_body: r.textBody,
        html_body: r.htmlBody,
        link: r.link ?? null,
        unsubscribe_link: r.unsubscribeLink ?? null,
      })),
    );
    await db.execute(sql`
      insert into ${mailJobs} (user_id, notification_id, kind, to_email, subject, text_body, html_body, link, unsubscribe_link)
      select user_id, notification_id, kind, to_email, subject, text_body, html_body, link, unsubscribe_link
      from json_to_recordset(${payload}::json)
        as x(user_id text, notification_id text, kind text, to_email text, subject text, text_body text, html_body text, link text, unsubscribe_link text)`);
  },

  /** Tells every instance (after the commit) that these users' notifications changed. */
  async notifyUsers(db: DbOrTx, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    const unique = [...new Set(userIds)];
    await db.execute(sql`select ${sql.join(unique.map((id) => sql`pg_notify(${NOTIFICATION_CHANNEL}, ${id})`), sql`, `)}`);
  },

  /**
   * The latest notifications of a user in its organisations (and those of no organisation),
   * newest first, skipping `offset` (a page of them all); read along notifications_user_created_idx.
   */
  async latest(db: DbOrTx, userId: string, organisationIds: readonly string[], limit: number, offset = 0): Promise<NotificationRow[]> {
    return db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inOrganisations(organisationIds)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset);
  },

  /** How many notifications the user has in its organisations (and of no organisation). */
  async countOf(db: DbOrTx, userId: string, organisationIds: readonly string[]): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), inOrganisations(organisationIds)));
    return row?.n ?? 0;
  },

  async unreadCount(db: DbOrTx, userId: string, organisationIds: readonly string[]): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), inOrganisations(organisationIds)));
    return row?.n ?? 0;
  },

  /** Marks one of the user's notifications read; false when it is not the user's. */
  async markRead(db: DbOrTx, userId: string, organisationIds: readonly string[], id: string): Promise<boolean> {
    const rows = await db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId), inOrganisations(organisationIds)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  },

  async markAllRead(db: DbOrTx, userId: string, organisationIds: readonly string[]): Promise<void> {
    await db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), inOrganisations(organisationIds)));
  },

  async optOuts(db: DbOrTx, userId: string): Promise<Set<NotificationKind>> {
    const rows = await db.select({ kind: notificationEmailOptOuts.kind }).from(notificationEmailOptOuts).where(eq(notificationEmailOptOuts.userId, userId));
    return new Set(rows.map((r) => r.kind));
  },

  async setEmail(db: DbOrTx, userId: string, kind: NotificationKind, email: boolean): Promise<void> {
    if (email) {
      await db.delete(notificationEmailOptOuts).where(and(eq(notificationEmailOptOuts.userId, userId), eq(notificationEmailOptOuts.kind, kind)));
    } else {
      await db.insert(notificationEmailOptOuts).values({ userId, kind }).onConflictDoNothing();
    }
  },

  /** The user's own organisation (null for one with none), or undefined when there is no such user. */
  async userOrganisation(db: DbOrTx, id: string): Promise<{ organisationId: string | null } | undefined> {
    const [row] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, id)).limit(1);
    return row;
  },

  /** The named secret of this installation, made at its first use (every instance reads the same). */
  async secret(db: DbOrTx, name: string): Promise<string> {
    await db.insert(appSecrets).values({ name, value: crypto.randomBytes(32).toString('base64url') }).onConflictDoNothing();
    const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name)).limit(1);
    if (!row) throw new Error(`secret ${name} was not stored`);
    return row.value;
  },

  // ----------------------------------------------------------------------------- the mail queue

  /**
   * Whether any mail is due, by a plain read: a poll that finds nothing must not count as a write
   * (db/client.ts counts writes; the kept reads of PGlite are dropped after each).
   */
  async hasDueMail(db: DbOrTx): Promise<boolean> {
    const result = await db.execute(sql`
      select 1 as due from ${mailJobs}
      where status = 'pending' and run_at <= now() and (locked_until is null or locked_until <= now())
      limit 1
    `);
    return rowsOf(result).length > 0;
  },

  /**
   * Claims up to `limit` due mails: pending, run_at passed, no live lease; rows another worker
   * holds are skipped (FOR UPDATE SKIP LOCKED). Each claim counts an attempt and takes a lease.
   */
  async claimMails(db: DbOrTx, limit: number, leaseMs: number): Promise<ClaimedMail[]> {
    const result = await db.execute(sql`
      update ${mailJobs} set attempts = attempts + 1, locked_until = now() + (${leaseMs}::double precision * interval '1 millisecond')
      where id in (
        select id from ${mailJobs}
        where status = 'pending' and run_at <= now() and (locked_until is null or locked_until <= now())
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      returning id, to_email, subject, text_body, html_body, link, unsubscribe_link, attempts
    `);
    return rowsOf<{
      id: number | string;
      to_email: string;
      subject: string;
      text_body: string;
      html_body: string;
      link: string | null;
      unsubscribe_link: string | null;
      attempts: number;
    }>(result).map((r) => ({
      id: Number(r.id),
      toEmail: r.to_email,
      subject: r.subject,
      textBody: r.text_body,
      htmlBody: r.html_body,
      link: r.link,
      unsubscribeLink: r.unsubscribe_link,
      attempts: r.attempts,
    }));
  },

  async mailSent(db: DbOrTx, id: number): Promise<void> {
    await db.update(mailJobs).set({ status: 'sent', sentAt: sql`now()`, lockedUntil: null }).where(eq(mailJobs.id, id));
  },

  /** A failed send: tried again after `retryInMs`, or, with null, given up; the error is kept. */
  async mailFailed(db: DbOrTx, id: number, error: string, retryInMs: number | null): Promise<void> {
    await db
      .update(mailJobs)
      .set(
        retryInMs === null
          ? { status: 'failed', lastError: error, lockedUntil: null }
          : { lastError: error, lockedUntil: null, runAt: sql`now() + (${retryInMs}::double precision * interval '1 millisecond')` },
      )
      .where(eq(mailJobs.id, id));
  },

  // ------------------------------------------------------------------------------------ sweeps

  /**
   * Responses still with the contractor (PENDING or REASSESSMENT) whose effective due date is on
   * or before `until` and not before `since`, and whose reminder of its organisation's today (the
   * day of `now` in its time zone) is not told yet.
   */
  async reminderCandidates(db: DbOrTx, now: Date, since: string, until: string, limit: number): Promise<ReminderCandidate[]> {
    // Issue 60: "today" is the day of `now` in the response's organisation's time zone.
    const today = organisationDaySql(now, responses.organisationId);
    const due = sql<string>`(case when ${responses.isDueDateExtended} and ${responses.newDueDate} is not null and ${responses.newDueDate} >= ${assessments.dueDate} then ${responses.newDueDate} else ${assessments.dueDate} end)`;
    const rows = await db
      .select({
        responseId: responses.id,
        contractorId: responses.contractorId,
        organisationId: responses.organisationId,
        assessmentName: assessments.name,
        due: sql<string>`${due}::text`,
        today: sql<string>`${today}::text`,
      })
      .from(responses)
      .innerJoin(assessments, eq(assessments.id, responses.assessmentId))
      .where(
        and(
          inArray(responses.status, ['PENDING', 'REASSESSMENT']),
          sql`${due} <= ${until}::date`,
          sql`${due} >= ${since}::date`,
          // Found through the window, not by reading every open response (issue 21: 0.36 s of a
          // core every minute at 100 000 open responses, none of them due): the responses to
          // assessments due in it, and the responses whose extended due date is in it (migration
          // 0024's indexes). The due date is one of the two, so no candidate is left out.
          sql`${responses.id} in (
            select r2.id from ${assessments} a2 join ${responses} r2 on r2.assessment_id = a2.id
              where a2.due_date >= ${since}::date and a2.due_date <= ${until}::date
            union all
            select r3.id from ${responses} r3
              where r3.is_due_date_extended and r3.new_due_date >= ${since}::date and r3.new_due_date <= ${until}::date
          )`,
          // Not told yet: the sweep's steady state is a read, not a write per minute.
          sql`not exists (
            select 1 from ${notificationReminders} nr
            where nr.response_id = ${responses.id} and nr.due_date = ${due}
              and nr.kind = (case when ${due} < ${today} then 'overdue' else 'due_soon' end)
          )`,
        ),
      )
      .orderBy(asc(responses.id))
      .limit(limit);
    return rows;
  },

  /**
   * Marks a reminder as told; true only for the one caller that wrote the mark (another instance
   * sweeping at once waits on the key, then finds it taken).
   */
  async claimReminder(db: DbOrTx, responseId: string, kind: 'due_soon' | 'overdue', dueDate: string): Promise<boolean> {
    const rows = await db
      .insert(notificationReminders)
      .values({ responseId, kind, dueDate })
      .onConflictDoNothing()
      .returning({ responseId: notificationReminders.responseId });
    return rows.length > 0;
  },

  /** Rooms with a message of the window (after `since`, not after `cutoff`). */
  async roomsWithMessages(db: DbOrTx, since: Date, cutoff: Date, limit: number): Promise<string[]> {
    const result = await db.execute(sql`
      select distinct room_id from chat_messages
      where created_at > ${iso(since)}::timestamptz and created_at <= ${iso(cutoff)}::timestamptz
      order by room_id limit ${limit}
    `);
    return rowsOf<{ room_id: string }>(result).map((r) => r.room_id);
  },

  /**
   * A room with its question's text, its section's category, its assessment's name and its response's auditor, each read
   * by its key (a sub-select). Joined, PostgreSQL could merge-join the room with the whole index
   * of response questions, walked from its start up to the room's question: 0.9 s a room at the
   * bench's 10 million questions, and the startup's chat sweep took minutes (issue 21). The
   * foreign keys make each sub-select find its row.
   */
  async room(db: DbOrTx, roomId: string) {
    const [row] = await db
      .select({
        id: chatRooms.id,
        responseId: chatRooms.responseId,
        organisationId: chatRooms.organisationId,
        contractorId: chatRooms.contractorId,
        questionId: chatRooms.questionId,
        // Written with aliases: in a one-table select, drizzle names columns without their table.
        questionText: sql<string>`(select q.quest_text from ${responseQuestions} q where q.id = ${chatRooms}.question_id)`,
        categoryId: sql<string>`(select s.category_id from ${responseSections} s where s.id = ${chatRooms}.section_id)`,
        assessmentName: sql<string>`(select a.name from ${assessments} a where a.id = ${chatRooms}.assessment_id)`,
        assignedAuditorId: sql<string | null>`(select r.assigned_auditor_id from ${responses} r where r.id = ${chatRooms}.response_id)`,
      })
      .from(chatRooms)
      .where(eq(chatRooms.id, roomId))
      .limit(1);
    return row;
  },

  /**
   * Per participant of a room (its senders, its contractor, the response's assigned auditor):
   * the messages of others not after `cutoff` that it has neither read nor been told of.
   */
  async untoldUnread(
    db: DbOrTx,
    room: { id: string; contractorId: string; assignedAuditorId: string | null },
    cutoff: Date,
  ): Promise<Array<{ userId: string; unread: number; newest: string }>> {
    const result = await db.execute(sql`
      with p as (
        select distinct from_id as user_id from chat_messages where room_id = ${room.id}
        union select ${room.contractorId}::text
        ${room.assignedAuditorId ? sql`union select ${room.assignedAuditorId}::text` : sql``}
      )
      select p.user_id, count(m.id)::int as unread, max(m.created_at) as newest
      from p
      join chat_messages m on m.room_id = ${room.id} and m.from_id <> p.user_id and m.created_at <= ${iso(cutoff)}::timestamptz
      left join chat_reads r on r.room_id = ${room.id} and r.user_id = p.user_id
      left join ${chatDigests} d on d.room_id = ${room.id} and d.user_id = p.user_id
      where m.created_at > coalesce(r.last_read_at, '-infinity'::timestamptz)
        and m.created_at > coalesce(d.last_message_at, '-infinity'::timestamptz)
      group by p.user_id
      order by p.user_id
    `);
    return rowsOf<{ user_id: string; unread: number; newest: Date | string }>(result).map((r) => ({
      userId: r.user_id,
      unread: Number(r.unread),
      newest: typeof r.newest === 'string' ? new Date(r.newest).toISOString() : r.newest.toISOString(),
    }));
  },

  /** Moves a reader's digest mark of a room forward; true only for the caller that moved it. */
  async claimDigest(db: DbOrTx, roomId: string, userId: string, newest: string): Promise<boolean> {
    const rows = await db
      .insert(chatDigests)
      .values({ roomId, userId, lastMessageAt: new Date(newest) })
      .onConflictDoUpdate({
        target: [chatDigests.roomId, chatDigests.userId],
        set: { lastMessageAt: sql`excluded.last_message_at` },
        setWhere: sql`${chatDigests.lastMessageAt} < excluded.last_message_at`,
      })
      .returning({ roomId: chatDigests.roomId });
    return rows.length > 0;
  },
};

/** Notifications of these organisations, or of none. */
function inOrganisations(organisationIds: readonly string[]) {
  return organisationIds.length > 0
    ? sql`(${notifications.organisationId} is null or ${inArray(notifications.organisationId, [...organisationIds])})`
    : isNull(notifications.organisationId);
}
