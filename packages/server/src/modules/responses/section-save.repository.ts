import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SaveReply } from '@palisade/domain/responses/response.schema';
import type { ResponseStatus } from '@palisade/domain/statuses';
import type { DbOrTx } from '../../db/client';
import { namedStatement } from '../../db/named-statement';
import { assessments, responseQuestions, responses, responseSections } from '../../db/schema';
import { auditRepository } from '../audit/audit.repository';
import {
  countsFromSums,
  questionCounts,
  questionWritesPayload,
  recountSectionsSql,
  responseJson,
  sectionCountsChange,
  type RecordSources,
  sectionCountsFrom,
  sectionSums,
  writeQuestionsSql,
  type QuestionWrite,
  type ResponseQuestionRow,
  type ResponseRecord,
} from './responses.repository';

const p = (name: string) => sql.placeholder(name);

/** The response row as the save needs it (read, or locked). */
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

/** A section of the response with its questions in order. */
export interface SavedSection {
  sectionId: string;
  questions: SavedQuestion[];
}

/** The audit entry of a save that changed answers: written by the save's last statement. */
export interface SaveAudit {
  actorId: string;
  before: unknown;
  /** The entry's `after`, to which the statement adds the response's counts as they end up. */
  after: unknown;
}

/** A save's reply: the response as the save left it, and its row's version then (xmin). */
export interface SavedRecord {
  record: ResponseRecord;
  seen: string;
}

/**
 * The section of the response given by `responseId`, by its id or its category's id (unique in a
 * response), with its questions in order, as one JSON value; null when there is no such section.
 */
const sectionJson = (responseId: SQL | Placeholder) => sql`(
  select json_build_object('sectionId', s.id, 'questions', (
    select coalesce(json_agg(json_build_object(
      'id', q.id, 'answerType', q.answer_type, 'options', q.options, 'answer', q.answer, 'attachments', q.attachments,
      'answerStatus', q.answer_status, 'assessStatus', q.assess_status, 'remarks', q.remarks, 'version', q.version,
      'reopenedVersion', q.reopened_version) order by q.position), '[]'::json)
    from ${responseQuestions} q where q.response_section_id = s.id))
  from (
    select x.id from ${responseSections} x
    where x.response_id = ${responseId} and (x.id = ${p('section')} or x.category_id = ${p('section')})
    order by x.position limit 1
  ) s)`;

/** LockedResponse's columns of the response row (aliased r) and its section (sectionJson) as `section`. */
const responseAndSection = sql`r.id, r.contractor_id as "contractorId", r.organisation_id as "organisationId",
  r.status, ${sectionJson(sql`r.id`)} as section`;

/**
 * The response locked, and the section read in the same statement. The section is read as the
 * statement's snapshot has it, taken before the lock was granted; `fresh` tells whether that
 * snapshot is current: whether the row locked is the version the snapshot sees. Every write to a
 * response's sections and questions updates its row in the same transaction (readVersion), so an
 * unchanged row means no change committed meanwhile.
 */
const lockStatement = namedStatement<
  LockedResponse & { fresh: boolean; section: SavedSection | null }
>(
  'section_save_lock',
  sql`with seen as (select r.xmin::text as v from ${responses} r where r.id = ${p('id')})
    select ${responseAndSection}, r.xmin::text = (select v from seen) as fresh
    from ${responses} r where r.id = ${p('id')} for update of r`,
);

/** The section read again, under the lock (when the lock's statement saw it before a change). */
const sectionStatement = namedStatement<{ section: SavedSection | null }>(
  'section_save_section',
  sql`select ${sectionJson(p('responseId'))} as section`,
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

/**
 * How far a response's lastAccessTime may lag a save of it: a save moves it only when it is older
 * than this (issue 63). lastAccessTime orders the lists (NTO, OTN) and is a key of three indexes of
 * responses, so a save that moved it wrote a new entry in every index of the table (never a HOT
 * update); an answering screen saves every answer typed, each within seconds of the last. Within
 * the minute the save rewrites only columns no index holds (the counts, updatedAt), so its new row
 * version stays on its page (fillfactor, migration 0017) and no index is written. The response's
 * version (its row's xmin) still changes with every save: the version rule and the reply caches
 * are as before.
 */
export const LAST_ACCESS_STEP_MS = 60_000;

/**
 * The save's lastAccessTime: the save's time (`at`) when the one kept is older than `staleBefore`
 * (at − LAST_ACCESS_STEP_MS), else the one kept (an unchanged key: the update can be HOT).
 */
const lastAccessTouch = sql`last_access_time = case when ${responses}.last_access_time < ${p('staleBefore')}::timestamptz
  then ${p('at')}::timestamptz else ${responses}.last_access_time end`;

/**
 * The audit entry of a save, from the touched response (t), when it changed answers (`logged`):
 * in the statement that ends the save (touchStatement, saveStatement).
 */
const auditSql = auditRepository.appendSelectSql(
  {
    actorId: sql`${p('actorId')}::text`,
    organisationId: sql`t.organisation_id`,
    action: 'response.saveSection',
    entity: sql`'response'`,
    entityId: sql`${p('id')}::text`,
    before: sql`${p('before')}::jsonb`,
    after: sql`${p('after')}::jsonb || jsonb_build_object('answered', t.answered, 'completeSections', t.complete, 'totalSections', t.sections)`,
  },
  sql`from t where ${p('logged')}::boolean`,
);

const touchStatement = namedStatement<SavedRecord>(
  'section_save_touch',
  sql`with t as (
      update ${responses} set
        ${countsFromSums},
        ${lastAccessTouch}, updated_at = ${p('at')}::timestamptz
      from (select ${sectionSums} from ${responseSections} s where s.response_id = ${p('id')}) c, ${assessments}
      where ${responses.id} = ${p('id')} and ${assessments.id} = ${responses.assessmentId}
      returning ${responseJson(true, true)} as record, ${responses}.xmin::text as seen, ${responses.organisationId} as organisation_id,
        ${responses.answeredQuestions} as answered, ${responses.completeSections} as complete, ${responses.totalSections} as sections
    ), logged as (
      ${auditSql}
    )
    select record, seen from t`,
);

/**
 * The response and the section, without a lock, as the unlocked save starts from: `seen` is the
 * response row's version (xmin), which its write checks.
 */
const readStatement = namedStatement<
  LockedResponse & { seen: string; section: SavedSection | null }
>(
  'section_save_read',
  sql`select ${responseAndSection}, r.xmin::text as seen from ${responses} r where r.id = ${p('id')}`,
);

/**
 * The whole unlocked save in one statement (one round trip, its own transaction): `guard` locks
 * the response only if its row is still the version the save read (`seen`); every write joins
 * it, so none happens when the response changed since, and the statement returns no row. Under
 * the lock come the questions' writes, the section's counts from their new states, the
 * response's counts from its sections as they end up, the touch, the audit entry, and the
 * reply. The statement's reads see the rows as they were before it, so the reply reads the
 * sections and questions from the writes' RETURNING over the rows they did not change: all of
 * them, or with reply 'sent' only the section saved and the questions sent (saveStatements).
 */
function saveSql(reply: SaveReply): SQL {
  return sql`with guard as materialized (
      select r.id from ${responses} r where r.id = ${p('id')} and r.xmin::text = ${p('seen')} for update of r
    ), w as (
      ${writeQuestionsSql(sql`g.id`, p('payload'), sql`and q.response_section_id = ${p('sectionId')}`, sql`, guard g`)}
      returning q.*
    ), c as (
      select ${questionCounts(true)} from ${responseQuestions} q left join w on w.id = q.id
      where q.response_section_id = ${p('sectionId')}
    ), sec as (
      update ${responseSections} s set ${sectionCountsFrom} from c, guard g
      where s.id = ${p('sectionId')} and s.response_id = g.id and ${sectionCountsChange}
      returning s.*
    ), sections_now as (
      select s.* from ${responseSections} s
      where s.response_id = ${p('id')} and not exists (select from sec where sec.id = s.id)
      union all select * from sec
    ), t as (
      update ${responses} set
        ${countsFromSums},
        ${lastAccessTouch}, updated_at = ${p('at')}::timestamptz
      from (select ${sectionSums} from sections_now s) c, guard g
      where ${responses.id} = g.id
      returning ${responses}.*, ${responses}.xmin, ${responses.answeredQuestions} as answered,
        ${responses.completeSections} as complete, ${responses.totalSections} as sections
    ), logged as (
      ${auditSql}
    )
    select ${responseJson(true, true, replySources[reply])} as record, ${responses}.xmin::text as seen
    from t ${responses} inner join ${assessments} on ${assessments.id} = ${responses.assessmentId}`;
}

/** The questions `which` (aliased q) as saveSql leaves them: those written (w), the others as they were. */
const questionsAfter = (which: SQL) => sql`(select * from w union all select q.* from ${responseQuestions} q
  where ${which} and not exists (select from w where w.id = q.id))`;

/**
 * Where saveSql's reply reads its sections and questions, by what it replies with: the whole
 * response, or ('sent') the section saved and the questions sent (by their ids; the reply keeps
 * only the section's).
 */
const replySources: Record<SaveReply, RecordSources> = {
  response: { sections: sql`sections_now`, questions: questionsAfter(sql`q.response_id = ${p('id')}`) },
  sent: {
    sections: sql`(select * from sections_now where id = ${p('sectionId')})`,
    questions: questionsAfter(sql`q.id in (select jsonb_array_elements_text(${p('sent')}::jsonb))`),
  },
};

/** The unlocked save's statement (saveSql) by what it replies with: each is planned on its own. */
const saveStatements: Record<SaveReply, ReturnType<typeof namedStatement<SavedRecord>>> = {
  response: namedStatement<SavedRecord>('section_save_unlocked', saveSql('response')),
  sent: namedStatement<SavedRecord>('section_save_unlocked_sent', saveSql('sent')),
};

/** The touch's and the audit entry's values of a save's last statement. */
function touchValues(at: Date, audit: SaveAudit | null) {
  return {
    at: at.toISOString(),
    staleBefore: new Date(at.getTime() - LAST_ACCESS_STEP_MS).toISOString(),
    logged: audit !== null,
    actorId: audit?.actorId ?? null,
    before: audit ? JSON.stringify(audit.before) : null,
    after: audit ? JSON.stringify(audit.after) : null,
  };
}

/**
 * The contractor's save of answers (updateSectionInResponse, the most frequent write: every answer
 * typed) as named statements (namedStatement: each connection plans them once). Unlocked, in two
 * round trips: the section read, then the whole save in one statement that checks the response
 * is still as read. Locked (when it changed, or files are attached or taken off), in the caller's
 * transaction: the lock with the section's questions, their writes with the section's counts,
 * and the response's counts with the touch, its reply and the audit entry.
 */
export const sectionSaveRepository = {
  /**
   * The response, its version (`seen`) and the section, by its id or its category's id, with its
   * questions in order, without a lock: where the unlocked save starts. Undefined when there is no
   * such response; the section null when the response has no such section.
   */
  async read(
    db: DbOrTx,
    id: string,
    sectionOrCategoryId: string,
  ): Promise<{ response: LockedResponse; seen: string; section: SavedSection | null } | undefined> {
    const row = (await readStatement(db, { id, section: sectionOrCategoryId }))[0];
    if (!row) return undefined;
    const { seen, section, ...response } = row;
    return { response, seen, section };
  },

  /**
   * The unlocked save (saveStatement): the writes, the counts, the touch, the audit entry and
   * the reply in one statement, if the response is still at the version `seen`; undefined, with
   * nothing written, when it changed since.
   */
  async saveIfUnchanged(
    db: DbOrTx,
    save: {
      id: string;
      seen: string;
      sectionId: string;
      writes: readonly QuestionWrite[];
      at: Date;
      audit: SaveAudit | null;
      /** The reply with only the section saved and these of its questions (reply 'sent'); left out, the whole response. */
      sent?: readonly string[];
    },
  ): Promise<SavedRecord | undefined> {
    const rows = await saveStatements[save.sent ? 'sent' : 'response'](db, {
      id: save.id,
      seen: save.seen,
      sectionId: save.sectionId,
      payload: questionWritesPayload(save.writes),
      ...touchValues(save.at, save.audit),
      ...(save.sent ? { sent: JSON.stringify(save.sent) } : {}),
    });
    return rows[0];
  },

  /**
   * Locks the response (its other writes wait) and reads the section, by its id or its category's
   * id, with its questions in order, as they are under the lock: one round trip, or two when a
   * change committed while the lock was awaited. Undefined when there is no such response; the
   * section null when the response has no such section.
   */
  async lockWithSection(
    tx: DbOrTx,
    id: string,
    sectionOrCategoryId: string,
  ): Promise<{ response: LockedResponse; section: SavedSection | null } | undefined> {
    const row = (await lockStatement(tx, { id, section: sectionOrCategoryId }))[0];
    if (!row) return undefined;
    const { fresh, section, ...response } = row;
    if (fresh) return { response, section };
    const again = (await sectionStatement(tx, { responseId: id, section: sectionOrCategoryId }))[0];
    return { response, section: again?.section ?? null };
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
  ): Promise<SavedRecord> {
    const saved = (await touchStatement(tx, { id, ...touchValues(at, audit) }))[0];
    if (!saved) throw new Error(`response ${id} not found`);
    return saved;
  },
};
