import { count, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { feedbacks } from '../../db/schema';

export type FeedbackRow = typeof feedbacks.$inferSelect;

/** The only place that touches the feedbacks table. */
export const feedbackRepository = {
  async insert(db: DbOrTx, row: typeof feedbacks.$inferInsert): Promise<FeedbackRow> {
    const [created] = await db.insert(feedbacks).values(row).returning();
    if (!created) throw new Error('insert returned no row');
    return created;
  },

  async findById(db: DbOrTx, id: string): Promise<FeedbackRow | undefined> {
    const rows = await db.select().from(feedbacks).where(eq(feedbacks.id, id)).limit(1);
    return rows[0];
  },

  async delete(db: DbOrTx, id: string): Promise<void> {
    await db.delete(feedbacks).where(eq(feedbacks.id, id));
  },

  /** One page of an organisation's feedback, newest first, and the count of all (both in SQL, on the index). */
  async page(
    db: DbOrTx,
    organisationId: string,
    page: number,
    pageSize: number,
  ): Promise<{ rows: FeedbackRow[]; total: number }> {
    const rows = await db
      .select()
      .from(feedbacks)
      .where(eq(feedbacks.organisationId, organisationId))
      .orderBy(desc(feedbacks.createdAt), desc(feedbacks.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [all] = await db
      .select({ n: count() })
      .from(feedbacks)
      .where(eq(feedbacks.organisationId, organisationId));
    return { rows, total: all?.n ?? 0 };
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
