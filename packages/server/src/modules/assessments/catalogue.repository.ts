import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { assessCategories, questions } from '../../db/schema';
import { listVersionOf } from '../../db/list-versions';

export type CategoryRow = typeof assessCategories.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
/** A question of a page with its place in the whole bank (oldest first, from 1); the page does not name creators. */
export type NumberedQuestionRow = Omit<QuestionRow, 'creatorId'> & { srNo: number };
/** A question of a kept bank: its text lower-cased by the database, its place in text order (from 1). */
export type BankQuestionRow = NumberedQuestionRow & { lowered: string; textRank: number };

/** The only place that reads and writes the organisations' categories and question banks. */
export const catalogueRepository = {
  // ------------------------------------------------------------------------------ categories
  async findCategory(db: DbOrTx, id: string): Promise<CategoryRow | undefined> {
    const rows = await db.select().from(assessCategories).where(eq(assessCategories.id, id)).limit(1);
    return rows[0];
  },

  /** True when another category of the organisation has this name, in any case. */
  async categoryNameTaken(db: DbOrTx, organisationId: string, name: string, excludeId?: string): Promise<boolean> {
    const rows = await db
      .select({ id: assessCategories.id })
      .from(assessCategories)
      .where(
        and(
          eq(assessCategories.organisationId, organisationId),
          sql`lower(${assessCategories.name}) = ${name.toLowerCase()}`,
          excludeId ? ne(assessCategories.id, excludeId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** Undefined when the id is taken (client ids, lib/create-once.ts); a name taken still throws. */
  async insertCategory(db: DbOrTx, row: { id: string; organisationId: string; name: string; creatorId: string }): Promise<CategoryRow | undefined> {
    const rows = await db.insert(assessCategories).values(row).onConflictDoNothing({ target: assessCategories.id }).returning();
    return rows[0];
  },

  async renameCategory(db: DbOrTx, id: string, name: string): Promise<CategoryRow | undefined> {
    const rows = await db.update(assessCategories).set({ name }).where(eq(assessCategories.id, id)).returning();
    return rows[0];
  },

  /** The organisation's categories by name (the unique index serves the order). */
  async listCategories(db: DbOrTx, organisationId: string): Promise<CategoryRow[]> {
    return db
      .select()
      .from(assessCategories)
      .where(eq(assessCategories.organisationId, organisationId))
      .orderBy(sql`lower(${assessCategories.name})`, asc(assessCategories.id));
  },

  /** Which of these ids are categories of the organisation. */
  async categoryIdsIn(db: DbOrTx, organisationId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: assessCategories.id })
      .from(assessCategories)
      .where(and(eq(assessCategories.organisationId, organisationId), inArray(assessCategories.id, [...ids])));
    return new Set(rows.map((r) => r.id));
  },

  // ------------------------------------------------------------------------------- questions
  async findQuestion(db: DbOrTx, id: string): Promise<QuestionRow | undefined> {
    const rows = await db.select().from(questions).where(eq(questions.id, id)).limit(1);
    return rows[0];
  },

  /** True when another question of the organisation has this text, in any case. */
  async questionTextTaken(db: DbOrTx, organisationId: string, questText: string, excludeId?: string): Promise<boolean> {
    const rows = await db
      .select({ id: questions.id })
      .from(questions)
      .where(
        and(
          eq(questions.organisationId, organisationId),
          sql`lower(${questions.questText}) = ${questText.toLowerCase()}`,
          excludeId ? ne(questions.id, excludeId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  /** Which of these (lower-cased) texts the organisation's bank holds. */
  async questionTextsTaken(db: DbOrTx, organisationId: string, lowered: readonly string[]): Promise<Set<string>> {
    if (lowered.length === 0) return new Set();
    const rows = await db
      .select({ text: sql<string>`lower(${questions.questText})` })
      .from(questions)
      .where(and(eq(questions.organisationId, organisationId), inArray(sql`lower(${questions.questText})`, [...lowered])));
    return new Set(rows.map((r) => r.text));
  },

  /** The rows stored; one whose id is taken is left out (client ids, lib/create-once.ts). */
  async insertQuestions(
    db: DbOrTx,
    rows: readonly { id: string; organisationId: string; questText: string; creatorId: string; createdAt?: Date }[],
  ): Promise<QuestionRow[]> {
    if (rows.length === 0) return [];
    return db.insert(questions).values([...rows]).onConflictDoNothing({ target: questions.id }).returning();
  },

  async editQuestion(db: DbOrTx, id: string, questText: string): Promise<QuestionRow | undefined> {
    const rows = await db.update(questions).set({ questText }).where(eq(questions.id, id)).returning();
    return rows[0];
  },

  /** The organisation's bank, oldest first (the table numbers them: Sr.No). */
  async listQuestions(db: DbOrTx, organisationId: string): Promise<QuestionRow[]> {
    return db
      .select()
      .from(questions)
      .where(eq(questions.organisationId, organisationId))
      .orderBy(asc(questions.createdAt), asc(questions.id));
  },

  /**
   * The two reads of a kept question bank (question-bank.ts), each one named statement:
   * - `head`: the bank's version (null: no question was ever written) and the search lower-cased
   *   by the database, in one row read by its key;
   * - `load`: the whole bank oldest first, each question numbered by its place (Sr.No), with its
   *   text lower-cased by the database and its place in text order (lower-cased texts by code
   *   point, "C": the same on PGlite and any PostgreSQL, then by number), and the version, all
   *   from one snapshot.
   * The database lower-cases both sides, so that a search finds what ILIKE finds (PostgreSQL's
   * ILIKE is LIKE over the lower-cased text and pattern), and the server only looks for one
   * inside the other.
   */
  prepareQuestionBank() {
    const p = (name: string) => sql.placeholder(name);
    const version = listVersionOf('question_bank', p('organisationId'));
    const head = namedStatement<{ version: string | null; needle: string }>(
      'catalogue_bank_head',
      sql`select ${version} as version, lower(${p('search')}::text) as needle`,
    );
    // One row with no question when the bank is empty, so that the version always comes with it.
    const load = namedStatement<{
      id: string | null;
      organisation_id: string;
      quest_text: string;
      created_at: Date | string;
      lowered: string;
      sr_no: number | string;
      text_rank: number | string;
      version: string | null;
    }>(
      'catalogue_bank_load',
      sql`select b.*, ${version} as version
        from (select 1) as one
        left join (
          select q.id, q.organisation_id, q.quest_text, q.created_at, lower(q.quest_text) as lowered,
            row_number() over (order by q.created_at, q.id) as sr_no,
            row_number() over (order by lower(q.quest_text) collate "C", q.created_at, q.id) as text_rank
          from ${questions} q where q.organisation_id = ${p('organisationId')}
        ) b on true
        order by b.created_at, b.id`,
    );
    return {
      async head(db: DbOrTx, organisationId: string, search: string): Promise<{ version: string | null; needle: string }> {
        const [row] = await head(db, { organisationId, search });
        return { version: row?.version ?? null, needle: row?.needle ?? search };
      },
      /** The bank oldest first, and its version. */
      async load(db: DbOrTx, organisationId: string): Promise<{ version: string | null; rows: BankQuestionRow[] }> {
        const rows = await load(db, { organisationId });
        return {
          version: rows[0]?.version ?? null,
          rows: rows.flatMap((r) => (r.id === null ? [] : [{
            id: r.id,
            organisationId: r.organisation_id,
            questText: r.quest_text,
            createdAt: new Date(r.created_at),
            srNo: Number(r.sr_no),
            lowered: r.lowered,
            textRank: Number(r.text_rank),
          }])),
        };
      },
    };
  },

  /** Which of these ids are questions of the organisation. */
  async questionIdsIn(db: DbOrTx, organisationId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.organisationId, organisationId), inArray(questions.id, [...ids])));
    return new Set(rows.map((r) => r.id));
  },
};
