import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { feedbacks } from '../../db/schema';

export type FeedbackRow = typeof feedbacks.$inferSelect;

/** The only place that touches the feedbacks table. */
export const feedbackRepository = {
  /** The new row; undefined, with nothing written, when its id is already stored (a repeated create). */
  async insert(db: DbOrTx, row: typeof feedbacks.$inferInsert): Promise<FeedbackRow | undefined> {
    const [created] = await db.insert(feedbacks).values(row).onConflictDoNothing({ target: feedbacks.id }).returning();
    return created;
  },

  async findById(db: DbOrTx, id: string): Promise<FeedbackRow | undefined> {
    const rows = await db.select().from(feedbacks).where(eq(feedbacks.id, id)).limit(1);
    return rows[0];
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(feedbacks).where(eq(feedbacks.id, id));
  },

  /**
   * One page of an organisation's feedback, newest first, and the count of all, in one statement
   * on the index, prepared once as a statement of this database (on PostgreSQL parsed and planned
   * once per connection; building and planning it cost more than running it). A page past the end
   * has no row to carry the count: it is counted on its own.
   */
  preparePage(db: Db) {
    const organisationId = sql.placeholder('organisationId');
    const ofOrganisation = eq(feedbacks.organisationId, organisationId);
    const page = db
      .select({ feedback: feedbacks, total: sql<number>`(select count(*) from ${feedbacks} where ${ofOrganisation})`.mapWith(Number) })
      .from(feedbacks)
      .where(ofOrganisation)
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('feedback_organisation_page');
    const total = db.select({ n: count() }).from(feedbacks).where(ofOrganisation).prepare('feedback_organisation_total');
    return async (q: { organisationId: string; page: number; pageSize: number }): Promise<{ rows: FeedbackRow[]; total: number }> => {
      const rows = await page.execute({ organisationId: q.organisationId, limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
      const first = rows[0];
      if (first) return { rows: rows.map((r) => r.feedback), total: first.total };
      return { rows: [], total: q.page === 1 ? 0 : ((await total.execute({ organisationId: q.organisationId }))[0]?.n ?? 0) };
    };
  },

  /** Every feedback of these organisations, newest first. */
  async allOf(db: DbOrTx, organisationIds: readonly string[]): Promise<FeedbackRow[]> {
    if (organisationIds.length === 0) return [];
    return db
      .select()
      .from(feedbacks)
      .where(inArray(feedbacks.organisationId, [...organisationIds]))
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id));
  },
};
