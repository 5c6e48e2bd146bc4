import { and, asc, eq, getTableColumns, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import { ANSWER_TYPES, AnswerType, AssessmentStatus, type ResponseStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db, Tx } from '@palisade/server/db/client';
import {
  assessCategories,
  assessmentContractors,
  assessments,
  assessmentSectionQuestions,
  assessmentSections,
  assessmentTimeline,
  observations,
  questions,
  responseQuestions,
  responses,
  responseSections,
  responseTimeline,
  userOrganisations,
  users,
} from '@palisade/server/db/schema';
import { newId } from '@palisade/server/lib/ids';
import { hashPassword } from '@palisade/server/lib/passwords';
import { observationsRepository } from '@palisade/server/modules/observations/observations.repository';
import { responsesRepository } from '@palisade/server/modules/responses/responses.repository';
import { reviewRepository } from '@palisade/server/modules/responses/review.repository';
import { DEMO_PASSWORD } from '@palisade/server/seed/demo';
import { generatedCompliance } from './generate-compliance';
import { generatedLearning } from './generate-learning';

/** The organisation the generated data belongs to: the demo seed's "Demo Gas Ltd". */
export const BENCH_ORGANISATION_ADMIN = 'admin@demo.test';
/** Rows per INSERT: well below PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500;
/** Rows per INSERT of insertJsonBatched: one parameter each, whatever the width. */
const JSON_BATCH = 5000;

/** What the steps share; a step may add the ids it created for the steps after it. */
export interface GenerateContext {
  db: Db;
  /** The --size flag. */
  size: number;
  /** The --responses flag: responses to generate, spread over the generated contractors. */
  responses: number;
  /** One argon2 hash of DEMO_PASSWORD for every generated account (hashing is slow by design). */
  passwordHash: string;
  organisationId: string;
  /** The organisation's admin (creator of generated assessments). */
  adminId: string;
  contractorIds: string[];
  /** The generated contractors' names, in the order of contractorIds. */
  contractorNames: string[];
  categoryIds: string[];
  questionIds: string[];
}

export interface GeneratorStep {
  name: string;
  /** Inserts its rows; returns how many. */
  run(ctx: GenerateContext): Promise<number>;
}

export interface GeneratedStep {
  name: string;
  rows: number;
  ms: number;
}

/**
 * Inserts rows in batches of BATCH, in one transaction; with `skipChecks` (only where
 * maySkipForeignKeyChecks says the role may), without the foreign keys' per-row checks and the
 * tables' triggers.
 */
export async function insertBatched<T>(
  db: Db,
  rows: T[],
  insert: (tx: Tx, batch: T[]) => Promise<unknown>,
  skipChecks = false,
  size = BATCH,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (skipChecks) await tx.execute(sql`set local session_replication_role = replica`);
    for (let i = 0; i < rows.length; i += size) await insert(tx, rows.slice(i, i + size));
  });
}

/**
 * insertBatched for the large sets (a response per contractor and assessment, the assessments'
 * shares): each statement takes JSON_BATCH rows as one JSON text (json_populate_recordset), not a
 * VALUES list of thousands of parameters to build, send and parse (three times faster). The
 * columns are those the rows set (each set by every row or by none: a column left out gets its
 * default), with the values drizzle would send (a JSON column's text is read through its type's
 * input, so it stores the same value).
 */
export async function insertJsonBatched<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  skipChecks = false,
): Promise<void> {
  const valueOf = (row: T['$inferInsert'], key: string): unknown => (row as Record<string, unknown>)[key];
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((r) => valueOf(r, key) !== undefined));
  for (const [key] of columns) {
    if (rows.some((r) => valueOf(r, key) === undefined)) throw new Error(`insertJsonBatched: ${key} is set by some rows and not by others`);
  }
  const names = sql.join(columns.map(([, c]) => sql.identifier(c.name)), sql`, `);
  const json = (batch: T['$inferInsert'][]) =>
    JSON.stringify(
      batch.map((row) =>
        Object.fromEntries(
          columns.map(([key, c]) => {
            const value = valueOf(row, key);
            return [c.name, value === null ? null : c.mapToDriverValue(value)];
          }),
        ),
      ),
    );
  await insertBatched(
    db,
    rows,
    (tx, batch) => tx.execute(sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json(batch)}::json)`),
    skipChecks,
    JSON_BATCH,
  );
}

const contractors: GeneratorStep = {
  name: 'contractors',
  async run(ctx) {
    const rows = Array.from({ length: ctx.size }, (_, i) => {
      const n = String(i + 1).padStart(5, '0');
      return {
        id: newId(),
        type: UserType.CONTRACTOR,
        email: `bench.contractor${n}@demo.test`,
        passwordHash: ctx.passwordHash,
        name: `Bench Contractor ${n} Ltd`,
        contactPersonName: `Contact ${n}`,
        location: ['Aberdeen', 'Dundee', 'Inverness', 'Glasgow'][i % 4] ?? 'Aberdeen',
        phone: `+4479${String(i).padStart(8, '0')}`,
        code: `BEN-${n}`,
      };
    });
    await insertBatched(ctx.db, rows, (tx, batch) => tx.insert(users).values(batch));
    await insertBatched(ctx.db, rows, (tx, batch) =>
      tx
        .insert(userOrganisations)
        .values(batch.map((r) => ({ userId: r.id, organisationId: ctx.organisationId }))),
    );
    ctx.contractorIds.push(...rows.map((r) => r.id));
    ctx.contractorNames.push(...rows.map((r) => r.name));
    return rows.length * 2;
  },
};

/** Categories and questions in the organisation's bank. */
export const BENCH_CATEGORIES = 20;
export const BENCH_QUESTIONS = 500;

const catalogue: GeneratorStep = {
  name: 'categories and questions',
  async run(ctx) {
    const base = Date.now();
    const categoryRows = Array.from({ length: BENCH_CATEGORIES }, (_, i) => ({
      id: newId(),
      organisationId: ctx.organisationId,
      name: `Bench Category ${String(i + 1).padStart(2, '0')}`,
      createdAt: new Date(base + i),
    }));
    const questionRows = Array.from({ length: BENCH_QUESTIONS }, (_, i) => ({
      id: newId(),
      organisationId: ctx.organisationId,
      questText: `Bench question ${String(i + 1).padStart(4, '0')}: is the control in place and recorded?`,
      createdAt: new Date(base + i),
    }));
    await insertBatched(ctx.db, categoryRows, (tx, batch) =>
      tx.insert(assessCategories).values(batch),
    );
    await insertBatched(ctx.db, questionRows, (tx, batch) => tx.insert(questions).values(batch));
    ctx.categoryIds.push(...categoryRows.map((r) => r.id));
    ctx.questionIds.push(...questionRows.map((r) => r.id));
    return categoryRows.length + questionRows.length;
  },
};

/** Per generated assessment: sections, questions per section, contractors shared with. */
const SECTIONS = 5;
const QUESTIONS_PER_SECTION = 10;
const SHARED_WITH = 5;

/** The rows of generated assessments of 5 sections × 10 questions. */
interface AssessmentRows {
  heads: (typeof assessments.$inferInsert)[];
  sections: (typeof assessmentSections.$inferInsert)[];
  items: (typeof assessmentSectionQuestions.$inferInsert)[];
  shares: (typeof assessmentContractors.$inferInsert)[];
  timeline: (typeof assessmentTimeline.$inferInsert)[];
}

/**
 * `count` assessments named `{label} 00001`…, created a minute apart from `base`, each shared
 * with the contractors `sharedWith(a)` gives.
 */
function buildAssessments(
  ctx: GenerateContext,
  opts: { count: number; label: string; base: number; status: AssessmentStatus; sharedWith: (a: number) => string[] },
): AssessmentRows {
  const rows: AssessmentRows = { heads: [], sections: [], items: [], shares: [], timeline: [] };
  for (let a = 0; a < opts.count; a += 1) {
    const id = newId();
    const at = new Date(opts.base + a * 60_000);
    rows.heads.push({
      id,
      organisationId: ctx.organisationId,
      name: `${opts.label} ${String(a + 1).padStart(5, '0')}`,
      dueDate: isoDay(new Date(Date.now() + (30 + (a % 60)) * 24 * 60 * 60 * 1000)),
      status: opts.status,
      creatorId: ctx.adminId,
      createdAt: at,
      updatedAt: at,
      lastAccessTime: at,
    });
    for (let s = 0; s < SECTIONS; s += 1) {
      const sectionId = newId();
      rows.sections.push({
        id: sectionId,
        assessmentId: id,
        position: s,
        categoryId: ctx.categoryIds[(a + s) % ctx.categoryIds.length] ?? '',
        totalMarks: 10 * (s + 1),
        factorEnvironment: s % 4 === 0,
        factorSocial: s % 4 === 1,
        factorGovernance: s % 4 === 2,
        factorOthers: s % 4 === 3,
      });
      for (let q = 0; q < QUESTIONS_PER_SECTION; q += 1) {
        const answerType = ANSWER_TYPES[(a + s + q) % ANSWER_TYPES.length] ?? AnswerType.YES_NO;
        rows.items.push({
          id: newId(),
          sectionId,
          position: q,
          questionId:
            ctx.questionIds[(a * 7 + s * QUESTIONS_PER_SECTION + q) % ctx.questionIds.length] ??
            '',
          answerType,
          options: answerType === AnswerType.MULTI_CHOICE ? ['Yes', 'Partly', 'No'] : [],
        });
      }
    }
    for (const contractorId of new Set(opts.sharedWith(a))) rows.shares.push({ assessmentId: id, contractorId });
    rows.timeline.push({
      assessmentId: id,
      at,
      actorId: ctx.adminId,
      actorName: 'Dana Admin',
      status: AssessmentStatus.NEW,
      action: 'created',
    });
  }
  return rows;
}

async function insertAssessments(ctx: GenerateContext, rows: AssessmentRows, skipChecks = false): Promise<number> {
  await insertBatched(ctx.db, rows.heads, (tx, batch) => tx.insert(assessments).values(batch), skipChecks);
  await insertBatched(ctx.db, rows.sections, (tx, batch) =>
    tx.insert(assessmentSections).values(batch),
    skipChecks,
  );
  await insertBatched(ctx.db, rows.items, (tx, batch) =>
    tx.insert(assessmentSectionQuestions).values(batch),
    skipChecks,
  );
  await insertJsonBatched(ctx.db, assessmentContractors, rows.shares, skipChecks);
  await insertBatched(ctx.db, rows.timeline, (tx, batch) =>
    tx.insert(assessmentTimeline).values(batch),
    skipChecks,
  );
  return rows.heads.length + rows.sections.length + rows.items.length + rows.shares.length + rows.timeline.length;
}

/** size / 4 assessments of 5 sections × 10 questions, each shared with 5 contractors. */
const authoredAssessments: GeneratorStep = {
  name: 'assessments',
  async run(ctx) {
    const count = Math.max(1, Math.floor(ctx.size / 4));
    const rows = buildAssessments(ctx, {
      count,
      label: 'Bench Assessment',
      base: Date.now() - count * 60_000,
      status: AssessmentStatus.NEW,
      sharedWith: (a) =>
        ctx.contractorIds.length === 0
          ? []
          : Array.from({ length: SHARED_WITH }, (_, c) => ctx.contractorIds[(a * SHARED_WITH + c) % ctx.contractorIds.length] ?? ''),
    });
    return insertAssessments(ctx, rows);
  },
};

/** Assessments answered per transaction of the responses step. */
const RESPONSE_CHUNK_ASSESSMENTS = 10;
/** Transactions of the responses step in flight at once. */
const GENERATE_CONCURRENCY = 2;

/**
 * Whether this role may set session_replication_role (a superuser, as the bench's local
 * PostgreSQL and PGlite are): then the generator's bulk inserts skip the foreign keys' per-row
 * triggers, as pg_restore --disable-triggers does.
 */
async function maySkipForeignKeyChecks(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ yes: sql<boolean>`current_setting('is_superuser') = 'on'` })
    .from(sql`(select 1) as one`);
  return row?.yes === true;
}

/**
 * --responses N responses of 5 sections × 10 questions, spread evenly over the generated
 * contractors: ceil(N / contractors) assessments of their own, the i-th response by contractor
 * i mod C to assessment i div C. Statuses in the proportions 4 PENDING : 2 SUBMITTED :
 * 1 REASSESSMENT : 3 COMPLETED, answered and judged to match (PENDING: the first two sections and
 * every other question of the rest); COMPLETED sections scored 50–99 % of their marks. Sections
 * and questions are copied and answered by INSERT … SELECT in the database, the sections with their
 * count columns, and the responses' counts summed from them by the repository's own statement, a few
 * thousand responses per transaction.
 */
const generatedResponses: GeneratorStep = {
  name: 'responses',
  async run(ctx) {
    const contractorCount = ctx.contractorIds.length;
    if (ctx.responses <= 0 || contractorCount === 0) return 0;
    const count = Math.ceil(ctx.responses / contractorCount);
    const base = Date.now() - (count + 2) * 60_000 - ctx.responses * 1000;
    const sharedWith = (a: number) =>
      ctx.contractorIds.slice(0, Math.min(contractorCount, ctx.responses - a * contractorCount));
    const authored = buildAssessments(ctx, { count, label: 'Bench Answered Assessment', base, status: AssessmentStatus.PENDING, sharedWith });
    // Every row below references rows that exist (generated ids, or selected by the joins), so the
    // foreign keys' per-row checks are skipped where the role may, and the triggers with them (the
    // sums they keep are rebuilt below); what is stored, and every index, is the same either way.
    const skipChecks = await maySkipForeignKeyChecks(ctx.db);
    let rows = await insertAssessments(ctx, authored, skipChecks);

    const statuses: ResponseStatus[] = ['PENDING', 'PENDING', 'PENDING', 'PENDING', 'SUBMITTED', 'SUBMITTED', 'REASSESSMENT', 'COMPLETED', 'COMPLETED', 'COMPLETED'];
    const responseRows: (typeof responses.$inferInsert)[] = [];
    for (let i = 0; i < ctx.responses; i += 1) {
      const a = Math.floor(i / contractorCount);
      const c = i % contractorCount;
      const head = authored.heads[a];
      if (!head) break;
      const createdAt = new Date(base + a * 60_000 + c * 10);
      const status = statuses[(i * 7 + a) % statuses.length] ?? 'PENDING';
      responseRows.push({
        id: newId(),
        assessmentId: head.id,
        contractorId: ctx.contractorIds[c] ?? '',
        organisationId: ctx.organisationId,
        contractorName: ctx.contractorNames[c] ?? '',
        status,
        createdAt,
        updatedAt: createdAt,
        // COMPLETED ones spread over the last two years: the dashboards' performance periods.
        completedAt: status === 'COMPLETED' ? new Date(Date.now() - ((i * 7919) % (730 * 86_400)) * 1000) : null,
        // Spread over the last N seconds: the lists sort on it.
        lastAccessTime: new Date(Date.now() - (ctx.responses - i) * 1000),
      });
    }
    await insertJsonBatched(ctx.db, responses, responseRows, skipChecks);
    rows += responseRows.length;

    // Answered: every question once submitted; while PENDING the first two sections and every other
    // question (q) of the rest; one question REJECTED in REASSESSMENT. `section`: the section's position.
    const answered = (section: SQL) => sql`(${responses.status} <> 'PENDING' or ${section} < 2 or q.position % 2 = 0)`;
    const rejected = (section: SQL) => sql`(${responses.status} = 'REASSESSMENT' and ${section} = 0 and q.position = 0)`;
    const assessmentIds = authored.heads.map((h) => h.id);
    const chunks: string[][] = [];
    for (let i = 0; i < assessmentIds.length; i += RESPONSE_CHUNK_ASSESSMENTS) chunks.push(assessmentIds.slice(i, i + RESPONSE_CHUNK_ASSESSMENTS));
    const answerChunk = async (chunk: string[]) => {
      const where = inArray(responses.assessmentId, chunk);
      await ctx.db.transaction(async (tx) => {
        // Without the foreign keys' checks (half the time of the question insert) where the role may.
        if (skipChecks) await tx.execute(sql`set local session_replication_role = replica`);
        // Each section is inserted with its count columns, counted from the assessment's
        // questions by the rules below (what the repository's recount would count from the
        // answers, which a test checks): recounting them afterwards wrote every section twice.
        const judged = sql`${responses.status} in ('REASSESSMENT', 'COMPLETED')`;
        await tx.execute(sql`
          insert into ${responseSections} (id, response_id, position, assessment_section_id, category_id, category_name,
            total_marks, factor_environment, factor_social, factor_governance, factor_others, scored_marks,
            question_count, answered_count, judged_count, rejected_count, accepted_count)
          select palisade_uuid7(), ${responses.id}, s.position, s.id, s.category_id, c.name,
            s.total_marks, s.factor_environment, s.factor_social, s.factor_governance, s.factor_others,
            case when ${responses.status} = 'COMPLETED'
              then greatest(1, s.total_marks * (50 + abs(hashtext(${responses.id} || s.id)) % 50) / 100) end,
            k.n, k.answered, case when ${judged} then k.n else 0 end, k.rejected, case when ${judged} then k.n - k.rejected else 0 end
          from ${responses}
          join ${assessmentSections} s on s.assessment_id = ${responses.assessmentId}
          join ${assessCategories} c on c.id = s.category_id
          cross join lateral (
            select count(*)::int as n, (count(*) filter (where ${answered(sql`s.position`)}))::int as answered,
              (count(*) filter (where ${rejected(sql`s.position`)}))::int as rejected
            from ${assessmentSectionQuestions} q where q.section_id = s.id) k
          where ${where}`);
        await tx.execute(sql`
          insert into ${responseQuestions} (id, response_id, response_section_id, position, question_id, quest_text, answer_type,
            options, answer, answer_status, assess_status, remarks)
          select palisade_uuid7(), ${responses.id}, rs.id, q.position, q.question_id, b.quest_text, q.answer_type, q.options,
            case when ${answered(sql`rs.position`)} then case q.answer_type
              when 'yesNo' then '{"yesNo":"YES","text":null,"value":null}'::jsonb
              when 'numeric' then '{"yesNo":null,"text":null,"value":3}'::jsonb
              when 'multiChoice' then jsonb_build_object('yesNo', null, 'text', null, 'value', q.options->0)
              when 'checkbox' then '{"yesNo":null,"text":null,"value":true}'::jsonb
              else '{"yesNo":null,"text":"The control is in place and recorded in the site file.","value":null}'::jsonb end end,
            case when ${answered(sql`rs.position`)} then 'ANSWERED' else 'UNANSWERED' end,
            case when ${rejected(sql`rs.position`)} then 'REJECTED' when ${judged} then 'ACCEPTED' else 'NONE' end,
            case when ${rejected(sql`rs.position`)} then 'Please attach the evidence.' end
          from ${responses}
          join ${responseSections} rs on rs.response_id = ${responses.id}
          join ${assessmentSectionQuestions} q on q.section_id = rs.assessment_section_id
          join ${questions} b on b.id = q.question_id
          where ${where}`);
        await responsesRepository.recountResponses(tx, where);
        await tx.execute(sql`
          insert into ${responseTimeline} (response_id, at, actor_id, actor_name, actor_type, from_status, to_status)
          select ${responses.id}, ${responses.createdAt}, ${responses.contractorId}, ${responses.contractorName}, 3, null, 'PENDING'
            from ${responses} where ${where}
          union all
          select ${responses.id}, ${responses.createdAt} + interval '1 day', ${responses.contractorId}, ${responses.contractorName}, 3, 'PENDING', 'SUBMITTED'
            from ${responses} where ${where} and ${responses.status} <> 'PENDING'
          union all
          select ${responses.id}, ${responses.createdAt} + interval '2 days', ${ctx.adminId}, 'Dana Admin', 2, 'SUBMITTED', ${responses.status}
            from ${responses} where ${where} and ${responses.status} in ('REASSESSMENT', 'COMPLETED')`);
      });
    };
    // On PostgreSQL two chunks are in flight (two connections, this machine's two cores); PGlite
    // runs one statement at a time whatever the number. With the triggers on, one: both chunks
    // would update the same contractors' sums (contractor_scores) in their own orders.
    let next = 0;
    const worker = async () => {
      for (let chunk = chunks[next++]; chunk !== undefined; chunk = chunks[next++]) await answerChunk(chunk);
    };
    await Promise.all(Array.from({ length: skipChecks ? GENERATE_CONCURRENCY : 1 }, worker));
    // The triggers that keep the contractors' sums did not run where the checks were skipped.
    if (skipChecks) await reviewRepository.rebuildContractorScores(ctx.db, [ctx.organisationId]);
    const [counted] = await ctx.db
      .select({
        sections: sql<number>`(select count(*)::int from ${responseSections})`,
        questions: sql<number>`(select count(*)::int from ${responseQuestions})`,
        timeline: sql<number>`(select count(*)::int from ${responseTimeline})`,
      })
      .from(sql`(select 1) as one`);
    return rows + (counted?.sections ?? 0) + (counted?.questions ?? 0) + (counted?.timeline ?? 0);
  },
};

/** Observations of the bench data set (issue 14's target: the graph and table at 100 000). */
export const BENCH_OBSERVATIONS = 100_000;
/** Observations inserted per statement. */
const OBSERVATION_CHUNK = 20_000;

/**
 * BENCH_OBSERVATIONS safety observations of the organisation, spread round-robin over the
 * generated contractors, evenly over the last 365 days, over the six categories and four
 * statuses; written by INSERT … SELECT over generate_series, a chunk per statement.
 */
const generatedObservations: GeneratorStep = {
  name: 'observations',
  async run(ctx) {
    if (ctx.contractorIds.length === 0) return 0;
    const [row] = await ctx.db
      .select({ n: sql<number>`coalesce(max(${observations.srno}), 0)::int` })
      .from(observations)
      .where(eq(observations.organisationId, ctx.organisationId));
    const base = row?.n ?? 0;
    const ids = sql.param(ctx.contractorIds);
    const names = sql.param(ctx.contractorNames);
    const n = ctx.contractorIds.length;
    const categories = sql.raw(
      `array['Accident','Incident','Positive Observation','Unsafe Act','Unsafe Condition','Nearmiss']`,
    );
    for (let from = 1; from <= BENCH_OBSERVATIONS; from += OBSERVATION_CHUNK) {
      const to = Math.min(BENCH_OBSERVATIONS, from + OBSERVATION_CHUNK - 1);
      await ctx.db.execute(sql`
        insert into ${observations} (id, organisation_id, srno, category, status, reported_at, reported_by,
          reporter_name, contractor_id, form_data, description, action, action_at, accept_at, root_cause_analysis)
        select gen_random_uuid()::text, ${ctx.organisationId}, ${base} + g, (${categories})[1 + g % 6], 1 + g % 4,
          now() - make_interval(secs => (g * 315) % 31536000), (${ids}::text[])[1 + g % ${n}], (${names}::text[])[1 + g % ${n}],
          (${ids}::text[])[1 + g % ${n}],
          jsonb_build_array(jsonb_build_object('label', 'FullName', 'value', (${names}::text[])[1 + g % ${n}]),
            jsonb_build_object('label', 'Description', 'value', 'Bench observation ' || g)),
          'Bench observation ' || g, g % 4,
          case when g % 4 > 0 then now() - make_interval(secs => (g * 315) % 31536000) + interval '1 day' end,
          case when g % 4 > 0 then now() - make_interval(secs => (g * 315) % 31536000) + interval '1 day' end,
          case when g % 4 > 0 then 'Bench root cause ' || g else '' end
        from generate_series(${from}::int, ${to}::int) g`);
    }
    await observationsRepository.rebuildDayCounts(ctx.db, [ctx.organisationId]);
    return BENCH_OBSERVATIONS;
  },
};

/** Run in order; later issues append steps (responses, …) that use --size too. */
export const generatorSteps: GeneratorStep[] = [
  contractors,
  catalogue,
  authoredAssessments,
  generatedResponses,
  generatedObservations,
  generatedLearning,
  generatedCompliance,
];

/** The demo admin the generated data belongs to, with its organisation. */
export async function benchAdmin(db: Db): Promise<{ id: string; organisationId: string }> {
  const [admin] = await db
    .select({ id: users.id, organisationId: users.organisationId })
    .from(users)
    .where(eq(users.email, BENCH_ORGANISATION_ADMIN));
  if (!admin?.organisationId)
    throw new Error(`The demo seed has no ${BENCH_ORGANISATION_ADMIN} with an organisation`);
  return { id: admin.id, organisationId: admin.organisationId };
}

/** The steps' context in the admin's organisation, with the ids of what is generated already (none unless given). */
export function benchContext(
  db: Db,
  admin: { id: string; organisationId: string },
  opts: Pick<GenerateContext, 'size' | 'responses' | 'passwordHash'>,
  generated: Partial<Pick<GenerateContext, 'contractorIds' | 'contractorNames' | 'categoryIds' | 'questionIds'>> = {},
): GenerateContext {
  return {
    db,
    ...opts,
    organisationId: admin.organisationId,
    adminId: admin.id,
    contractorIds: [],
    contractorNames: [],
    categoryIds: [],
    questionIds: [],
    ...generated,
  };
}

/** The organisation the generated data belongs to (for call bodies that name it). */
export async function benchOrganisationId(db: Db): Promise<string> {
  return (await benchAdmin(db)).organisationId;
}

/** The generated contractor the contractor calls sign in as. */
export const BENCH_CONTRACTOR = 'bench.contractor00001@demo.test';

/** The bench contractor's id and one of its responses (the most recently accessed). */
export async function benchContractorVars(db: Db): Promise<{ contractorId: string; responseId: string; responseCount: number }> {
  const [row] = await db
    .select({
      contractorId: users.id,
      // "users"."id" written out: Drizzle leaves the table's name off the fields of a one-table select.
      responseId: sql<string | null>`(select r.id from ${responses} r where r.contractor_id = "users"."id" order by r.last_access_time desc limit 1)`,
      responseCount: sql<number>`(select count(*)::int from ${responses} r where r.contractor_id = "users"."id")`,
    })
    .from(users)
    .where(eq(users.email, BENCH_CONTRACTOR));
  if (!row?.responseId) throw new Error(`The generated data set has no response of ${BENCH_CONTRACTOR} (is --responses 0?)`);
  return { contractorId: row.contractorId, responseId: row.responseId, responseCount: row.responseCount };
}

/** Adds the generated data set on top of the demo seed. */
export async function generate(db: Db, opts: { size: number; responses: number }): Promise<GeneratedStep[]> {
  const ctx = benchContext(db, await benchAdmin(db), { ...opts, passwordHash: await hashPassword(DEMO_PASSWORD) });
  const report: GeneratedStep[] = [];
  for (const step of generatorSteps) {
    const started = performance.now();
    const rows = await step.run(ctx);
    report.push({ name: step.name, rows, ms: Math.round(performance.now() - started) });
  }
  // A data set at rest has planner statistics (autovacuum gathers them in production). Right after
  // a bulk load of a million rows it has none, and PostgreSQL then reads a response by a
  // sequential scan: ~300 ms instead of ~0.7 ms.
  const started = performance.now();
  await atRest(db);
  report.push({ name: 'vacuum and analyze', rows: 0, ms: Math.round(performance.now() - started) });
  return report;
}

/**
 * The generated data set as a running installation has it at rest: planner statistics of every
 * table, and the tables the reads walk vacuumed, as autovacuum leaves them after a bulk load
 * (issue 21). Without VACUUM no page is marked all-visible, so every index-only scan (a
 * contractor's responses counted, an employee's learning summed) visits the heap, and the dead
 * row versions the generation's own updates left (200 000 in responses, 1 000 000 in
 * response_sections) are stepped over on every read. The 3.4 GB of response_questions, read only
 * by key, are left out (their vacuum alone would take minutes). Autovacuum is off on the bench's
 * PostgreSQL server, so nothing else does this.
 */
async function atRest(db: Db): Promise<void> {
  await db.execute(sql`vacuum responses, response_sections, response_timeline, users, user_organisations,
    learning_progress, learning_month_seconds, learning_org_month_seconds, learning_employee_totals, assessments, assessment_sections, assessment_contractors,
    contractor_scores, observations, observation_day_counts, observation_month_counts, policy_documents, policy_document_views`);
  await db.execute(sql`analyze`);
  // …and written out: a bulk load of gigabytes leaves its pages dirty, and the checkpointer would
  // spread writing them over the next minutes, through the measurements.
  await db.execute(sql`checkpoint`).catch((err: unknown) => {
    console.log(`  (no CHECKPOINT after generating: ${err instanceof Error ? err.message : String(err)})`);
  });
}

/**
 * Adds `responses` more generated responses, spread over the generated contractors as the first
 * ones were (the bench's second size: lists measured at --compare-at, then at --responses), and
 * gathers planner statistics again.
 */
export async function growResponses(db: Db, responses: number): Promise<GeneratedStep> {
  const started = performance.now();
  const admin = await benchAdmin(db);
  const contractorRows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(like(users.email, 'bench.contractor%@demo.test'))
    .orderBy(asc(users.email));
  const categoryRows = await db
    .select({ id: assessCategories.id })
    .from(assessCategories)
    .where(and(eq(assessCategories.organisationId, admin.organisationId), like(assessCategories.name, 'Bench Category %')))
    .orderBy(asc(assessCategories.name));
  const questionRows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.organisationId, admin.organisationId), like(questions.questText, 'Bench question %')))
    .orderBy(asc(questions.createdAt), asc(questions.id));
  const ctx = benchContext(
    db,
    admin,
    { size: contractorRows.length, responses, passwordHash: '' },
    {
      contractorIds: contractorRows.map((r) => r.id),
      contractorNames: contractorRows.map((r) => r.name),
      categoryIds: categoryRows.map((r) => r.id),
      questionIds: questionRows.map((r) => r.id),
    },
  );
  const rows = await generatedResponses.run(ctx);
  await atRest(db);
  return { name: `responses (+${responses}), vacuum and analyze`, rows, ms: Math.round(performance.now() - started) };
}
