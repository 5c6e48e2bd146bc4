import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { QuestionsPageQuery } from '@palisade/domain/assessments/question.schema';
import type { Db, DbOrTx } from '../../db/client';
import { assessCategories, questions } from '../../db/schema';
import { containsPattern } from '../../db/like';

export type CategoryRow = typeof assessCategories.$inferSelect;
export type QuestionRow = typeof questions.$inferSelect;
/** A question of a page with its place in the whole bank (oldest first, from 1). */
export type NumberedQuestionRow = QuestionRow & { srNo: number };

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

  async insertCategory(db: DbOrTx, row: { id: string; organisationId: string; name: string }): Promise<CategoryRow | undefined> {
    const rows = await db.insert(assessCategories).values(row).returning();
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

  async insertQuestions(
    db: DbOrTx,
    rows: readonly { id: string; organisationId: string; questText: string; createdAt?: Date }[],
  ): Promise<QuestionRow[]> {
    if (rows.length === 0) return [];
    return db.insert(questions).values([...rows]).returning();
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
   * One page of the organisation's bank whose text holds `search` (any case), numbered by their
   * place in the whole bank, and how many match. The bank is read by questions_org_created_idx;
   * the numbering is a window over it, so a search does not renumber. Texts sort lower-cased by
   * code point ("C"): the same order on PGlite and on any PostgreSQL's default collation.
   *
   * Each shape (the whole bank in its own order; a window by number or by text, either way) is
   * prepared once as a statement of this database: building and planning it cost more than
   * running it over a bank of some hundred questions (issue 21). No search is the pattern '%'.
   */
  prepareQuestionsPage(db: Db) {
    const p = (name: string) => sql.placeholder(name);
    const ofBank = eq(questions.organisationId, p('organisationId'));
    const bankTotal = db.select({ n: sql<number>`count(*)::int` }).from(questions).where(ofBank).prepare('catalogue_bank_total');
    const bankPage = (by: typeof asc) =>
      db
        .select()
        .from(questions)
        .where(ofBank)
        .orderBy(by(questions.createdAt), by(questions.id))
        .limit(p('limit'))
        .offset(p('offset'));
    const bankPages = { asc: bankPage(asc).prepare('catalogue_bank_page_asc'), desc: bankPage(desc).prepare('catalogue_bank_page_desc') };
    const bank = db
      .select({
        id: questions.id,
        organisationId: questions.organisationId,
        questText: questions.questText,
        createdAt: questions.createdAt,
        srNo: sql<number>`row_number() over (order by ${questions.createdAt}, ${questions.id})`.as('sr_no'),
      })
      .from(questions)
      .where(ofBank)
      .as('bank');
    // The count of the matches comes with the page (a window over them, before the limit): one
    // statement; only a page past the end counts apart.
    const windowPage = (sort: QuestionsPageQuery['sort'], by: typeof asc) =>
      db
        .select({
          id: bank.id,
          organisationId: bank.organisationId,
          questText: bank.questText,
          createdAt: bank.createdAt,
          srNo: bank.srNo,
          total: sql<number>`count(*) over ()`.mapWith(Number),
        })
        .from(bank)
        .where(sql`${bank.questText} ilike ${p('pattern')}`)
        .orderBy(...(sort === 'srNo' ? [by(bank.srNo)] : [by(sql`lower(${bank.questText}) collate "C"`), by(bank.srNo)]))
        .limit(p('limit'))
        .offset(p('offset'));
    const windowPages = {
      srNo: { asc: windowPage('srNo', asc).prepare('catalogue_window_srno_asc'), desc: windowPage('srNo', desc).prepare('catalogue_window_srno_desc') },
      question: { asc: windowPage('question', asc).prepare('catalogue_window_text_asc'), desc: windowPage('question', desc).prepare('catalogue_window_text_desc') },
    };
    const matchTotal = db
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(ofBank, sql`${questions.questText} ilike ${p('pattern')}`))
      .prepare('catalogue_match_total');
    return async (organisationId: string, q: QuestionsPageQuery): Promise<{ rows: NumberedQuestionRow[]; total: number }> => {
      const offset = (q.page - 1) * q.pageSize;
      if (q.search === '' && q.sort === 'srNo') {
        // The whole bank in its own order: a page of questions_org_created_idx, numbered from its
        // place, with no window over the bank.
        const [[counted], rows] = await Promise.all([
          bankTotal.execute({ organisationId }),
          bankPages[q.direction].execute({ organisationId, limit: q.pageSize, offset }),
        ]);
        const total = counted?.n ?? 0;
        return {
          rows: rows.map((r, i) => ({ ...r, srNo: q.direction === 'asc' ? offset + i + 1 : total - offset - i })),
          total,
        };
      }
      const pattern = q.search === '' ? '%' : containsPattern(q.search);
      const rows = await windowPages[q.sort][q.direction].execute({ organisationId, pattern, limit: q.pageSize, offset });
      const total = rows[0]?.total ?? (await matchTotal.execute({ organisationId, pattern }))[0]?.n ?? 0;
      return {
        rows: rows.map(({ total: _total, ...r }) => ({ ...r, createdAt: new Date(r.createdAt), srNo: Number(r.srNo) })),
        total,
      };
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
