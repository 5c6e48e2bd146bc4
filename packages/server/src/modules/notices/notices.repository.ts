import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { UserType } from '@palisade/domain/user-types';
import type { DbOrTx } from '../../db/client';
import { noticeViews, userOrganisations, users } from '../../db/schema';

export interface NoticeViewerRow {
  docId: string;
  userId: string;
  viewerName: string;
  viewedAt: Date;
}

const live = and(eq(users.isActive, true), isNull(users.deletedAt));

/** The only place that touches notice views (the notices themselves are learning documents). */
export const noticesRepository = {
  /** Readers per notice: all, or those of one contractor's side (itself and its employees). */
  async viewCounts(db: DbOrTx, docIds: readonly string[], contractorId: string | null): Promise<Map<string, number>> {
    if (docIds.length === 0) return new Map();
    const rows = await db
      .select({ docId: noticeViews.docId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(noticeViews)
      .where(and(inArray(noticeViews.docId, [...docIds]), contractorId === null ? undefined : eq(noticeViews.contractorId, contractorId)))
      .groupBy(noticeViews.docId);
    return new Map(rows.map((r) => [r.docId, r.n]));
  },

  /** The notices of these that this reader opened. */
  async viewedBy(db: DbOrTx, docIds: readonly string[], userId: string): Promise<Set<string>> {
    if (docIds.length === 0) return new Set();
    const rows = await db
      .select({ docId: noticeViews.docId })
      .from(noticeViews)
      .where(and(inArray(noticeViews.docId, [...docIds]), eq(noticeViews.userId, userId)));
    return new Set(rows.map((r) => r.docId));
  },

  /** The readers of these notices (all, or one contractor's side), newest first. */
  async viewersOf(db: DbOrTx, docIds: readonly string[], contractorId: string | null): Promise<NoticeViewerRow[]> {
    if (docIds.length === 0) return [];
    return db
      .select({ docId: noticeViews.docId, userId: noticeViews.userId, viewerName: noticeViews.viewerName, viewedAt: noticeViews.viewedAt })
      .from(noticeViews)
      .where(and(inArray(noticeViews.docId, [...docIds]), contractorId === null ? undefined : eq(noticeViews.contractorId, contractorId)))
      .orderBy(desc(noticeViews.viewedAt));
  },

  /**
   * How many people can read an organisation's notices (usersCount): its active contractors and
   * the active employees of the organisation; for one contractor's side, itself and its active
   * employees. Counts in SQL on indexes (user_organisations by organisation, users by
   * organisation and type, users by contractor).
   */
  async audience(db: DbOrTx, organisationIds: readonly string[], contractorId: string | null): Promise<number> {
    if (organisationIds.length === 0) return 0;
    const orgs = [...organisationIds];
    const [employees] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(inArray(users.organisationId, orgs), eq(users.type, UserType.EMPLOYEE), live, contractorId === null ? undefined : eq(users.contractorId, contractorId)));
    if (contractorId !== null) return 1 + (employees?.n ?? 0);
    const [contractors] = await db
      .select({ n: sql<number>`count(distinct ${users.id})`.mapWith(Number) })
      .from(userOrganisations)
      .innerJoin(users, eq(users.id, userOrganisations.userId))
      .where(and(inArray(userOrganisations.organisationId, orgs), isNull(userOrganisations.disabledAt), eq(users.type, UserType.CONTRACTOR), live));
    return (contractors?.n ?? 0) + (employees?.n ?? 0);
  },

  /** Records a reader's first opening; nothing when it is recorded already. The kept time and whether it was new. */
  async recordView(
    db: DbOrTx,
    view: { docId: string; userId: string; contractorId: string; viewerType: number; viewerName: string },
  ): Promise<{ viewedAt: Date; recorded: boolean }> {
    const inserted = await db
      .insert(noticeViews)
      .values(view)
      .onConflictDoNothing({ target: [noticeViews.docId, noticeViews.userId] })
      .returning({ viewedAt: noticeViews.viewedAt });
    const first = inserted[0];
    if (first) return { viewedAt: first.viewedAt, recorded: true };
    const [kept] = await db
      .select({ viewedAt: noticeViews.viewedAt })
      .from(noticeViews)
      .where(and(eq(noticeViews.docId, view.docId), eq(noticeViews.userId, view.userId)));
    if (!kept) throw new Error('view vanished');
    return { viewedAt: kept.viewedAt, recorded: false };
  },
};
