import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { assessCategories, questions } from '../../db/schema';

/** What an organisation's bank holds of some names and texts: each lower-cased. */
export interface BankHoldings {
  categories: Set<string>;
  questions: Set<string>;
}

/**
 * The only place the templates module reads and writes the question bank (the starter library).
 * Copies of assessments are written through the assessments repository, as any assessment is.
 */
export const templatesRepository = {
  /** Which of these category names and question texts (lower-cased) the organisation holds, any case. */
  async holdings(db: DbOrTx, organisationId: string, names: readonly string[], texts: readonly string[]): Promise<BankHoldings> {
    // One after the other: inside a transaction its one connection would only queue them.
    const categoryRows =
      names.length === 0
        ? []
        : await db
            .select({ name: sql<string>`lower(${assessCategories.name})` })
            .from(assessCategories)
            .where(and(eq(assessCategories.organisationId, organisationId), inArray(sql`lower(${assessCategories.name})`, [...names])));
    const questionRows =
      texts.length === 0
        ? []
        : await db
            .select({ text: sql<string>`lower(${questions.questText})` })
            .from(questions)
            .where(and(eq(questions.organisationId, organisationId), inArray(sql`lower(${questions.questText})`, [...texts])));
    return { categories: new Set(categoryRows.map((r) => r.name)), questions: new Set(questionRows.map((r) => r.text)) };
  },

  /**
   * Adds the categories the organisation lacks; a name it holds in any case (now, or stored by a
   * simultaneous add) is left as it is by the unique index. The rows added.
   */
  async addCategories(
    db: DbOrTx,
    rows: readonly { id: string; organisationId: string; name: string; creatorId: string; createdAt: Date }[],
  ): Promise<{ id: string; name: string }[]> {
    if (rows.length === 0) return [];
    return db.insert(assessCategories).values([...rows]).onConflictDoNothing().returning({ id: assessCategories.id, name: assessCategories.name });
  },

  /** Adds the questions the bank lacks, as addCategories does. The rows added. */
  async addQuestions(
    db: DbOrTx,
    rows: readonly { id: string; organisationId: string; questText: string; creatorId: string; createdAt: Date }[],
  ): Promise<{ id: string; questText: string }[]> {
    if (rows.length === 0) return [];
    return db.insert(questions).values([...rows]).onConflictDoNothing().returning({ id: questions.id, questText: questions.questText });
  },
};
