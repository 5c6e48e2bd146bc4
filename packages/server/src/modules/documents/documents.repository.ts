import { and, desc, eq, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import { policyDocuments, policyDocumentViews, userOrganisations, users } from '../../db/schema';

export type DocumentRow = typeof policyDocuments.$inferSelect;
export type DocumentInsert = typeof policyDocuments.$inferInsert;

/** A document with its read figures for one reader. */
export interface DocumentListRow extends DocumentRow {
  viewerCount: number;
  viewedByMe: boolean;
}

export interface ViewerRow {
  documentId: string;
  userId: string;
  viewerType: number;
  viewerName: string;
  viewedAt: Date;
}

/** How many readers opened the document being read, and whether this reader did. */
function readFigures(readerId: string | Placeholder) {
  return {
    viewerCount: sql<number>`(select count(*) from ${policyDocumentViews} where ${policyDocumentViews.documentId} = ${policyDocuments.id})`.mapWith(
      Number,
    ),
    viewedByMe:
      sql<boolean>`exists (select 1 from ${policyDocumentViews} where ${policyDocumentViews.documentId} = ${policyDocuments.id} and ${policyDocumentViews.userId} = ${readerId})`.mapWith(
        Boolean,
      ),
  };
}

/** The only place that touches the documents tables. */
export const documentsRepository = {
  /** The new row; undefined, with nothing written, when its id is already stored (a repeated create). */
  async insert(db: DbOrTx, row: DocumentInsert): Promise<DocumentRow | undefined> {
    const [created] = await db.insert(policyDocuments).values(row).onConflictDoNothing({ target: policyDocuments.id }).returning();
    return created;
  },

  async findById(db: DbOrTx, id: string): Promise<DocumentRow | undefined> {
    const rows = await db.select().from(policyDocuments).where(eq(policyDocuments.id, id)).limit(1);
    return rows[0];
  },

  async update(
    db: DbOrTx,
    id: string,
    set: Pick<DocumentRow, 'title' | 'description' | 'attachments'>,
    now: Date,
  ): Promise<DocumentRow> {
    const [updated] = await db
      .update(policyDocuments)
      .set({ ...set, updatedAt: now })
      .where(eq(policyDocuments.id, id))
      .returning();
    if (!updated) throw new Error('update returned no row');
    return updated;
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(policyDocuments).where(eq(policyDocuments.id, id));
  },

  /**
   * The documents of these organisations, newest first, each with how many readers opened it and
   * whether this reader did (counted in SQL over the views' primary key).
   */
  async listFor(
    db: DbOrTx,
    organisationIds: readonly string[],
    readerId: string,
    documentId?: string,
  ): Promise<DocumentListRow[]> {
    if (organisationIds.length === 0) return [];
    const rows = await db
      .select({ doc: policyDocuments, ...readFigures(readerId) })
      .from(policyDocuments)
      .where(
        and(
          inArray(policyDocuments.organisationId, [...organisationIds]),
          documentId === undefined ? undefined : eq(policyDocuments.id, documentId),
        ),
      )
      .orderBy(desc(policyDocuments.createdAt), desc(policyDocuments.id));
    return rows.map((r) => ({ ...r.doc, viewerCount: r.viewerCount, viewedByMe: r.viewedByMe }));
  },

  /**
   * listFor of one organisation (a contractor's documents page and home), prepared once as a
   * statement of this database: on PostgreSQL parsed and planned once per connection, where
   * building and planning it cost more than running it (issue 21).
   */
  prepareListOfOrganisation(db: Db) {
    const query = db
      .select({ doc: policyDocuments, ...readFigures(sql.placeholder('readerId')) })
      .from(policyDocuments)
      .where(eq(policyDocuments.organisationId, sql.placeholder('organisationId')))
      .orderBy(desc(policyDocuments.createdAt), desc(policyDocuments.id))
      .prepare('policy_documents_of_organisation');
    return async (organisationId: string, readerId: string): Promise<DocumentListRow[]> => {
      const rows = await query.execute({ organisationId, readerId });
      return rows.map((r) => ({ ...r.doc, viewerCount: r.viewerCount, viewedByMe: r.viewedByMe }));
    };
  },

  /**
   * One organisation's documents, newest first, each with its viewers (newest first), how many
   * they are and whether this reader is one of them: the organisation's Recent Policy Updates and
   * documents page. One statement instead of two, prepared once as a statement of this database:
   * on PostgreSQL parsed and planned once per connection (issue 21).
   */
  prepareListWithViewers(db: Db) {
    const query = db
      .select({
        doc: policyDocuments,
        viewers: sql<(Omit<ViewerRow, 'viewedAt'> & { viewedAt: string })[]>`(select coalesce(json_agg(json_build_object(
            'documentId', v.document_id, 'userId', v.user_id, 'viewerType', v.viewer_type, 'viewerName', v.viewer_name,
            'viewedAt', v.viewed_at) order by v.viewed_at desc, v.user_id), '[]'::json)
          from ${policyDocumentViews} v where v.document_id = ${policyDocuments.id})`,
      })
      .from(policyDocuments)
      .where(eq(policyDocuments.organisationId, sql.placeholder('organisationId')))
      .orderBy(desc(policyDocuments.createdAt), desc(policyDocuments.id))
      .prepare('policy_documents_with_viewers');
    return async (organisationId: string, readerId: string): Promise<{ row: DocumentListRow; viewers: ViewerRow[] }[]> => {
      const rows = await query.execute({ organisationId });
      return rows.map((r) => {
        const viewers = r.viewers.map((v) => ({ ...v, viewedAt: new Date(v.viewedAt) }));
        return { row: { ...r.doc, viewerCount: viewers.length, viewedByMe: viewers.some((v) => v.userId === readerId) }, viewers };
      });
    };
  },

  /**
   * How many people can read an organisation's policy documents: its active contractors and the
   * active employees of the organisation. Two counts in SQL, each on an index (user_organisations
   * by organisation, users by organisation and type).
   */
  async audienceCount(db: DbOrTx, organisationIds: readonly string[]): Promise<number> {
    if (organisationIds.length === 0) return 0;
    const orgs = [...organisationIds];
    const live = and(eq(users.isActive, true), isNull(users.deletedAt));
    const [contractors] = await db
      .select({ n: sql<number>`count(distinct ${users.id})`.mapWith(Number) })
      .from(userOrganisations)
      .innerJoin(users, eq(users.id, userOrganisations.userId))
      .where(
        and(
          inArray(userOrganisations.organisationId, orgs),
          isNull(userOrganisations.disabledAt),
          eq(users.type, UserType.CONTRACTOR),
          live,
        ),
      );
    const [employees] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(and(inArray(users.organisationId, orgs), eq(users.type, UserType.EMPLOYEE), live));
    return (contractors?.n ?? 0) + (employees?.n ?? 0);
  },

  /**
   * One page of a document's viewers, newest first (then by user), and how many there are in all:
   * the organisation's popup pages them (issue 63), a document may be opened by thousands.
   */
  async viewersPage(db: DbOrTx, documentId: string, limit: number, offset: number): Promise<{ rows: ViewerRow[]; total: number }> {
    const rows = await db
      .select({
        documentId: policyDocumentViews.documentId,
        userId: policyDocumentViews.userId,
        viewerType: policyDocumentViews.viewerType,
        viewerName: policyDocumentViews.viewerName,
        viewedAt: policyDocumentViews.viewedAt,
      })
      .from(policyDocumentViews)
      .where(eq(policyDocumentViews.documentId, documentId))
      .orderBy(desc(policyDocumentViews.viewedAt), policyDocumentViews.userId)
      .limit(limit)
      .offset(offset);
    const [count] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(policyDocumentViews)
      .where(eq(policyDocumentViews.documentId, documentId));
    return { rows, total: count?.n ?? 0 };
  },

  /** Records a reader's first opening; nothing when it is recorded already. Returns the kept time and whether it was new. */
  async recordView(
    db: DbOrTx,
    view: { documentId: string; userId: string; viewerType: number; viewerName: string },
  ): Promise<{ viewedAt: Date; recorded: boolean }> {
    const inserted = await db
      .insert(policyDocumentViews)
      .values(view)
      .onConflictDoNothing({ target: [policyDocumentViews.documentId, policyDocumentViews.userId] })
      .returning({ viewedAt: policyDocumentViews.viewedAt });
    const first = inserted[0];
    if (first) return { viewedAt: first.viewedAt, recorded: true };
    const [kept] = await db
      .select({ viewedAt: policyDocumentViews.viewedAt })
      .from(policyDocumentViews)
      .where(
        and(
          eq(policyDocumentViews.documentId, view.documentId),
          eq(policyDocumentViews.userId, view.userId),
        ),
      );
    if (!kept) throw new Error('view vanished');
    return { viewedAt: kept.viewedAt, recorded: false };
  },
};
