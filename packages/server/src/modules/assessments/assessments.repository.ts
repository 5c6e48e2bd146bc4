import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AnswerType, AssessmentStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db, DbOrTx } from '../../db/client';
import { listVersionOf } from '../../db/list-versions';
import { namedStatement } from '../../db/named-statement';
import {
  assessCategories,
  assessmentContractors,
  assessments,
  assessmentSectionQuestions,
  assessmentSections,
  assessmentTimeline,
  organisations,
  questions,
  responses,
  userOrganisations,
  users,
} from '../../db/schema';
import { newId } from '../../lib/ids';

export type AssessmentRow = typeof assessments.$inferSelect;
export type TimelineRow = typeof assessmentTimeline.$inferSelect;

/** The four factor switches of a section. */
export interface FactorValues {
  environment: boolean;
  social: boolean;
  governance: boolean;
  others: boolean;
}

/** A section as written: its category, marks, factors and questions, in order. */
export interface SectionWrite {
  categoryId: string;
  totalMarks: number;
  factors: FactorValues;
  questions: { questionId: string; answerType: AnswerType; options: string[] }[];
}

export interface QuestionTree {
  id: string;
  questionId: string;
  questText: string;
  answerType: AnswerType;
  options: string[];
}

export interface SectionTree {
  id: string;
  categoryId: string;
  categoryName: string;
  totalMarks: number;
  factors: FactorValues;
  questions: QuestionTree[];
}

/** An assessment with everything a reply shows. */
export interface AssessmentTree {
  assessment: AssessmentRow;
  companyName: string;
  creator: { id: string; type: number; name: string };
  contractors: string[];
  sections: SectionTree[];
  timeline: TimelineRow[];
}

/** Rows per INSERT of section questions: 6 columns, well below PostgreSQL's 65,535 parameters. */
const INSERT_BATCH = 1000;

/** Groups rows by a key, keeping their order, each mapped to what the group holds. */
function groupBy<R, T>(rows: readonly R[], key: (row: R) => string, map: (row: R) => T): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(map(row));
    else groups.set(k, [map(row)]);
  }
  return groups;
}

/**
 * The heads of assessments: each with its organisation's name and creator; with `inline`, its
 * contractors and timeline as JSON; with `total`, that figure on every row.
 */
function headsSelect(db: DbOrTx, inline: boolean, total: SQL<number | null> = sql<null>`null`) {
  return db
    .select({
      total,
      assessment: assessments,
      companyName: organisations.name,
      creatorName: users.name,
      creatorType: users.type,
      contractorsJson: inline
        ? sql<string[]>`(select coalesce(json_agg(ac.contractor_id), '[]'::json) from ${assessmentContractors} ac where ac.assessment_id = ${assessments.id})`
        : sql<null>`null`,
      timelineJson: inline
        ? sql<(Omit<TimelineRow, 'at'> & { at: number })[]>`(select coalesce(json_agg(json_build_object(
            'id', t.id, 'assessmentId', t.assessment_id, 'at', (extract(epoch from t.at) * 1000)::bigint,
            'actorId', t.actor_id, 'actorName', t.actor_name, 'status', t.status, 'action', t.action) order by t.id), '[]'::json)
            from ${assessmentTimeline} t where t.assessment_id = ${assessments.id})`
        : sql<null>`null`,
    })
    .from(assessments)
    .innerJoin(organisations, eq(organisations.id, assessments.organisationId))
    .innerJoin(users, eq(users.id, assessments.creatorId));
}

/** An assessment without its sections, from a head read with `inline`. */
function inlineTree(h: {
  assessment: AssessmentRow;
  companyName: string;
  creatorName: string;
  creatorType: number;
  contractorsJson: string[] | null;
  timelineJson: (Omit<TimelineRow, 'at'> & { at: number })[] | null;
}): AssessmentTree {
  return {
    assessment: h.assessment,
    companyName: h.companyName,
    creator: { id: h.assessment.creatorId, type: h.creatorType, name: h.creatorName },
    contractors: [...(h.contractorsJson ?? [])].sort(),
    sections: [],
    timeline: (h.timelineJson ?? []).map((t) => ({ ...t, at: new Date(t.at) })),
  };
}

/** The only place that reads and writes assessments, their sections, sharing and timeline. */
export const assessmentsRepository = {
  async find(db: DbOrTx, id: string): Promise<AssessmentRow | undefined> {
    const rows = await db.select().from(assessments).where(eq(assessments.id, id)).limit(1);
    return rows[0];
  },

  /** The row, locked until the transaction ends: edits, deletes and first responses queue on it. */
  async lock(db: DbOrTx, id: string): Promise<AssessmentRow | undefined> {
    const rows = await db.select().from(assessments).where(eq(assessments.id, id)).limit(1).for('update');
    return rows[0];
  },

  /**
   * A new assessment; `at` (default now) is its creation, update and last access time. Undefined
   * when its id is taken: the primary key decides, so of two inserts of one id at once one stores
   * the row and the other (waiting for the first to end) gets nothing.
   */
  async insert(
    db: DbOrTx,
    row: { id: string; organisationId: string; name: string; dueDate: string; status: AssessmentStatus; creatorId: string; at?: Date },
  ): Promise<AssessmentRow | undefined> {
    const { at, ...values } = row;
    const rows = await db
      .insert(assessments)
      .values(at ? { ...values, createdAt: at, updatedAt: at, lastAccessTime: at } : values)
      .onConflictDoNothing({ target: assessments.id })
      .returning();
    return rows[0];
  },

  /**
   * Changes name and due date (when given) and moves the version on: every edit does, whatever it
   * changes (sections and sharing too). Every edit counts as an access, at `now`.
   */
  async update(db: DbOrTx, id: string, values: { name?: string | undefined; dueDate?: string | undefined }, now: Date): Promise<AssessmentRow | undefined> {
    const set: PgUpdateSetSource<typeof assessments> = { updatedAt: now, lastAccessTime: now, version: sql`${assessments.version} + 1` };
    if (values.name !== undefined) set.name = values.name;
    if (values.dueDate !== undefined) set.dueDate = values.dueDate;
    const rows = await db.update(assessments).set(set).where(eq(assessments.id, id)).returning();
    return rows[0];
  },

  /** Deletes the assessment; sections, questions, sharing and timeline go with it. */
  async remove(db: DbOrTx, id: string): Promise<void> {
    await db.delete(assessments).where(eq(assessments.id, id));
  },

  /** Writes the sections in order (after deleteSections on an edit). */
  async writeSections(db: DbOrTx, assessmentId: string, sections: readonly SectionWrite[]): Promise<void> {
    if (sections.length === 0) return;
    const sectionRows = sections.map((s, position) => ({
      id: newId(),
      assessmentId,
      position,
      categoryId: s.categoryId,
      totalMarks: s.totalMarks,
      factorEnvironment: s.factors.environment,
      factorSocial: s.factors.social,
      factorGovernance: s.factors.governance,
      factorOthers: s.factors.others,
    }));
    await db.insert(assessmentSections).values(sectionRows);
    const questionRows = sections.flatMap((s, i) =>
      s.questions.map((q, position) => ({
        id: newId(),
        sectionId: sectionRows[i]?.id ?? '',
        position,
        questionId: q.questionId,
        answerType: q.answerType,
        options: q.options,
      })),
    );
    for (let i = 0; i < questionRows.length; i += INSERT_BATCH) {
      await db.insert(assessmentSectionQuestions).values(questionRows.slice(i, i + INSERT_BATCH));
    }
  },

  async deleteSections(db: DbOrTx, assessmentId: string): Promise<void> {
    await db.delete(assessmentSections).where(eq(assessmentSections.assessmentId, assessmentId));
  },

  /** Shares the assessment with these contractors (after deleteContractors on an edit). */
  async writeContractors(db: DbOrTx, assessmentId: string, contractorIds: readonly string[]): Promise<void> {
    if (contractorIds.length === 0) return;
    await db.insert(assessmentContractors).values(contractorIds.map((contractorId) => ({ assessmentId, contractorId })));
  },

  async deleteContractors(db: DbOrTx, assessmentId: string): Promise<void> {
    await db.delete(assessmentContractors).where(eq(assessmentContractors.assessmentId, assessmentId));
  },

  async contractorsOf(db: DbOrTx, assessmentId: string): Promise<string[]> {
    const rows = await db
      .select({ id: assessmentContractors.contractorId })
      .from(assessmentContractors)
      .where(eq(assessmentContractors.assessmentId, assessmentId));
    return rows.map((r) => r.id);
  },

  async appendTimeline(
    db: DbOrTx,
    entry: { assessmentId: string; actorId: string | null; actorName: string; status: AssessmentStatus; action: string },
  ): Promise<void> {
    await db.insert(assessmentTimeline).values(entry);
  },

  /** How many responses the assessment has (any state): one is enough to freeze it. */
  async responseCount(db: DbOrTx, assessmentId: string): Promise<number> {
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(responses)
      .where(eq(responses.assessmentId, assessmentId));
    return rows[0]?.n ?? 0;
  },

  /** Which of these ids are live (not deleted) contractor companies of the organisation. */
  async liveContractorIdsIn(db: DbOrTx, organisationId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .innerJoin(userOrganisations, and(eq(userOrganisations.userId, users.id), eq(userOrganisations.organisationId, organisationId)))
      .where(and(inArray(users.id, [...ids]), eq(users.type, UserType.CONTRACTOR), isNull(users.deletedAt)));
    return new Set(rows.map((r) => r.id));
  },

  /**
   * The assessments matching `where` (on the assessments table), newest first, each with its
   * organisation's name, creator, contractors, sections and their questions, and timeline: five
   * queries, whatever the number of assessments. Category names and question texts are joined
   * only when asked for; with `sections: false` the sections are left out (two queries fewer, and
   * most of the rows). Children are sorted by their integer position (or serial id) only:
   * grouping keeps that order, and sorting by text ids costs a collation.
   */
  async loadTrees(
    db: DbOrTx,
    where: SQL | undefined,
    names: { categories: boolean; questions: boolean },
    opts: { sections: boolean; limit?: number; offset?: number } = { sections: true },
  ): Promise<AssessmentTree[]> {
    // Without sections (lists of names and dates, the Assessments modal) the contractors and the
    // timeline come with the heads, as JSON: one statement instead of three.
    const inline = !opts.sections;
    const headsRead = headsSelect(db, inline).where(where).orderBy(desc(assessments.createdAt), asc(assessments.id));
    const heads = await (opts.limit === undefined ? headsRead : headsRead.limit(opts.limit).offset(opts.offset ?? 0));
    if (heads.length === 0) return [];
    if (inline) return heads.map(inlineTree);
    const ids = heads.map((h) => h.assessment.id);

    const sectionQuery = db
      .select({
        id: assessmentSections.id,
        assessmentId: assessmentSections.assessmentId,
        categoryId: assessmentSections.categoryId,
        categoryName: names.categories ? assessCategories.name : sql<string>`''`,
        totalMarks: assessmentSections.totalMarks,
        environment: assessmentSections.factorEnvironment,
        social: assessmentSections.factorSocial,
        governance: assessmentSections.factorGovernance,
        others: assessmentSections.factorOthers,
      })
      .from(assessmentSections);
    const itemQuery = db
      .select({
        id: assessmentSectionQuestions.id,
        sectionId: assessmentSectionQuestions.sectionId,
        questionId: assessmentSectionQuestions.questionId,
        questText: names.questions ? questions.questText : sql<string>`''`,
        answerType: assessmentSectionQuestions.answerType,
        options: assessmentSectionQuestions.options,
      })
      .from(assessmentSectionQuestions)
      .innerJoin(assessmentSections, eq(assessmentSections.id, assessmentSectionQuestions.sectionId));
    const sectionsRead = (names.categories ? sectionQuery.innerJoin(assessCategories, eq(assessCategories.id, assessmentSections.categoryId)) : sectionQuery)
      .where(inArray(assessmentSections.assessmentId, ids))
      .orderBy(asc(assessmentSections.position));
    const itemsRead = (names.questions ? itemQuery.innerJoin(questions, eq(questions.id, assessmentSectionQuestions.questionId)) : itemQuery)
      .where(inArray(assessmentSections.assessmentId, ids))
      .orderBy(asc(assessmentSectionQuestions.position));
    const contractorsRead = db
      .select({ assessmentId: assessmentContractors.assessmentId, contractorId: assessmentContractors.contractorId })
      .from(assessmentContractors)
      .where(inArray(assessmentContractors.assessmentId, ids));
    const timelineRead = db
      .select()
      .from(assessmentTimeline)
      .where(inArray(assessmentTimeline.assessmentId, ids))
      .orderBy(asc(assessmentTimeline.id));
    // Together on the pool; one after the other in a transaction, whose one connection would
    // only queue them (node-postgres warns, and pg 9 refuses).
    const none = Promise.resolve([]);
    const sectionsWanted = opts.sections ? sectionsRead : none;
    const itemsWanted = opts.sections ? itemsRead : none;
    const [sectionRows, itemRows, contractorRows, timelineRows] =
      db instanceof PgTransaction
        ? [await sectionsWanted, await itemsWanted, await contractorsRead, await timelineRead]
        : await Promise.all([sectionsWanted, itemsWanted, contractorsRead, timelineRead]);

    const questionsBySection = groupBy(itemRows, (r) => r.sectionId, (r): QuestionTree => ({
      id: r.id,
      questionId: r.questionId,
      questText: r.questText,
      answerType: r.answerType,
      options: r.options,
    }));
    const sectionsByAssessment = groupBy(sectionRows, (r) => r.assessmentId, (r): SectionTree => ({
      id: r.id,
      categoryId: r.categoryId,
      categoryName: r.categoryName,
      totalMarks: r.totalMarks,
      factors: { environment: r.environment, social: r.social, governance: r.governance, others: r.others },
      questions: questionsBySection.get(r.id) ?? [],
    }));
    const contractorsByAssessment = groupBy(contractorRows, (r) => r.assessmentId, (r) => r.contractorId);
    const timelineByAssessment = groupBy(timelineRows, (r) => r.assessmentId, (r) => r);

    return heads.map((h) => ({
      assessment: h.assessment,
      companyName: h.companyName,
      creator: { id: h.assessment.creatorId, type: h.creatorType, name: h.creatorName },
      contractors: (contractorsByAssessment.get(h.assessment.id) ?? []).sort(),
      sections: sectionsByAssessment.get(h.assessment.id) ?? [],
      timeline: timelineByAssessment.get(h.assessment.id) ?? [],
    }));
  },

  /**
   * The Assessments modal's read: a page of one organisation's assessments (of one status when
   * given), newest first, without sections, and how many there are in all. One statement each,
   * prepared once as statements of this database: on PostgreSQL parsed and planned once per
   * connection, where parsing and planning the page took 2 to 8 times as long as running it
   * (issue 21). An empty page (past the end) reads its total on its own.
   */
  preparePage(db: Db) {
    const variant = (byStatus: boolean, name: string) => {
      const where = and(
        eq(assessments.organisationId, sql.placeholder('organisationId')),
        byStatus ? eq(assessments.status, sql.placeholder('status')) : undefined,
      );
      // The count's own FROM hides the outer row: it counts the whole selection.
      const total = sql<number>`(select count(*)::int from ${assessments} where ${where})`;
      return {
        page: headsSelect(db, true, total)
          .where(where)
          .orderBy(desc(assessments.createdAt), asc(assessments.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(`${name}_page`),
        count: db.select({ n: total }).from(sql`(select 1) as one`).prepare(`${name}_count`),
      };
    };
    const all = variant(false, 'assessments_of_organisation');
    const byStatus = variant(true, 'assessments_of_organisation_by_status');
    return async (q: {
      organisationId: string;
      status: AssessmentStatus | undefined;
      limit: number;
      offset: number;
    }): Promise<{ trees: AssessmentTree[]; total: number }> => {
      const read = q.status === undefined ? all : byStatus;
      const heads = await read.page.execute(q);
      const first = heads[0];
      if (first) return { trees: heads.map(inlineTree), total: first.total ?? 0 };
      const [row] = await read.count.execute(q);
      return { trees: [], total: row?.n ?? 0 };
    };
  },

  /** The version of the organisation's assessments list (migration 0022), read by its key; null: none. */
  prepareListVersion() {
    const read = namedStatement<{ version: string | null }>(
      'assessments_list_version',
      sql`select ${listVersionOf('assessments', sql.placeholder('organisationId'))} as version`,
    );
    return async (db: DbOrTx, organisationId: string): Promise<string | null> => (await read(db, { organisationId }))[0]?.version ?? null;
  },

  /** How many assessments match `where` (on the assessments table). */
  async count(db: DbOrTx, where: SQL | undefined): Promise<number> {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(assessments).where(where);
    return row?.n ?? 0;
  },

  /** One assessment with everything a reply shows. */
  async loadTree(db: DbOrTx, id: string): Promise<AssessmentTree | undefined> {
    const [tree] = await assessmentsRepository.loadTrees(db, eq(assessments.id, id), { categories: true, questions: true });
    return tree;
  },

  /** The first response moves a NEW assessment to PENDING (a change: a new version); it counts as an access. */
  async markStarted(db: DbOrTx, id: string, at: Date): Promise<void> {
    await db
      .update(assessments)
      .set({ status: 'PENDING', updatedAt: at, lastAccessTime: at, version: sql`${assessments.version} + 1` })
      .where(eq(assessments.id, id));
  },

  /** The filter of the assessments shared with a contractor. */
  sharedWith(contractorId: string): SQL {
    return sql`${assessments.id} in (select ${assessmentContractors.assessmentId} from ${assessmentContractors} where ${assessmentContractors.contractorId} = ${contractorId})`;
  },

  /** The filter of the organisations' assessments. */
  /** The assessments of these organisations, of one status when given. */
  ofOrganisations(organisationIds: readonly string[], status?: AssessmentStatus): SQL | undefined {
    const mine = inArray(assessments.organisationId, [...organisationIds]);
    return status === undefined ? mine : and(mine, eq(assessments.status, status));
  },
};
