import { and, asc, desc, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { AuditorFileRecord } from '@palisade/domain/responses/response.schema';
import type { AnswerStatus, AnswerType, AssessStatus, ResponseStatus } from '@palisade/domain/statuses';
import { CONTRACTOR_LIST_PAGE_SIZES } from '@palisade/domain/constants';
import type { Db, DbOrTx } from '../../db/client';
import {
  assessCategories,
  assessmentContractors,
  assessmentRounds,
  assessments,
  assessmentSectionQuestions,
  assessmentSections,
  questions,
  responseQuestionHistory,
  responseQuestions,
  responses,
  responseSections,
  responseTimeline,
  type StoredAnswerJson,
  users,
} from '../../db/schema';
import { preparedPages } from '../../db/first-pages';
import { containsPattern } from '../../db/like';

export type ResponseRow = typeof responses.$inferSelect;
export type ResponseSectionRow = typeof responseSections.$inferSelect;
export type ResponseQuestionRow = typeof responseQuestions.$inferSelect;

/** A question as the one-query read returns it. */
export interface QuestionRecord {
  id: string;
  questionId: string;
  questText: string;
  answerType: AnswerType;
  options: string[];
  answer: StoredAnswerJson | null;
  attachments: FileRecord[];
  answerStatus: AnswerStatus;
  assessStatus: AssessStatus;
  remarks: string | null;
  /** Goes up with every change of the answer or its files. */
  version: number;
  /** The version when the response entered REASSESSMENT, for the questions then REJECTED. */
  reopenedVersion: number | null;
  /** Every judgement and remark, oldest first; `at` in epoch milliseconds. */
  history: JudgementRecord[];
  /** The auditors' files on the question (issue 56), oldest first. */
  auditorAttachments: AuditorFileRecord[];
}

/** A judgement of a question as the one-query read returns it. */
export interface JudgementRecord {
  at: number;
  actorId: string | null;
  actorName: string;
  actorType: number;
  assessStatus: AssessStatus;
  remarks: string | null;
}

/** A section as the one-query read returns it, with its questions in order. */
export interface SectionRecord {
  id: string;
  categoryId: string;
  categoryName: string;
  totalMarks: number;
  environment: boolean;
  social: boolean;
  governance: boolean;
  others: boolean;
  scoredMarks: number | null;
  questionCount: number;
  answeredCount: number;
  judgedCount: number;
  rejectedCount: number;
  acceptedCount: number;
  questions: QuestionRecord[];
}

/** A status change as the one-query read returns it; `at` in epoch milliseconds. */
export interface TimelineRecord {
  at: number;
  actorId: string | null;
  actorName: string;
  actorType: number;
  from: ResponseStatus | null;
  to: ResponseStatus;
  note: string | null;
}

/**
 * A response as the reads return it: one JSON value built by the database (instants in epoch
 * milliseconds), with its assessment's name and due date, and sections and timeline when asked.
 */
/** A contractor's response to an assessment, as its list of shared assessments reads it. */
export interface StartedResponse {
  id: string;
  status: ResponseStatus;
  isDueDateExtended: boolean;
  newDueDate: string | null;
}

export interface ResponseRecord {
  id: string;
  /** The round of a recurring assessment (issue 58): 1 otherwise; its label when it recurs. */
  roundNumber?: number;
  roundLabel?: string | null;
  status: ResponseStatus;
  assessmentId: string;
  contractorId: string;
  contractorName: string;
  organisationId: string;
  createdAt: number;
  lastAccessTime: number;
  isDueDateExtended: boolean;
  newDueDate: string | null;
  totalSections: number;
  completeSections: number;
  totalQuestions: number;
  answeredQuestions: number;
  judgedQuestions: number;
  rejectedQuestions: number;
  acceptedQuestions: number;
  totalMarks: number;
  scoredMarks: number;
  assessmentName: string;
  dueDate: string;
  /** The read cache's version of this record: see readVersion. */
  version: string;
  /** The auditor the organisation assigned (issue 19), or null. */
  assignedAuditor: { _id: string; name: string } | null;
  /** Its sections are not copied yet (issue 58: a round opens as response rows only); see materialise. */
  sectionsPending?: boolean;
  sections: SectionRecord[] | null;
  timeline: TimelineRecord[] | null;
}

/** What one question of a save writes. */
export interface QuestionWrite {
  id: string;
  answer: StoredAnswerJson | null;
  attachments: FileRecord[];
  answerStatus: AnswerStatus;
  assessStatus: AssessStatus;
  remarks: string | null;
}

/**
 * The id of the response row being read, always qualified: Drizzle writes the selected fields of
 * a single-table select without the table's name, where "id" would bind to the inner tables.
 */
const outerResponseId = sql.raw('"responses"."id"');

/**
 * Where a reply reads its sections and questions: their tables, or relations of the same columns
 * that a statement writing them builds from its own RETURNING (its reads see the rows as they were
 * before it).
 */
export interface RecordSources {
  sections: SQL;
  questions: SQL;
}
const tableSources: RecordSources = { sections: sql`${responseSections}`, questions: sql`${responseQuestions}` };

/**
 * The sections of the response in the row being read, each with its questions, as one JSON value:
 * the whole response is read in one query (one round trip), every level by its index in order.
 * Questions go through row_to_json of a sub-select (cheaper for the database than a
 * json_build_object per question).
 */
function sectionsJson(from: RecordSources = tableSources) {
  return sql<SectionRecord[]>`(
  select coalesce(json_agg(json_build_object(
    'id', s.id, 'categoryId', s.category_id, 'categoryName', s.category_name, 'totalMarks', s.total_marks,
    'environment', s.factor_environment, 'social', s.factor_social, 'governance', s.factor_governance, 'others', s.factor_others,
    'scoredMarks', s.scored_marks, 'questionCount', s.question_count, 'answeredCount', s.answered_count,
    'judgedCount', s.judged_count, 'rejectedCount', s.rejected_count, 'acceptedCount', s.accepted_count,
    'questions', (
      select coalesce(json_agg(x), '[]'::json) from (
        select q.id, q.question_id as "questionId", q.quest_text as "questText", q.answer_type as "answerType",
          q.options, q.answer, q.attachments, q.answer_status as "answerStatus", q.assess_status as "assessStatus", q.remarks,
          q.version, q.reopened_version as "reopenedVersion", q.auditor_attachments as "auditorAttachments", (
            select coalesce(json_agg(json_build_object(
              'at', (extract(epoch from h.at) * 1000)::bigint, 'actorId', h.actor_id, 'actorName', h.actor_name,
              'actorType', h.actor_type, 'assessStatus', h.assess_status, 'remarks', h.remarks) order by h.at, h.id), '[]'::json)
            from ${responseQuestionHistory} h where h.response_question_id = q.id) as history
        from ${from.questions} q where q.response_section_id = s.id order by q.position) x)
  ) order by s.position), '[]'::json)
  from ${from.sections} s where s.response_id = ${outerResponseId})`;
}

/** The timeline of the response in the row being read, oldest first. */
const timelineJson = sql<TimelineRecord[]>`(
  select coalesce(json_agg(json_build_object(
    'at', (extract(epoch from t.at) * 1000)::bigint, 'actorId', t.actor_id, 'actorName', t.actor_name,
    'actorType', t.actor_type, 'from', t.from_status, 'to', t.to_status, 'note', t.note) order by t.at, t.id), '[]'::json)
  from ${responseTimeline} t where t.response_id = ${outerResponseId})`;

/**
 * The version of the response in the row being read: the transaction ids (xmin) of its row and of
 * its assessment's row. PostgreSQL gives a row a new xmin on every UPDATE, and every write to a
 * response's sections, questions or timeline also updates its row (touch or recount, in the same
 * transaction), so an unchanged version means an unchanged reply (reply-cache.ts).
 */
const readVersion = sql<string>`(${responses}.xmin::text || '.' || ${assessments}.xmin::text)`;

/** The auditor assigned to the response in the row being read (issue 19), or null. */
const assignedAuditorJson = sql<{ _id: string; name: string } | null>`(
  select json_build_object('_id', au.id, 'name', au.name) from ${users} au
  where au.id = ${sql.raw('"responses"."assigned_auditor_id"')})`;

/** The label of the response's round of a recurring assessment (issue 58), or null. */
const roundLabelJson = sql<string | null>`(
  select ar.label from ${assessmentRounds} ar
  where ar.assessment_id = ${sql.raw('"responses"."assessment_id"')} and ar.round_number = ${sql.raw('"responses"."round_number"')})`;

/** An instant as epoch milliseconds (a JSON number: no date parsing on either side). */
const epochMs = (column: AnyPgColumn) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/**
 * The JSON of the response in the row being read (the select joins assessments), its sections and
 * questions read from `from`.
 */
export function responseJson(withSections: boolean, withTimeline: boolean, from: RecordSources = tableSources) {
  return sql`json_build_object(
    'id', ${responses.id}, 'status', ${responses.status}, 'assessmentId', ${responses.assessmentId},
    'contractorId', ${responses.contractorId}, 'contractorName', ${responses.contractorName},
    'organisationId', ${responses.organisationId}, 'createdAt', ${epochMs(responses.createdAt)},
    'lastAccessTime', ${epochMs(responses.lastAccessTime)}, 'isDueDateExtended', ${responses.isDueDateExtended},
    'newDueDate', ${responses.newDueDate}, 'totalSections', ${responses.totalSections},
    'completeSections', ${responses.completeSections}, 'totalQuestions', ${responses.totalQuestions},
    'answeredQuestions', ${responses.answeredQuestions}, 'judgedQuestions', ${responses.judgedQuestions},
    'rejectedQuestions', ${responses.rejectedQuestions}, 'acceptedQuestions', ${responses.acceptedQuestions},
    'totalMarks', ${responses.totalMarks}, 'scoredMarks', ${responses.scoredMarks},
    'assessmentName', ${assessments.name}, 'dueDate', ${assessments.dueDate}, 'version', ${readVersion},
    'assignedAuditor', ${assignedAuditorJson},
    'roundNumber', ${responses.roundNumber}, 'roundLabel', ${roundLabelJson}, 'sectionsPending', ${responses.sectionsPending},
    'sections', ${withSections ? sectionsJson(from) : sql`null`}, 'timeline', ${withTimeline ? timelineJson : sql`null`})`;
}

/** One response, as one JSON value. */
function selectOne(db: DbOrTx) {
  return db
    .select({ record: sql<ResponseRecord>`${responseJson(true, true)}` })
    .from(responses)
    .innerJoin(assessments, eq(assessments.id, responses.assessmentId));
}

/** Many responses, last accessed first, as one JSON array: one value to parse, whatever the count. */
function selectMany(db: DbOrTx, withSections: boolean) {
  return db
    .select({
      records: sql<ResponseRecord[]>`coalesce(json_agg(${responseJson(withSections, false)}
        order by ${responses.lastAccessTime} desc, ${responses.id}), '[]'::json)`,
    })
    .from(responses)
    .innerJoin(assessments, eq(assessments.id, responses.assessmentId));
}

/** A response's count columns set from sectionSums' columns (aliased c). */
export const countsFromSums = sql`total_sections = c.n, complete_sections = c.complete, total_questions = c.questions,
  answered_questions = c.answered, judged_questions = c.judged, rejected_questions = c.rejected,
  accepted_questions = c.accepted, total_marks = c.total, scored_marks = c.scored`;

/**
 * A response's count columns as sums over its sections (aliased s): no row of s gives zeros
 * (without a GROUP BY the aggregate still yields one row).
 */
export const sectionSums = sql`count(*)::int as n,
  (count(*) filter (where s.answered_count = s.question_count))::int as complete,
  coalesce(sum(s.question_count), 0)::int as questions, coalesce(sum(s.answered_count), 0)::int as answered,
  coalesce(sum(s.judged_count), 0)::int as judged, coalesce(sum(s.rejected_count), 0)::int as rejected,
  coalesce(sum(s.accepted_count), 0)::int as accepted, coalesce(sum(s.total_marks), 0)::int as total,
  coalesce(sum(s.scored_marks), 0)::int as scored`;

/**
 * The sections' count columns from their questions (aliased q) matching `questions`; sections
 * whose counts stay the same are not written. `changed`, an UPDATE of response_questions aliased q,
 * runs in the same statement: the counts take the new states of the rows it changes from its
 * RETURNING (the statement's other reads see the rows as they were before it).
 */
async function recountSections(db: DbOrTx, questions: SQL, changed?: SQL): Promise<void> {
  await db.execute(recountSectionsSql(questions, changed));
}

/** recountSections' statement. */
export function recountSectionsSql(questions: SQL, changed?: SQL): SQL {
  return sql`
    ${changed ? sql`with w as (${changed} returning q.id, q.answer_status, q.assess_status)` : sql``}
    update ${responseSections} s set ${sectionCountsFrom}
    from (
      select q.response_section_id as sid, ${questionCounts(changed !== undefined)}
      from ${responseQuestions} q ${changed ? sql`left join w on w.id = q.id` : sql``}
      where ${questions}
      group by q.response_section_id
    ) c
    where s.id = c.sid and ${sectionCountsChange}`;
}

/**
 * A section's count columns over its questions (aliased q); with `written`, a question's states
 * are its new ones where w (the UPDATE's RETURNING of the questions written) has them.
 */
export function questionCounts(written: boolean): SQL {
  const answer = written ? sql`coalesce(w.answer_status, q.answer_status)` : sql`q.answer_status`;
  const assess = written ? sql`coalesce(w.assess_status, q.assess_status)` : sql`q.assess_status`;
  return sql`count(*)::int as n,
    (count(*) filter (where ${answer} = 'ANSWERED'))::int as answered,
    (count(*) filter (where ${assess} <> 'NONE'))::int as judged,
    (count(*) filter (where ${assess} = 'REJECTED'))::int as rejected,
    (count(*) filter (where ${assess} = 'ACCEPTED'))::int as accepted`;
}

/** A section's (aliased s) count columns set from questionCounts' columns (aliased c). */
export const sectionCountsFrom = sql`question_count = c.n, answered_count = c.answered, judged_count = c.judged,
  rejected_count = c.rejected, accepted_count = c.accepted`;

/** Whether questionCounts' columns (c) differ from the section's (s): a section whose counts stay is not written. */
export const sectionCountsChange = sql`(s.question_count, s.answered_count, s.judged_count, s.rejected_count, s.accepted_count)
  is distinct from (c.n, c.answered, c.judged, c.rejected, c.accepted)`;

/** The questions' writes as writeQuestionsSql reads them: one JSON text. */
export function questionWritesPayload(writes: readonly QuestionWrite[]): string {
  return JSON.stringify(
    writes.map((w) => ({
      id: w.id,
      answer: w.answer,
      attachments: w.attachments,
      answer_status: w.answerStatus,
      assess_status: w.assessStatus,
      remarks: w.remarks,
    })),
  );
}

/**
 * writeQuestions' UPDATE (aliased q) of the writes in `payload` (questionWritesPayload's text, or
 * a placeholder for it), `also` narrowing the rows it may change, `alsoFrom` (", relation alias")
 * adding to its FROM what `responseId` or `also` names.
 */
export function writeQuestionsSql(responseId: string | Placeholder | SQL, payload: string | Placeholder, also: SQL, alsoFrom: SQL = sql``): SQL {
  return sql`
    update ${responseQuestions} q set
      answer = v.answer, attachments = coalesce(v.attachments, '[]'::jsonb), answer_status = v.answer_status,
      assess_status = v.assess_status, remarks = v.remarks,
      version = case
        when q.answer is distinct from v.answer or q.attachments is distinct from coalesce(v.attachments, '[]'::jsonb)
        then q.version + 1 else q.version end
    from jsonb_to_recordset(${payload}::jsonb)
      as v(id text, answer jsonb, attachments jsonb, answer_status text, assess_status text, remarks text)${alsoFrom}
    where q.id = v.id and q.response_id = ${responseId} ${also}`;
}

export interface ContractorPageOptions {
  status?: ResponseStatus | undefined;
  search?: string | undefined;
  sort: 'NTO' | 'OTN';
  limit: number;
  offset: number;
}

interface ContractorPageParams {
  contractorId: Placeholder | string;
  status: Placeholder | ResponseStatus | null;
  /** The ILIKE pattern of an assessment-name search; null: no search. */
  pattern: string | null;
  sort: 'NTO' | 'OTN';
  limit: Placeholder | number;
  offset: Placeholder | number;
}

/** The statement of pageByContractor, with values or placeholders (prepareReads). */
function contractorPage(db: DbOrTx, q: ContractorPageParams) {
  const where = and(
    eq(responses.contractorId, q.contractorId),
    q.status === null ? undefined : eq(responses.status, q.status),
    q.pattern === null
      ? undefined
      : sql`exists (select 1 from ${assessments} sa where sa.id = ${responses.assessmentId} and sa.name ilike ${q.pattern})`,
  );
  const orderBy =
    q.sort === 'NTO' ? sql`${responses.lastAccessTime} desc, ${responses.id} desc` : sql`${responses.lastAccessTime} asc, ${responses.id} asc`;
  // Named like the tables, so responseJson's columns (and the versions from xmin) are the page's
  // rows and their assessments. Each row's assessment is looked up by its key (a lateral
  // sub-select that OFFSET 0 keeps apart): joined, the planner hashed every assessment of the
  // database for each page of ten, which made the page cost a fifth more on PostgreSQL.
  const pageRows = sql`(select ${responses}.*, ${responses}.xmin from ${responses} where ${where} order by ${orderBy} limit ${q.limit} offset ${q.offset}) as ${responses}
    cross join lateral (select a.name, a.due_date, a.xmin from ${assessments} a where a.id = ${responses}.assessment_id offset 0) as ${assessments}`;
  return db
    .select({
      records: sql<ResponseRecord[]>`coalesce(json_agg(${responseJson(false, false)} order by ${orderBy}), '[]'::json)`,
      total: sql<number>`(select count(*)::int from ${responses} where ${where})`,
    })
    .from(pageRows);
}

/** The only place that reads and writes responses, their sections, questions and timeline. */
export const responsesRepository = {
  /** One response with its assessment, sections and timeline: one query. */
  async load(db: DbOrTx, id: string): Promise<ResponseRecord | undefined> {
    const read = async () => (await selectOne(db).where(eq(responses.id, id)).limit(1))[0]?.record;
    const record = await read();
    if (!record?.sectionsPending) return record;
    await responsesRepository.materialise(db, [id]);
    return read();
  },

  /**
   * Issue 58: copies the assessment's sections and questions into those of the responses `ids`
   * still without them (a round opens as response rows only, so that opening a round for a
   * thousand contractors writes a thousand rows, not half a million), and recounts them; whether
   * it copied any. Each response is claimed by clearing its flag first, so two readers at once
   * copy it once (the second waits for the first's row lock, then finds nothing to do, and reads
   * what the first copied).
   */
  async materialise(db: DbOrTx, ids: readonly string[]): Promise<boolean> {
    if (ids.length === 0) return false;
    return db.transaction(async (tx) => {
      const claimed = await tx
        .update(responses)
        .set({ sectionsPending: false })
        .where(and(inArray(responses.id, [...ids]), eq(responses.sectionsPending, true)))
        .returning({ id: responses.id });
      if (claimed.length === 0) return false;
      const where = inArray(
        responses.id,
        claimed.map((c) => c.id),
      );
      await responsesRepository.copyAssessment(tx, where);
      await responsesRepository.recount(tx, where);
      return true;
    });
  },

  /** Records as `read` gives them, read again once the ones with pending sections are copied (materialise). */
  async materialised(db: DbOrTx, records: ResponseRecord[], read: () => Promise<ResponseRecord[]>): Promise<ResponseRecord[]> {
    const pending = records.filter((r) => r.sectionsPending).map((r) => r.id);
    if (pending.length === 0) return records;
    await responsesRepository.materialise(db, pending);
    return read();
  },

  /**
   * load, and a contractor's responses (last accessed first, sections only when asked for), as
   * prepared statements of this database (not of a transaction): the reads the contractor's
   * screens make most, built once, and on PostgreSQL parsed and planned once per connection.
   */
  prepareReads(db: Db) {
    const load = selectOne(db)
      .where(eq(responses.id, sql.placeholder('id')))
      .limit(1)
      .prepare('responses_load');
    const list = (withSections: boolean, name: string) =>
      selectMany(db, withSections)
        .where(eq(responses.contractorId, sql.placeholder('contractorId')))
        .prepare(name);
    const plain = list(false, 'responses_list_by_contractor');
    const withSections = list(true, 'responses_list_by_contractor_sections');
    const version = db
      .select({ version: readVersion, contractorId: responses.contractorId, organisationId: responses.organisationId })
      .from(responses)
      .innerJoin(assessments, eq(assessments.id, responses.assessmentId))
      .where(eq(responses.id, sql.placeholder('id')))
      .limit(1)
      .prepare('responses_version');
    // Count and sums of the rows' versions: any update, insert or delete among them changes it.
    const listVersion = db
      .select({
        version: sql<string>`count(*)::text || '.' || coalesce(sum(${responses}.xmin::text::bigint), 0)::text || '.' || coalesce(sum(${assessments}.xmin::text::bigint), 0)::text`,
      })
      .from(responses)
      .innerJoin(assessments, eq(assessments.id, responses.assessmentId))
      .where(eq(responses.contractorId, sql.placeholder('contractorId')))
      .prepare('responses_list_version');
    // pageByContractor without a search: by status filter and sort, each a statement for any
    // page and one for the first page of each size (preparedPages).
    const pages = new Map(
      ([false, true] as const).flatMap((byStatus) =>
        (['NTO', 'OTN'] as const).map((sort) => [
          `${byStatus}:${sort}`,
          preparedPages(CONTRACTOR_LIST_PAGE_SIZES, ({ limit, offset }, suffix) =>
            contractorPage(db, {
              contractorId: sql.placeholder('contractorId'),
              status: byStatus ? sql.placeholder('status') : null,
              pattern: null,
              sort,
              limit,
              offset,
            }).prepare(`responses_contractor_page_${byStatus ? 'status' : 'all'}_${sort.toLowerCase()}${suffix}`),
          ),
        ]),
      ),
    );
    return {
      /** responsesRepository.pageByContractor, prepared when there is no search. */
      async pageByContractor(contractorId: string, opts: ContractorPageOptions): Promise<{ records: ResponseRecord[]; total: number }> {
        const prepared = opts.search === undefined ? pages.get(`${opts.status !== undefined}:${opts.sort}`)?.(opts.limit, opts.offset) : undefined;
        if (!prepared) return responsesRepository.pageByContractor(db, contractorId, opts);
        const [row] = await prepared.execute({ contractorId, status: opts.status, limit: opts.limit, offset: opts.offset });
        return { records: row?.records ?? [], total: row?.total ?? 0 };
      },
      async load(id: string): Promise<ResponseRecord | undefined> {
        const read = async () => (await load.execute({ id }))[0]?.record;
        const record = await read();
        if (!record?.sectionsPending) return record;
        await responsesRepository.materialise(db, [id]);
        return read();
      },
      /** The version of one response (as its record's `version`) and who it belongs to. */
      async version(id: string): Promise<{ version: string; contractorId: string; organisationId: string } | undefined> {
        const rows = await version.execute({ id });
        return rows[0];
      },
      /** The version of a contractor's whole list: changes with any of its responses. */
      async listVersion(contractorId: string): Promise<string> {
        const rows = await listVersion.execute({ contractorId });
        return rows[0]?.version ?? '0';
      },
      async listByContractor(contractorId: string, sections: boolean): Promise<ResponseRecord[]> {
        const read = async () => (await (sections ? withSections : plain).execute({ contractorId }))[0]?.records ?? [];
        const records = await read();
        return sections ? responsesRepository.materialised(db, records, read) : records;
      },
    };
  },

  async find(db: DbOrTx, id: string): Promise<ResponseRow | undefined> {
    const rows = await db.select().from(responses).where(eq(responses.id, id)).limit(1);
    return rows[0];
  },

  /** The row, locked until the transaction ends: saves and status changes of it queue. */
  async lock(db: DbOrTx, id: string): Promise<ResponseRow | undefined> {
    const rows = await db.select().from(responses).where(eq(responses.id, id)).limit(1).for('update');
    return rows[0];
  },

  async findByAssessmentAndContractor(db: DbOrTx, assessmentId: string, contractorId: string): Promise<ResponseRow | undefined> {
    const rows = await db
      .select()
      .from(responses)
      .where(and(eq(responses.assessmentId, assessmentId), eq(responses.contractorId, contractorId)))
      // The latest round of a recurring assessment (issue 58).
      .orderBy(desc(responses.roundNumber))
      .limit(1);
    return rows[0];
  },

  /** The contractor's responses to these assessments: id, status and due-date extension by assessment id. */
  async statusesByAssessment(db: DbOrTx, contractorId: string, assessmentIds: readonly string[]): Promise<Map<string, StartedResponse>> {
    if (assessmentIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: responses.id,
        assessmentId: responses.assessmentId,
        status: responses.status,
        isDueDateExtended: responses.isDueDateExtended,
        newDueDate: responses.newDueDate,
      })
      .from(responses)
      .where(and(eq(responses.contractorId, contractorId), inArray(responses.assessmentId, [...assessmentIds])))
      // The latest round of a recurring assessment wins the map (issue 58).
      .orderBy(asc(responses.roundNumber));
    return new Map(rows.map(({ assessmentId, ...r }) => [assessmentId, r]));
  },

  /**
   * A page of a contractor's responses (summaries) and the number matching, in one statement: the
   * page's rows are picked through responses_contractor_access_idx in lastAccessTime order (a
   * sub-select the planner cannot flatten), then only they are joined to their assessment and
   * built into one JSON array; the count is a scalar sub-select over the same condition. A search
   * by assessment name is planned for its text each time; without one, prepareReads' page runs
   * the same statement prepared.
   */
  async pageByContractor(db: DbOrTx, contractorId: string, opts: ContractorPageOptions): Promise<{ records: ResponseRecord[]; total: number }> {
    const [row] = await contractorPage(db, {
      contractorId,
      status: opts.status ?? null,
      pattern: opts.search === undefined ? null : containsPattern(opts.search),
      sort: opts.sort,
      limit: opts.limit,
      offset: opts.offset,
    });
    return { records: row?.records ?? [], total: row?.total ?? 0 };
  },

  /** True when the assessment is shared with the contractor. */
  async isSharedWith(db: DbOrTx, assessmentId: string, contractorId: string): Promise<boolean> {
    const rows = await db
      .select({ id: assessmentContractors.assessmentId })
      .from(assessmentContractors)
      .where(and(eq(assessmentContractors.assessmentId, assessmentId), eq(assessmentContractors.contractorId, contractorId)))
      .limit(1);
    return rows.length > 0;
  },

  async insert(
    db: DbOrTx,
    row: { id: string; assessmentId: string; contractorId: string; organisationId: string; contractorName: string; status: ResponseStatus; at: Date },
  ): Promise<void> {
    const { at, ...values } = row;
    await db.insert(responses).values({ ...values, createdAt: at, updatedAt: at, lastAccessTime: at });
  },

  /**
   * Copies the assessment's sections and questions into the responses matching `where` (a
   * condition on the responses table) that have none yet: two INSERT … SELECT statements, whatever
   * the number of responses. Category names and question texts are copied as they are now.
   */
  async copyAssessment(db: DbOrTx, where: SQL): Promise<void> {
    await db.execute(sql`
      insert into ${responseSections} (id, response_id, position, assessment_section_id, category_id, category_name,
        total_marks, factor_environment, factor_social, factor_governance, factor_others)
      select palisade_uuid7(), ${responses.id}, s.position, s.id, s.category_id, c.name,
        s.total_marks, s.factor_environment, s.factor_social, s.factor_governance, s.factor_others
      from ${responses}
      join ${assessmentSections} s on s.assessment_id = ${responses.assessmentId}
      join ${assessCategories} c on c.id = s.category_id
      where ${where}
        and not exists (select 1 from ${responseSections} x where x.response_id = ${responses.id})`);
    await db.execute(sql`
      insert into ${responseQuestions} (id, response_id, response_section_id, position, question_id, quest_text, answer_type, options)
      select palisade_uuid7(), rs.response_id, rs.id, q.position, q.question_id, b.quest_text, q.answer_type, q.options
      from ${responses}
      join ${responseSections} rs on rs.response_id = ${responses.id}
      join ${assessmentSectionQuestions} q on q.section_id = rs.assessment_section_id
      join ${questions} b on b.id = q.question_id
      where ${where}
        and not exists (select 1 from ${responseQuestions} x where x.response_section_id = rs.id)`);
  },

  /**
   * Recomputes the count columns of the responses matching `where` (a condition on the responses
   * table) and of their sections from the question rows: two UPDATE statements. Called in the
   * transaction that changed the questions, so the columns never disagree with the rows. Rows whose
   * counts stay the same are not written (a changed answer text, a submit): each write of a row
   * means a new row version and an entry in each of its indexes.
   */
  async recount(db: DbOrTx, where: SQL): Promise<void> {
    await recountSections(db, sql`q.response_id in (select ${responses.id} from ${responses} where ${where})`);
    await responsesRepository.recountResponses(db, where);
  },

  /** recount's second half: the count columns of the responses matching `where` from their sections' (as they are). */
  async recountResponses(db: DbOrTx, where: SQL): Promise<void> {
    await db.execute(sql`
      update ${responses} r set
        ${countsFromSums}
      from (
        select s.response_id as rid, ${sectionSums}
        from ${responseSections} s
        where s.response_id in (select ${responses.id} from ${responses} where ${where})
        group by s.response_id
      ) c
      where r.id = c.rid
        and (r.total_sections, r.complete_sections, r.total_questions, r.answered_questions, r.judged_questions,
          r.rejected_questions, r.accepted_questions, r.total_marks, r.scored_marks)
          is distinct from (c.n, c.complete, c.questions, c.answered, c.judged, c.rejected, c.accepted, c.total, c.scored)`);
  },

  /**
   * The end of a change of one response (locked by the caller, its sections' counts already
   * recounted), in one statement: its count columns recomputed from its sections (recount's second
   * half), lastAccessTime and updatedAt (and the status, as touch), and the response read back as
   * load reads it, from the RETURNING of the same UPDATE. The row is written once whatever changed,
   * so its xmin, and with it the read cache's version, changes (readVersion); touch wrote a row
   * version anyway, so recount's own UPDATE of the row, when counts changed, was a second one.
   */
  async touchAndLoad(db: DbOrTx, id: string, at: Date, values: { status?: ResponseStatus } = {}): Promise<ResponseRecord> {
    const iso = at.toISOString();
    const result = await db.execute(sql`
      update ${responses} set
        ${countsFromSums},
        ${values.status === undefined ? sql`` : sql`status = ${values.status},`}
        ${values.status === 'COMPLETED' ? sql`completed_at = ${iso}::timestamptz,` : sql``}
        last_access_time = ${iso}::timestamptz, updated_at = ${iso}::timestamptz
      from (select ${sectionSums} from ${responseSections} s where s.response_id = ${id}) c, ${assessments}
      where ${responses.id} = ${id} and ${assessments.id} = ${responses.assessmentId}
      returning ${responseJson(true, true)} as record`);
    // Both drivers reply with { rows } (node-postgres QueryResult, PGlite Results).
    const record = (result as { rows?: { record: ResponseRecord }[] }).rows?.[0]?.record;
    if (!record) throw new Error(`response ${id} not found`);
    return record;
  },

  /** A section of the response, by its id or by its category's id (unique in a response). */
  async findSection(db: DbOrTx, responseId: string, sectionOrCategoryId: string): Promise<ResponseSectionRow | undefined> {
    const rows = await db
      .select()
      .from(responseSections)
      .where(
        and(
          eq(responseSections.responseId, responseId),
          sql`(${responseSections.id} = ${sectionOrCategoryId} or ${responseSections.categoryId} = ${sectionOrCategoryId})`,
        ),
      )
      .orderBy(asc(responseSections.position))
      .limit(1);
    return rows[0];
  },

  /** One question of the response (its row), or undefined when the response has no such question. */
  async questionOfResponse(db: DbOrTx, responseId: string, questionId: string): Promise<ResponseQuestionRow | undefined> {
    const rows = await db
      .select()
      .from(responseQuestions)
      .where(and(eq(responseQuestions.responseId, responseId), eq(responseQuestions.id, questionId)))
      .limit(1);
    return rows[0];
  },

  /** The auditors' files of a question (issue 56); the answer and its version stay as they are. */
  async writeAuditorAttachments(db: DbOrTx, questionId: string, files: readonly AuditorFileRecord[]): Promise<void> {
    await db.update(responseQuestions).set({ auditorAttachments: [...files] }).where(eq(responseQuestions.id, questionId));
  },

  async questionsOfSection(db: DbOrTx, sectionId: string): Promise<ResponseQuestionRow[]> {
    return db
      .select()
      .from(responseQuestions)
      .where(eq(responseQuestions.responseSectionId, sectionId))
      .orderBy(asc(responseQuestions.position));
  },

  /** Every question of the response, in order (the seed, and rules over the whole response). */
  async questionsOfResponse(db: DbOrTx, responseId: string): Promise<(ResponseQuestionRow & { sectionPosition: number })[]> {
    const rows = await db
      .select({ q: responseQuestions, sectionPosition: responseSections.position })
      .from(responseQuestions)
      .innerJoin(responseSections, eq(responseSections.id, responseQuestions.responseSectionId))
      .where(eq(responseQuestions.responseId, responseId))
      .orderBy(asc(responseSections.position), asc(responseQuestions.position));
    return rows.map((r) => ({ ...r.q, sectionPosition: r.sectionPosition }));
  },

  /**
   * The answer and judgement of each question: one UPDATE, whatever the number of questions. A
   * question whose answer or files change gets the next version.
   */
  async writeQuestions(db: DbOrTx, responseId: string, writes: readonly QuestionWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await db.execute(writeQuestionsSql(responseId, questionWritesPayload(writes), sql``));
  },

  /**
   * The response enters REASSESSMENT: its REJECTED questions remember their version (editable
   * until the contractor submits), the others are no longer reopened.
   */
  async reopenRejected(db: DbOrTx, responseId: string): Promise<void> {
    await db
      .update(responseQuestions)
      .set({ reopenedVersion: sql`case when ${responseQuestions.assessStatus} = 'REJECTED' then ${responseQuestions.version} else null end` })
      .where(eq(responseQuestions.responseId, responseId));
  },

  /**
   * The contractor submits: the reopened questions go back to NONE, to be judged again, and the
   * response's sections are recounted in the same statement (one round trip).
   */
  async closeReopenedAndRecount(db: DbOrTx, responseId: string): Promise<void> {
    await recountSections(
      db,
      sql`q.response_id = ${responseId}`,
      sql`update ${responseQuestions} q set assess_status = 'NONE', reopened_version = null
        where q.response_id = ${responseId} and q.reopened_version is not null`,
    );
  },

  /** Appends judgements to their questions' history. */
  async appendJudgements(
    db: DbOrTx,
    entries: readonly { responseId: string; responseQuestionId: string; at: Date; actorId: string | null; actorName: string; actorType: number; assessStatus: AssessStatus; remarks: string | null }[],
  ): Promise<void> {
    if (entries.length === 0) return;
    await db.insert(responseQuestionHistory).values([...entries]);
  },

  /** Section scores (the auditor's, and the seed's). */
  async writeSectionScores(db: DbOrTx, responseId: string, scores: readonly { id: string; scoredMarks: number | null }[]): Promise<void> {
    if (scores.length === 0) return;
    const payload = JSON.stringify(scores.map((s) => ({ id: s.id, scored_marks: s.scoredMarks })));
    await db.execute(sql`
      update ${responseSections} s set scored_marks = v.scored_marks
      from jsonb_to_recordset(${payload}::jsonb) as v(id text, scored_marks int)
      where s.id = v.id and s.response_id = ${responseId}`);
  },

  /** Answer status and judgement of every question of the response (the submit rule). */
  async questionStates(db: DbOrTx, responseId: string): Promise<{ answerStatus: AnswerStatus; assessStatus: AssessStatus }[]> {
    return db
      .select({ answerStatus: responseQuestions.answerStatus, assessStatus: responseQuestions.assessStatus })
      .from(responseQuestions)
      .where(eq(responseQuestions.responseId, responseId));
  },

  /** Marks an access (and a change): lastAccessTime and updatedAt; the status when given. */
  async touch(db: DbOrTx, id: string, at: Date, values: { status?: ResponseStatus; isDueDateExtended?: boolean; newDueDate?: string | null } = {}): Promise<void> {
    await db
      .update(responses)
      // completedAt marks the change to COMPLETED (the dashboards' performance periods).
      .set({ ...values, ...(values.status === 'COMPLETED' ? { completedAt: at } : {}), lastAccessTime: at, updatedAt: at })
      .where(eq(responses.id, id));
  },

  async appendTimeline(
    db: DbOrTx,
    entry: { responseId: string; at: Date; actorId: string | null; actorName: string; actorType: number; fromStatus: ResponseStatus | null; toStatus: ResponseStatus; note?: string | null },
  ): Promise<void> {
    await db.insert(responseTimeline).values({ ...entry, note: entry.note ?? null });
  },

  /**
   * Score entries of a contractor's COMPLETED responses in these organisations, last accessed
   * first: the sums kept in the count columns.
   */
  async completedScores(db: DbOrTx, contractorId: string, organisationIds: readonly string[]): Promise<{ scored: number; total: number }[]> {
    if (organisationIds.length === 0) return [];
    return db
      .select({ scored: responses.scoredMarks, total: responses.totalMarks })
      .from(responses)
      .where(
        and(
          eq(responses.contractorId, contractorId),
          eq(responses.status, 'COMPLETED'),
          inArray(responses.organisationId, [...organisationIds]),
        ),
      )
      .orderBy(desc(responses.lastAccessTime), asc(responses.id));
  },

  /** E-S-G-O sums over the sections of a contractor's COMPLETED responses: one aggregate. */
  async esgoSums(db: DbOrTx, contractorId: string, organisationIds: readonly string[]) {
    const zero = { envScored: 0, envTotal: 0, socScored: 0, socTotal: 0, govScored: 0, govTotal: 0, othScored: 0, othTotal: 0 };
    if (organisationIds.length === 0) return zero;
    const sum = (factor: SQL, column: SQL) => sql<number>`coalesce(sum(${column}) filter (where ${factor}), 0)::int`;
    const scored = sql`coalesce(${responseSections.scoredMarks}, 0)`;
    const total = sql`${responseSections.totalMarks}`;
    const rows = await db
      .select({
        envScored: sum(sql`${responseSections.factorEnvironment}`, scored),
        envTotal: sum(sql`${responseSections.factorEnvironment}`, total),
        socScored: sum(sql`${responseSections.factorSocial}`, scored),
        socTotal: sum(sql`${responseSections.factorSocial}`, total),
        govScored: sum(sql`${responseSections.factorGovernance}`, scored),
        govTotal: sum(sql`${responseSections.factorGovernance}`, total),
        othScored: sum(sql`${responseSections.factorOthers}`, scored),
        othTotal: sum(sql`${responseSections.factorOthers}`, total),
      })
      .from(responseSections)
      .innerJoin(responses, eq(responses.id, responseSections.responseId))
      .where(
        and(
          eq(responses.contractorId, contractorId),
          eq(responses.status, 'COMPLETED'),
          inArray(responses.organisationId, [...organisationIds]),
        ),
      );
    return rows[0] ?? zero;
  },
};
