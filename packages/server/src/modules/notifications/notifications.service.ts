import { AppError } from '@palisade/domain/errors';
import { dayText, messages } from '@palisade/domain/messages';
import type {
  Notification,
  NotificationList,
  NotificationPage,
  NotificationPreferences,
  UnreadCount,
  UnsubscribeReply,
} from '@palisade/domain/notifications/notification.schema';
import {
  CHAT_UNREAD_AFTER_MS,
  chatLink,
  CONTRACTOR_ASSESSMENTS_LINK,
  CONTRACTOR_HOME_LINK,
  CONTRACTOR_LEARNING_LINK,
  DUE_SOON_DAYS,
  NOTIFICATION_MENU_SIZE,
  NOTIFICATION_PAGE_SIZES,
  notificationKindsFor,
  type NotificationPageSize,
  reminderKind,
  responseLink,
  type NotificationKind,
} from '@palisade/domain/notifications/notification.rules';
import { effectiveDueDate } from '@palisade/domain/responses/response.rules';
import { complianceLinks } from '@palisade/domain/compliance/compliance.rules';
import { EXPORT_SETTINGS_LINK } from '@palisade/domain/exports/export.schema';
import { scoreBand, scorePercent } from '@palisade/domain/scores/score.rules';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { newId } from '../../lib/ids';
import { auditRepository } from '../audit/audit.repository';
import { complianceRepository } from '../compliance/compliance.repository';
import type { AuthContext } from '../../plugins/auth-context';
import type { ChatBus } from '../../realtime/bus';
import { renderMail } from './mail-template';
import { notificationsRepository as repo, type NotificationRow, type Recipient } from './notifications.repository';
import { signUnsubscribe, verifyUnsubscribe } from './unsubscribe-token';
import { languageOf, translateText, withLanguage } from '@palisade/domain/i18n/catalogue';

const t = messages.notifications;
const cm = messages.compliance;
const UNSUBSCRIBE_SECRET = 'unsubscribe';
/** Overdue reminders are sent for due dates this many days back at most (not for long-dead responses). */
const OVERDUE_LOOKBACK_DAYS = 7;
/** Chat messages older than this are not told in digests any more. */
const CHAT_DIGEST_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Rows one sweep looks at; the next sweep takes the rest. */
const SWEEP_LIMIT = 500;

/** A change that tells someone; notify() is called with it inside the change's transaction. */
export type NotificationEvent =
  /** round: a new round of a recurring assessment opened (issue 58), told as such. */
  | { kind: 'assessment_shared'; organisationId: string; assessmentId: string; contractorIds: readonly string[]; round?: { label: string; dueDate: string } }
  | { kind: 'response_submitted' | 'reassessment' | 'completed'; responseId: string }
  | { kind: 'policy_document'; organisationId: string; title: string }
  /** exceptUserId: the contractor that posted it hears nothing of its own notice. */
  | { kind: 'notice'; organisationId: string; title: string; exceptUserId: string | null }
  // Compliance documents (issue 57): a version submitted (its requirement's reviewers), judged (the
  // contractor), about to expire (the contractor; reminderDay 0 = it expires today), and the weekly
  // digest (the organisation's admins).
  | { kind: 'compliance_submitted'; documentId: string }
  | { kind: 'compliance_reviewed'; documentId: string }
  | { kind: 'compliance_expiry'; documentId: string; reminderDay: number }
  | { kind: 'compliance_digest'; organisationId: string; expiring: number; expired: number }
  // An organisation's export of all its data is ready (issue 61): the admin who asked, with its download link.
  | { kind: 'export_ready'; organisationId: string; userId: string; downloadPath: string; expiresAt: Date };

/** What services that cause events need of this one. */
export interface Notifier {
  notify(tx: DbOrTx, event: NotificationEvent): Promise<void>;
}

/** One recipient's notification: its texts and where it acts. */
interface Content {
  title: string;
  body: string;
  link: string;
  /** Listed in the mail under the body. */
  items?: readonly string[];
}

function present(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    organisationId: row.organisationId,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A notification's texts in the language of the moment (those made before it, read again). */
function localContent(c: Content): Content {
  return { ...c, title: translateText(c.title), body: translateText(c.body), ...(c.items ? { items: c.items.map((item) => translateText(item)) } : {}) };
}

const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));

/**
 * Notifications (issue 22): who hears of each event, the in-app rows, the mails queued with them
 * (in the same transaction as the change), the e-mail switches per kind and the unsubscribe
 * links, and the periodic sweeps (due-date reminders, unread chat digests). Each user hears only
 * of its organisations: recipients are read as members of the event's organisation.
 */
export function createNotificationsService(deps: { db: Db; publicUrl: string; bus: ChatBus; clock: Clock }) {
  const { db, publicUrl, bus, clock } = deps;
  let secret: string | null = null;
  // Kept only once read outside a transaction: a secret made inside one that rolls back is lost.
  const secretOf = async (tx: DbOrTx) => secret ?? (await repo.secret(tx, UNSUBSCRIBE_SECRET));

  /** Tells the users' open tabs (every instance) that their notifications changed. */
  async function signal(tx: DbOrTx, userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    // On PostgreSQL the news leaves with the commit; on PGlite this process is alone and a read
    // made on hearing it waits for the transaction (db/fifo.ts).
    if (bus.mode === 'database') await repo.notifyUsers(tx, userIds);
    else for (const id of new Set(userIds)) bus.publish(id);
  }

  /** Writes one notification per recipient and, when its e-mail is on, one queued mail. */
  async function deliver(
    tx: DbOrTx,
    kind: NotificationKind,
    organisationId: string | null,
    recipients: readonly Recipient[],
    content: (r: Recipient) => Content,
  ): Promise<void> {
    if (recipients.length === 0) return;
    const now = clock.now();
    // Each recipient's in its own language (issue 60): a text made before (in the event's) is read again in it.
    const rows = recipients.map((r) => ({ recipient: r, id: newId(), content: withLanguage(languageOf(r.language), () => localContent(content(r))) }));
    await repo.insertNotifications(
      tx,
      rows.map(({ recipient, id, content: c }) => ({ id, userId: recipient.id, organisationId, kind, title: c.title, body: c.body, link: c.link, createdAt: now })),
    );
    const mailed = rows.filter((r) => r.recipient.emailOn);
    if (mailed.length > 0) {
      const key = await secretOf(tx);
      await repo.insertMailJobs(
        tx,
        mailed.map(({ recipient, id, content: c }) => {
          const actionUrl = `${publicUrl}${c.link}`;
          const unsubscribeUrl = `${publicUrl}/unsubscribe?token=${encodeURIComponent(signUnsubscribe(key, { userId: recipient.id, kind }))}`;
          const mail = withLanguage(languageOf(recipient.language), () =>
            renderMail({ subject: c.title, intro: c.body, ...(c.items ? { items: c.items } : {}), actionUrl, unsubscribeUrl }),
          );
          return {
            userId: recipient.id,
            notificationId: id,
            kind,
            toEmail: recipient.email,
            subject: mail.subject,
            textBody: mail.text,
            htmlBody: mail.html,
            link: actionUrl,
            unsubscribeLink: unsubscribeUrl,
          };
        }),
      );
    }
    await signal(
      tx,
      recipients.map((r) => r.id),
    );
  }

  async function notify(tx: DbOrTx, event: NotificationEvent): Promise<void> {
    switch (event.kind) {
      case 'assessment_shared': {
        const name = await repo.assessmentName(tx, event.assessmentId);
        if (name === undefined) return;
        const organisation = await repo.organisationName(tx, event.organisationId);
        const to = await repo.members(tx, event.organisationId, event.kind, { types: [UserType.CONTRACTOR], ids: event.contractorIds });
        const text = event.round
          ? { title: messages.recurrence.roundOpenedTitle(event.round.label), body: messages.recurrence.roundOpenedBody(name, event.round.label, event.round.dueDate) }
          : t.assessmentShared(name, organisation);
        await deliver(tx, event.kind, event.organisationId, to, () => ({ ...text, link: CONTRACTOR_ASSESSMENTS_LINK }));
        return;
      }
      case 'response_submitted': {
        const r = await repo.responseFacts(tx, event.responseId);
        if (!r) return;
        const to = await repo.members(tx, r.organisationId, event.kind, { types: [UserType.ORGANISATION, UserType.AUDITOR] });
        const text = t.responseSubmitted(r.contractorName, r.assessmentName);
        await deliver(tx, event.kind, r.organisationId, to, (u) => ({ ...text, link: responseLink(u.type, r.id) }));
        return;
      }
      case 'reassessment': {
        const r = await repo.responseFacts(tx, event.responseId);
        if (!r) return;
        const to = await repo.members(tx, r.organisationId, event.kind, { types: [UserType.CONTRACTOR], ids: [r.contractorId] });
        const questions = await repo.reopenedQuestions(tx, r.id);
        const due = dayText(effectiveDueDate(r));
        const text = t.reassessment(r.assessmentName, questions, due);
        await deliver(tx, event.kind, r.organisationId, to, (u) => ({ ...text, link: responseLink(u.type, r.id), items: questions }));
        return;
      }
      case 'completed': {
        const r = await repo.responseFacts(tx, event.responseId);
        if (!r) return;
        const to = await repo.members(tx, r.organisationId, event.kind, { types: [UserType.CONTRACTOR], ids: [r.contractorId] });
        const percent = scorePercent(r.scoredMarks, r.totalMarks) ?? 0;
        const text = t.completed(r.assessmentName, percent.toFixed(2), t.bands[scoreBand(percent)]);
        await deliver(tx, event.kind, r.organisationId, to, (u) => ({ ...text, link: responseLink(u.type, r.id) }));
        return;
      }
      case 'policy_document':
      case 'notice': {
        const organisation = await repo.organisationName(tx, event.organisationId);
        const except = event.kind === 'notice' ? event.exceptUserId : null;
        const to = (await repo.members(tx, event.organisationId, event.kind, { types: [UserType.CONTRACTOR] })).filter((u) => u.id !== except);
        const text = event.kind === 'notice' ? t.notice(event.title, organisation) : t.policyDocument(event.title, organisation);
        const link = event.kind === 'notice' ? CONTRACTOR_LEARNING_LINK : CONTRACTOR_HOME_LINK;
        await deliver(tx, event.kind, event.organisationId, to, () => ({ ...text, link }));
        return;
      }
      case 'compliance_submitted': {
        const f = await complianceRepository.documentFacts(tx, event.documentId);
        if (!f) return;
        const reviewer = f.requirement.reviewer;
        const types = [
          ...(reviewer === 'AUDITORS' ? [] : [UserType.ORGANISATION]),
          ...(reviewer === 'ORGANISATION' ? [] : [UserType.AUDITOR]),
        ];
        const to = await repo.members(tx, f.document.organisationId, event.kind, { types });
        const text = cm.submitted(f.contractorName, f.requirement.name);
        const { contractorId, requirementId } = f.document;
        await deliver(tx, event.kind, f.document.organisationId, to, (u) => ({
          ...text,
          link: u.type === UserType.AUDITOR ? complianceLinks.auditorHistory(contractorId, requirementId) : complianceLinks.organisationHistory(contractorId, requirementId),
        }));
        return;
      }
      case 'compliance_reviewed':
      case 'compliance_expiry': {
        const f = await complianceRepository.documentFacts(tx, event.documentId);
        if (!f) return;
        const to = await repo.members(tx, f.document.organisationId, event.kind, { types: [UserType.CONTRACTOR], ids: [f.document.contractorId] });
        const expiry = f.document.expiryDate === null ? '' : dayText(f.document.expiryDate);
        const text =
          event.kind === 'compliance_reviewed'
            ? cm.reviewed(f.requirement.name, f.document.state === 'ACCEPTED', f.document.remark)
            : event.reminderDay === 0
              ? cm.expiresToday(f.requirement.name, expiry)
              : cm.expiresIn(f.requirement.name, event.reminderDay, expiry);
        const link = complianceLinks.contractorHistory(f.document.requirementId);
        await deliver(tx, event.kind, f.document.organisationId, to, () => ({ ...text, link }));
        return;
      }
      case 'compliance_digest': {
        const to = await repo.members(tx, event.organisationId, event.kind, { types: [UserType.ORGANISATION] });
        const text = cm.digest(event.expiring, event.expired);
        await deliver(tx, event.kind, event.organisationId, to, () => ({ ...text, link: complianceLinks.organisationMatrix }));
        return;
      }
      case 'export_ready': {
        const organisation = await repo.organisationName(tx, event.organisationId);
        const to = await repo.members(tx, event.organisationId, event.kind, { types: [UserType.ORGANISATION], ids: [event.userId] });
        const text = messages.exports.ready(organisation, dayText(event.expiresAt.toISOString().slice(0, 10)));
        const items = [messages.exports.downloadItem(`${publicUrl}${event.downloadPath}`)];
        await deliver(tx, event.kind, event.organisationId, to, () => ({ ...text, link: EXPORT_SETTINGS_LINK, items }));
        return;
      }
    }
  }

  /**
   * The caller's latest notifications and its unread count (the bell); with paging, one page of
   * them all (newest first) and how many there are.
   */
  async function list(ctx: AuthContext, paging: { page?: number; pageSize?: NotificationPageSize } = {}): Promise<NotificationList | NotificationPage> {
    if (paging.page === undefined && paging.pageSize === undefined) {
      const [rows, unread] = [
        await repo.latest(db, ctx.user.id, ctx.organisationIds, NOTIFICATION_MENU_SIZE),
        await repo.unreadCount(db, ctx.user.id, ctx.organisationIds),
      ];
      return { items: rows.map(present), unread };
    }
    const page = paging.page ?? 1;
    const pageSize = paging.pageSize ?? NOTIFICATION_PAGE_SIZES[0];
    const [rows, total, unread] = [
      await repo.latest(db, ctx.user.id, ctx.organisationIds, pageSize, (page - 1) * pageSize),
      await repo.countOf(db, ctx.user.id, ctx.organisationIds),
      await repo.unreadCount(db, ctx.user.id, ctx.organisationIds),
    ];
    return { items: rows.map(present), unread, total, page, pageSize };
  }

  /** The preferences of a user of that type. */
  async function preferences(userId: string, type: number): Promise<NotificationPreferences> {
    const off = await repo.optOuts(db, userId);
    return { kinds: notificationKindsFor(type).map((kind) => ({ kind, email: !off.has(kind) })) };
  }

  return {
    notify,
    list,

    /**
     * Reads (or makes) the installation's signing secret once, before the app serves. A database
     * that does not answer yet, or is not migrated yet, does not stop the start (the server then
     * answers /api/ready with 503): the secret is read at its first use instead.
     */
    async start(): Promise<void> {
      secret = await repo.secret(db, UNSUBSCRIBE_SECRET).catch(() => null);
    },

    /** Unread count of a user in all its notifications (the realtime push). */
    unreadOf: (userId: string, organisationIds: readonly string[]) => repo.unreadCount(db, userId, organisationIds),

    async markRead(ctx: AuthContext, notificationId: string): Promise<UnreadCount> {
      const found = await repo.markRead(db, ctx.user.id, ctx.organisationIds, notificationId);
      if (!found) throw new AppError('NOT_FOUND', t.notFound, { field: 'notificationId' });
      await signal(db, [ctx.user.id]);
      return { unread: await repo.unreadCount(db, ctx.user.id, ctx.organisationIds) };
    },

    async markAllRead(ctx: AuthContext): Promise<UnreadCount> {
      await repo.markAllRead(db, ctx.user.id, ctx.organisationIds);
      await signal(db, [ctx.user.id]);
      return { unread: await repo.unreadCount(db, ctx.user.id, ctx.organisationIds) };
    },

    getPreferences: (ctx: AuthContext) => preferences(ctx.user.id, ctx.user.type),

    /** E-mail on or off for one kind the user can receive (400 for another kind). */
    async updatePreference(ctx: AuthContext, kind: NotificationKind, email: boolean): Promise<NotificationPreferences> {
      if (!notificationKindsFor(ctx.user.type).includes(kind)) throw new AppError('BAD_REQUEST', 'kind: Unknown notification kind', { field: 'kind' });
      await db.transaction(async (tx) => {
        await repo.setEmail(tx, ctx.user.id, kind, email);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: ctx.organisationId,
          action: 'notification.preference',
          entity: 'user',
          entityId: ctx.user.id,
          after: { kind, email },
        });
      });
      return preferences(ctx.user.id, ctx.user.type);
    },

    /** The unsubscribe link of a mail (no sign-in): that user's mails of that kind stop. */
    async unsubscribe(token: string): Promise<UnsubscribeReply> {
      const claim = verifyUnsubscribe(secret ?? (secret = await repo.secret(db, UNSUBSCRIBE_SECRET)), token);
      const user = claim ? await repo.userOrganisation(db, claim.userId) : undefined;
      if (!claim || !user) throw new AppError('BAD_REQUEST', t.unsubscribeBadToken, { field: 'token' });
      await db.transaction(async (tx) => {
        await repo.setEmail(tx, claim.userId, claim.kind, false);
        await auditRepository.append(tx, {
          actorId: claim.userId,
          organisationId: user.organisationId,
          action: 'notification.unsubscribe',
          entity: 'user',
          entityId: claim.userId,
          after: { kind: claim.kind, email: false },
        });
      });
      return { kind: claim.kind };
    },

    /**
     * Due-date reminders: each response still with its contractor is told once "due soon" (from
     * DUE_SOON_DAYS before its effective due date) and once "overdue" (after it), per due date;
     * the mark and the notification are written in one transaction, so that instances sweeping at
     * once tell it once. Returns how many were told.
     */
    async sweepReminders(now: Date = clock.now()): Promise<number> {
      // Each organisation's today is the day of `now` in its time zone (issue 60), a day either
      // side of UTC's at most: the window is a day wider on each side, and each candidate's kind
      // is of its own organisation's day.
      const utcDay = dayOf(now);
      const candidates = await repo.reminderCandidates(db, now, addDays(utcDay, -OVERDUE_LOOKBACK_DAYS - 1), addDays(utcDay, DUE_SOON_DAYS + 1), SWEEP_LIMIT);
      let told = 0;
      for (const c of candidates) {
        const kind = c.due < addDays(c.today, -OVERDUE_LOOKBACK_DAYS) ? null : reminderKind(c.due, c.today);
        if (kind === null) continue;
        const sent = await db.transaction(async (tx) => {
          if (!(await repo.claimReminder(tx, c.responseId, kind, c.due))) return false;
          const to = await repo.members(tx, c.organisationId, kind, { types: [UserType.CONTRACTOR], ids: [c.contractorId] });
          const text = kind === 'due_soon' ? t.dueSoon(c.assessmentName, dayText(c.due)) : t.overdue(c.assessmentName, dayText(c.due));
          await deliver(tx, kind, c.organisationId, to, (u) => ({ ...text, link: responseLink(u.type, c.responseId) }));
          return true;
        });
        if (sent) told += 1;
      }
      return told;
    },

    /**
     * Unread chat digests: a reader (a room's senders, its contractor, the assigned auditor) with
     * messages of others unread for CHAT_UNREAD_AFTER_MS is told once per room, however many
     * there are; later messages make a later digest. Returns how many were told.
     */
    async sweepChat(now: Date = clock.now()): Promise<number> {
      const cutoff = new Date(now.getTime() - CHAT_UNREAD_AFTER_MS);
      const rooms = await repo.roomsWithMessages(db, new Date(now.getTime() - CHAT_DIGEST_WINDOW_MS), cutoff, SWEEP_LIMIT);
      let told = 0;
      for (const roomId of rooms) {
        const room = await repo.room(db, roomId);
        if (!room) continue;
        for (const u of await repo.untoldUnread(db, room, cutoff)) {
          const sent = await db.transaction(async (tx) => {
            if (!(await repo.claimDigest(tx, room.id, u.userId, u.newest))) return false;
            const to = await repo.members(tx, room.organisationId, 'chat_unread', {
              types: [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.AUDITOR],
              ids: [u.userId],
            });
            const text = t.chatUnread(u.unread, room.questionText, room.assessmentName);
            await deliver(tx, 'chat_unread', room.organisationId, to, (r) => ({ ...text, link: chatLink(r.type, room) }));
            return to.length > 0;
          });
          if (sent) told += 1;
        }
      }
      return told;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
