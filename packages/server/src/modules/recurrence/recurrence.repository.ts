import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organisationDaySql } from '../organisations/time-zone.repository';
import {
  assessmentContractors,
  assessmentRecurrences,
  assessmentRounds,
  assessmentSectionQuestions,
  assessmentSections,
  responseCarryOvers,
  responseQuestions,
  responseSections,
  responses,
  responseTimeline,
  userOrganisations,
  users,
} from '../../db/schema';
import type { StoredAnswerJson } from '../../db/tables/responses';
import type { FileRecord } from '@palisade/domain/files/file.schema';

export type RecurrenceRow = typeof assessmentRecurrences.$inferSelect;
export type RoundRow = typeof assessmentRounds.$inferSelect;

/** The rows of a raw statement (both drivers reply with { rows }). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** A question of a response beside the previous round's matching one (same category and question). */
export interface QuestionPair {
  questionId: string;
  version: number;
  answer: StoredAnswerJson | null;
  attachments: FileRecord[];
  previousQuestionId: string;
  previousAnswer: StoredAnswerJson | null;
  previousAttachments: FileRecord[];
  /** The answer or its files differ from the previous round's. */
  differs: boolean;
  carriedVersion: number | null;
  confirmedAt: string | null;
}

/** Issue 58's tables: recurrences, rounds, carried answers; the only place that touches them. */
export const recurrenceRepository = {
  async find(db: DbOrTx, assessmentId: string): Promise<RecurrenceRow | undefined> {
    const rows = await db.select().from(assessmentRecurrences).where(eq(assessmentRecurrences.assessmentId, assessmentId)).limit(1);
    return rows[0];
  },

  async lock(db: DbOrTx, assessmentId: string): Promise<RecurrenceRow | undefined> {
    const rows = await db.select().from(assessmentRecurrences).where(eq(assessmentRecurrences.assessmentId, assessmentId)).limit(1).for('update');
    return rows[0];
  },

  async insert(db: DbOrTx, row: typeof assessmentRecurrences.$inferInsert): Promise<RecurrenceRow | undefined> {
    const rows = await db.insert(assessmentRecurrences).values(row).onConflictDoNothing().returning();
    return rows[0];
  },

  async update(db: DbOrTx, assessmentId: string, values: Partial<typeof assessmentRecurrences.$inferInsert>): Promise<RecurrenceRow | undefined> {
    const rows = await db
      .update(assessmentRecurrences)
      .set({ ...values, version: sql`${assessmentRecurrences.version} + 1` })
      .where(eq(assessmentRecurrences.assessmentId, assessmentId))
      .returning();
    return rows[0];
  },

  /** The sweep moves the next round's date on; not an edit of the recurrence (its version stays). */
  async setNextRound(db: DbOrTx, assessmentId: string, nextRoundOn: string): Promise<void> {
    await db.update(assessmentRecurrences).set({ nextRoundOn }).where(eq(assessmentRecurrences.assessmentId, assessmentId));
  },

  async rounds(db: DbOrTx, assessmentId: string): Promise<RoundRow[]> {
    return db.select().from(assessmentRounds).where(eq(assessmentRounds.assessmentId, assessmentId)).orderBy(asc(assessmentRounds.roundNumber));
  },

  async lastRound(db: DbOrTx, assessmentId: string): Promise<RoundRow | undefined> {
    const rows = await db
      .select()
      .from(assessmentRounds)
      .where(eq(assessmentRounds.assessmentId, assessmentId))
      .orderBy(desc(assessmentRounds.roundNumber))
      .limit(1);
    return rows[0];
  },

  /** Records a round; false when it was recorded already (by another instance). */
  async insertRound(db: DbOrTx, row: RoundRow): Promise<boolean> {
    const rows = await db.insert(assessmentRounds).values(row).onConflictDoNothing().returning({ n: assessmentRounds.roundNumber });
    return rows.length > 0;
  },

  /** Round 1's label, start and due date follow a change of startsOn while no other round has opened. */
  async updateRound(db: DbOrTx, assessmentId: string, roundNumber: number, values: Partial<Pick<RoundRow, 'label' | 'startsOn' | 'dueDate'>>): Promise<void> {
    await db.update(assessmentRounds).set(values).where(and(eq(assessmentRounds.assessmentId, assessmentId), eq(assessmentRounds.roundNumber, roundNumber)));
  },

  /**
   * The active recurrences whose next round is due at `now` (its date has come in the
   * organisation's time zone, issue 60), oldest due first.
   */
  async dueRecurrences(db: DbOrTx, now: Date, limit: number): Promise<string[]> {
    const rows = await db
      .select({ id: assessmentRecurrences.assessmentId })
      .from(assessmentRecurrences)
      .where(and(eq(assessmentRecurrences.active, true), sql`${assessmentRecurrences.nextRoundOn} <= ${organisationDaySql(now, assessmentRecurrences.organisationId)}`))
      .orderBy(asc(assessmentRecurrences.nextRoundOn))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /**
   * Claims a due recurrence for this transaction: locked, or undefined when another instance holds
   * it (SKIP LOCKED) or it is no longer due (the lock re-reads the row as the other left it).
   */
  async claimDue(db: DbOrTx, assessmentId: string, now: Date): Promise<RecurrenceRow | undefined> {
    const rows = await db
      .select()
      .from(assessmentRecurrences)
      .where(
        and(
          eq(assessmentRecurrences.assessmentId, assessmentId),
          eq(assessmentRecurrences.active, true),
          sql`${assessmentRecurrences.nextRoundOn} <= ${organisationDaySql(now, assessmentRecurrences.organisationId)}`,
        ),
      )
      .limit(1)
      .for('update', { skipLocked: true });
    return rows[0];
  },

  /**
   * The round's responses: one PENDING response for each contractor the assessment is shared with
   * (still a live account serving the organisation), linked to its latest earlier response of the
   * assessment, due on the round's due date (kept as the response's extended due date, so that
   * every list, reminder and effective due date reads it). Its sections and questions are left to
   * its first read (sections_pending; responsesRepository.materialise), its counts set from the
   * assessment meanwhile, so that lists and dashboards read it as it will be. One INSERT … SELECT;
   * the ids made.
   */
  async insertRoundResponses(
    db: DbOrTx,
    r: { assessmentId: string; organisationId: string; roundNumber: number; dueDate: string; at: Date },
  ): Promise<{ id: string; contractorId: string }[]> {
    const iso = r.at.toISOString();
    const result = await db.execute(sql`
      with counts as (
        select count(*)::int as sections, coalesce(sum(s.total_marks), 0)::int as marks,
          (select count(*)::int from ${assessmentSectionQuestions} q join ${assessmentSections} qs on qs.id = q.section_id
            where qs.assessment_id = ${r.assessmentId}) as questions
        from ${assessmentSections} s where s.assessment_id = ${r.assessmentId})
      insert into ${responses} (id, assessment_id, contractor_id, organisation_id, status, contractor_name,
        is_due_date_extended, new_due_date, created_at, updated_at, last_access_time, round_number, previous_response_id,
        sections_pending, total_sections, total_questions, total_marks)
      select palisade_uuid7(), ac.assessment_id, ac.contractor_id, ${r.organisationId}, 'PENDING', u.name,
        true, ${r.dueDate}::date, ${iso}::timestamptz, ${iso}::timestamptz, ${iso}::timestamptz, ${r.roundNumber},
        (select p.id from ${responses} p
          where p.assessment_id = ac.assessment_id and p.contractor_id = ac.contractor_id and p.round_number < ${r.roundNumber}
          order by p.round_number desc limit 1),
        true, counts.sections, counts.questions, counts.marks
      from counts, ${assessmentContractors} ac
      join ${users} u on u.id = ac.contractor_id
      join ${userOrganisations} uo on uo.user_id = ac.contractor_id and uo.organisation_id = ${r.organisationId}
      where ac.assessment_id = ${r.assessmentId}
        and u.deleted_at is null and u.is_active and uo.disabled_at is null
      on conflict do nothing
      returning id, contractor_id as "contractorId"`);
    return rowsOf<{ id: string; contractorId: string }>(result);
  },

  /** The start of every response of the round in its timeline, in one statement. */
  async appendRoundTimeline(
    db: DbOrTx,
    r: { assessmentId: string; roundNumber: number; at: Date; actorId: string | null; actorName: string; actorType: number; note: string },
  ): Promise<void> {
    await db.execute(sql`
      insert into ${responseTimeline} (response_id, at, actor_id, actor_name, actor_type, from_status, to_status, note)
      select ${responses.id}, ${r.at.toISOString()}::timestamptz, ${r.actorId}, ${r.actorName}, ${r.actorType}, null, 'PENDING', ${r.note}
      from ${responses}
      where ${responses.assessmentId} = ${r.assessmentId} and ${responses.roundNumber} = ${r.roundNumber}`);
  },

  /** The round of a response and its previous round's label, as readers of rounds see it. */
  async roundOf(db: DbOrTx, responseId: string) {
    const result = await db.execute(sql`
      select r.id as "responseId", r.assessment_id as "assessmentId", r.contractor_id as "contractorId",
        r.organisation_id as "organisationId", r.status, r.round_number as "roundNumber",
        r.previous_response_id as "previousResponseId", r.answered_questions as "answered",
        ar.label, ar.starts_on::text as "startsOn", ar.due_date::text as "dueDate",
        (select pr.label from ${responses} p join ${assessmentRounds} pr on pr.assessment_id = p.assessment_id and pr.round_number = p.round_number
          where p.id = r.previous_response_id) as "previousLabel",
        coalesce((select p.answered_questions from ${responses} p where p.id = r.previous_response_id), 0) as "previousAnswered",
        exists (select 1 from ${responseCarryOvers} c where c.response_id = r.id) as "hasCarried"
      from ${responses} r
      left join ${assessmentRounds} ar on ar.assessment_id = r.assessment_id and ar.round_number = r.round_number
      where r.id = ${responseId}`);
    return rowsOf<{
      responseId: string;
      assessmentId: string;
      contractorId: string;
      organisationId: string;
      status: string;
      roundNumber: number;
      previousResponseId: string | null;
      answered: number;
      label: string | null;
      startsOn: string | null;
      dueDate: string | null;
      previousLabel: string | null;
      previousAnswered: number;
      hasCarried: boolean;
    }>(result)[0];
  },

  /**
   * Every question of the response that has a match in the previous response (the same question of
   * the same category), with both answers, whether they differ, and its carry-over mark.
   */
  async pairs(db: DbOrTx, responseId: string, previousResponseId: string): Promise<QuestionPair[]> {
    const result = await db.execute(sql`
      select q.id as "questionId", q.version, q.answer, q.attachments,
        p.id as "previousQuestionId", p.answer as "previousAnswer", p.attachments as "previousAttachments",
        (q.answer is distinct from p.answer or q.attachments is distinct from p.attachments) as differs,
        c.carried_version as "carriedVersion", c.confirmed_at::text as "confirmedAt"
      from ${responseQuestions} q
      join ${responseSections} s on s.id = q.response_section_id
      join ${responseSections} ps on ps.response_id = ${previousResponseId} and ps.category_id = s.category_id
      join ${responseQuestions} p on p.response_section_id = ps.id and p.question_id = q.question_id
      left join ${responseCarryOvers} c on c.response_question_id = q.id
      where q.response_id = ${responseId}
      order by s.position, q.position`);
    return rowsOf<QuestionPair>(result);
  },

  /**
   * Carries the previous response's answers and files (the file records, not their bytes) into the
   * response's matching questions, each one version up, and marks them; one statement. How many.
   */
  async carryOver(db: DbOrTx, responseId: string, previousResponseId: string): Promise<number> {
    const result = await db.execute(sql`
      with pairs as (
        select q.id as qid, p.id as pid, p.answer, p.attachments, p.answer_status
        from ${responseQuestions} q
        join ${responseSections} s on s.id = q.response_section_id
        join ${responseSections} ps on ps.response_id = ${previousResponseId} and ps.category_id = s.category_id
        join ${responseQuestions} p on p.response_section_id = ps.id and p.question_id = q.question_id
          and p.answer_type = q.answer_type and p.options = q.options
        where q.response_id = ${responseId} and p.answer is not null
      ), written as (
        update ${responseQuestions} q
        set answer = pairs.answer, attachments = pairs.attachments, answer_status = pairs.answer_status, version = q.version + 1
        from pairs where q.id = pairs.qid
        returning q.id, q.version
      )
      insert into ${responseCarryOvers} (response_question_id, response_id, previous_question_id, carried_version)
      select written.id, ${responseId}, pairs.pid, written.version
      from written join pairs on pairs.qid = written.id
      on conflict do nothing
      returning response_question_id`);
    return rowsOf<{ response_question_id: string }>(result).length;
  },

  /** Confirms the carried answers named that are still as carried; the ids confirmed. */
  async confirm(db: DbOrTx, responseId: string, questionIds: readonly string[], at: Date): Promise<string[]> {
    if (questionIds.length === 0) return [];
    const result = await db.execute(sql`
      update ${responseCarryOvers} c set confirmed_at = ${at.toISOString()}::timestamptz
      from ${responseQuestions} q
      where c.response_id = ${responseId} and q.id = c.response_question_id
        and c.response_question_id in (${sql.join(questionIds.map((id) => sql`${id}`), sql`, `)})
        and c.confirmed_at is null and q.version = c.carried_version
      returning c.response_question_id as id`);
    return rowsOf<{ id: string }>(result).map((r) => r.id);
  },

  /** The carried questions of the response among those named (to tell a bad id from a done one). */
  async carriedIds(db: DbOrTx, responseId: string): Promise<Set<string>> {
    const rows = await db.select({ id: responseCarryOvers.responseQuestionId }).from(responseCarryOvers).where(eq(responseCarryOvers.responseId, responseId));
    return new Set(rows.map((r) => r.id));
  },

  /** Carried answers neither confirmed nor changed (submit refuses while any). */
  async unconfirmedCount(db: DbOrTx, responseId: string): Promise<number> {
    const result = await db.execute(sql`
      select count(*)::int as n from ${responseCarryOvers} c
      join ${responseQuestions} q on q.id = c.response_question_id
      where c.response_id = ${responseId} and c.confirmed_at is null and q.version = c.carried_version`);
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  },

  /** A user's id, name and type (the actor of a round's timeline entries). */
  async userRef(db: DbOrTx, id: string): Promise<{ id: string; name: string; type: number } | undefined> {
    const rows = await db.select({ id: users.id, name: users.name, type: users.type }).from(users).where(eq(users.id, id)).limit(1);
    return rows[0];
  },

  /** The organisation's round labels, newest first, each once (the round filter). */
  async labels(db: DbOrTx, organisationId: string): Promise<{ label: string; startsOn: string }[]> {
    const result = await db.execute(sql`
      select label, max(starts_on)::text as "startsOn" from ${assessmentRounds}
      where organisation_id = ${organisationId}
      group by label order by max(starts_on) desc, label`);
    return rowsOf<{ label: string; startsOn: string }>(result);
  },
};
