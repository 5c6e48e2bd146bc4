import { sql } from 'drizzle-orm';
import type { ResponseStatus } from '@palisade/domain/statuses';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { assessments, responseQuestions, responses, responseSections } from '../../db/schema';
import { auditRepository } from '../audit/audit.repository';
import {
  questionWritesPayload,
  recountSectionsSql,
  responseJson,
  sectionSums,
  writeQuestionsSql,
  type QuestionWrite,
  type ResponseQuestionRow,
  type ResponseRecord,
} from './responses.repository';

const p = (name: string) => sql.placeholder(name);

/** The response row as the save needs it, locked. */
export interface LockedResponse {
  id: string;
  contractorId: string;
  organisationId: string;
  status: ResponseStatus;
}

/** A question of the section as the save compares and writes it. */
export type SavedQuestion = Pick<
  ResponseQuestionRow,
  | 'id'
  | 'answerType'
  | 'options'
  | 'answer'
  | 'attachments'
  | 'answerStatus'
  | 'assessStatus'
  | 'remarks'
  | 'version'
  | 'reopenedVersion'
>;

/** The audit entry of a save that changed answers: written by the save's last statement. */
export interface SaveAudit {
  actorId: string;
  before: unknown;
  /** The entry's `after`, to which the statement adds the response's counts as they end up. */
  after: unknown;
}

const lockStatement = namedStatement<LockedResponse>(
  'section_save_lock',
  sql`select ${responses.id}, ${responses.contractorId} as "contractorId", ${responses.organisationId} as "organisationId",
      ${responses.status}
    from ${responses} where ${responses.id} = ${p('id')} for update`,
);

const sectionStatement = namedStatement<SavedQuestion & { sectionId: string }>(
  'section_save_section',
  sql`select s.id as "sectionId", q.id, q.answer_type as "answerType", q.options, q.answer, q.attachments,
      q.answer_status as "answerStatus", q.assess_status as "assessStatus", q.remarks, q.version,
      q.reopened_version as "reopenedVersion"
    from (
      select x.id from ${responseSections} x
      where x.response_id = ${p('responseId')} and (x.id = ${p('section')} or x.category_id = ${p('section')})
      order by x.position limit 1
    ) s
    left join ${responseQuestions} q on q.response_section_id = s.id
    order by q.position`,
);

const writeStatement = namedStatement<never>(
  'section_save_write',
  recountSectionsSql(
    sql`q.response_section_id = ${p('sectionId')}`,
    writeQuestionsSql(
      p('responseId'),
      p('payload'),
      sql`and q.response_section_id = ${p('sectionId')}`,
    ),
  ),
);

const touchStatement = namedStatement<{ record: ResponseRecord }>(
  'section_save_touch',
  sql`with t as (
      update ${responses} set
        total_sections = c.n, complete_sections = c.complete, total_questions = c.questions,
        answered_questions = c.answered, judged_questions = c.judged, rejected_questions = c.rejected,
        accepted_questions = c.accepted, total_marks = c.total, scored_marks = c.scored,
        last_access_time = ${p('at')}::timestamptz, updated_at = ${p('at')}::timestamptz
      from (select ${sectionSums} from ${responseSections} s where s.response_id = ${p('id')}) c, ${assessments}
      where ${responses.id} = ${p('id')} and ${assessments.id} = ${responses.assessmentId}
      returning ${responseJson(true, true)} as record, ${responses.organisationId} as organisation_id,
        ${responses.answeredQuestions} as answered, ${responses.completeSections} as complete, ${responses.totalSections} as sections
    ), logged as (
      ${auditRepository.appendSelectSql(
        {
          actorId: sql`${p('actorId')}::text`,
          organisationId: sql`t.organisation_id`,
          action: sql`'response.saveSection'`,
          entity: sql`'response'`,
          entityId: sql`${p('id')}::text`,
          before: sql`${p('before')}::jsonb`,
          after: sql`${p('after')}::jsonb || jsonb_build_object('answered', t.answered, 'completeSections', t.complete, 'totalSections', t.sections)`,
        },
        sql`from t where ${p('logged')}::boolean`,
      )}
    )
    select record from t`,
);

/**
 * The contractor's save of answers (updateSectionInResponse, the most frequent write: every answer
 * typed) as four named statements (namedStatement: each connection plans them once), in the
 * caller's transaction: the lock, the section's questions, their writes with the section's counts,
 * and the response's counts with the touch, its reply and the audit entry.
 */
export const sectionSaveRepository = {
  /** Locks the response (its other writes wait); undefined when there is none. */
  async lock(tx: DbOrTx, id: string): Promise<LockedResponse | undefined> {
    return (await lockStatement(tx, { id }))[0];
  },

  /**
   * The section of the response, by its id or its category's id (unique in a response), with its
   * questions in order; undefined when the response has no such section.
   */
  async section(
    tx: DbOrTx,
    responseId: string,
    sectionOrCategoryId: string,
  ): Promise<{ sectionId: string; questions: SavedQuestion[] } | undefined> {
    const rows = await sectionStatement(tx, { responseId, section: sectionOrCategoryId });
    const first = rows[0];
    if (!first) return undefined;
    // A section without questions is one row of nulls (the left join).
    return { sectionId: first.sectionId, questions: rows.filter((r) => r.id !== null) };
  },

  /**
   * The questions' answers and judgements, and the section's count columns recounted from their new
   * states, in one statement: the counts read the questions' new states from the UPDATE's RETURNING
   * (the statement's other reads see the rows as they were before it).
   */
  async write(
    tx: DbOrTx,
    responseId: string,
    sectionId: string,
    writes: readonly QuestionWrite[],
  ): Promise<void> {
    if (writes.length === 0) return;
    await writeStatement(tx, { responseId, sectionId, payload: questionWritesPayload(writes) });
  },

  /**
   * The end of the save (touchAndLoad): the response's counts from its sections, lastAccessTime and
   * updatedAt, the response read back from the same UPDATE's RETURNING; and, when the save changed
   * answers, its audit entry, whose `after` gets the counts as they end up.
   */
  async touchAndLoad(
    tx: DbOrTx,
    id: string,
    at: Date,
    audit: SaveAudit | null,
  ): Promise<ResponseRecord> {
    const rows = await touchStatement(tx, {
      id,
      at: at.toISOString(),
      logged: audit !== null,
      actorId: audit?.actorId ?? null,
      before: audit ? JSON.stringify(audit.before) : null,
      after: audit ? JSON.stringify(audit.after) : null,
    });
    const record = rows[0]?.record;
    if (!record) throw new Error(`response ${id} not found`);
    return record;
  },
};
