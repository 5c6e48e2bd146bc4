import { eq } from 'drizzle-orm';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import { ANSWER_TYPES, AnswerType, AssessmentStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db, Tx } from '../db/client';
import {
  assessCategories,
  assessmentContractors,
  assessments,
  assessmentSectionQuestions,
  assessmentSections,
  assessmentTimeline,
  questions,
  userOrganisations,
  users,
} from '../db/schema';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { DEMO_PASSWORD } from '../seed/demo';

/** The organisation the generated data belongs to: the demo seed's "Demo Gas Ltd". */
export const BENCH_ORGANISATION_ADMIN = 'admin@demo.test';
/** Rows per INSERT: well below PostgreSQL's 65,535 parameters for the widest table. */
const BATCH = 500;

/** What the steps share; a step may add the ids it created for the steps after it. */
export interface GenerateContext {
  db: Db;
  /** The --size flag. */
  size: number;
  /** One argon2 hash of DEMO_PASSWORD for every generated account (hashing is slow by design). */
  passwordHash: string;
  organisationId: string;
  /** The organisation's admin (creator of generated assessments). */
  adminId: string;
  contractorIds: string[];
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

/** Inserts rows in batches of BATCH, in one transaction. */
export async function insertBatched<T>(
  db: Db,
  rows: T[],
  insert: (tx: Tx, batch: T[]) => Promise<unknown>,
): Promise<void> {
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += BATCH) await insert(tx, rows.slice(i, i + BATCH));
  });
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

/** size / 4 assessments of 5 sections × 10 questions, each shared with 5 contractors. */
const authoredAssessments: GeneratorStep = {
  name: 'assessments',
  async run(ctx) {
    const count = Math.max(1, Math.floor(ctx.size / 4));
    const base = Date.now() - count * 60_000;
    const heads: (typeof assessments.$inferInsert)[] = [];
    const sections: (typeof assessmentSections.$inferInsert)[] = [];
    const items: (typeof assessmentSectionQuestions.$inferInsert)[] = [];
    const shares: (typeof assessmentContractors.$inferInsert)[] = [];
    const timeline: (typeof assessmentTimeline.$inferInsert)[] = [];
    for (let a = 0; a < count; a += 1) {
      const id = newId();
      const at = new Date(base + a * 60_000);
      heads.push({
        id,
        organisationId: ctx.organisationId,
        name: `Bench Assessment ${String(a + 1).padStart(5, '0')}`,
        dueDate: isoDay(new Date(Date.now() + (30 + (a % 60)) * 24 * 60 * 60 * 1000)),
        status: AssessmentStatus.NEW,
        creatorId: ctx.adminId,
        createdAt: at,
        updatedAt: at,
        lastAccessTime: at,
      });
      for (let s = 0; s < SECTIONS; s += 1) {
        const sectionId = newId();
        sections.push({
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
          items.push({
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
      const shared = new Set<string>();
      for (let c = 0; c < SHARED_WITH && ctx.contractorIds.length > 0; c += 1) {
        shared.add(ctx.contractorIds[(a * SHARED_WITH + c) % ctx.contractorIds.length] ?? '');
      }
      for (const contractorId of shared) shares.push({ assessmentId: id, contractorId });
      timeline.push({
        assessmentId: id,
        at,
        actorId: ctx.adminId,
        actorName: 'Dana Admin',
        status: AssessmentStatus.NEW,
        action: 'created',
      });
    }
    await insertBatched(ctx.db, heads, (tx, batch) => tx.insert(assessments).values(batch));
    await insertBatched(ctx.db, sections, (tx, batch) =>
      tx.insert(assessmentSections).values(batch),
    );
    await insertBatched(ctx.db, items, (tx, batch) =>
      tx.insert(assessmentSectionQuestions).values(batch),
    );
    await insertBatched(ctx.db, shares, (tx, batch) =>
      tx.insert(assessmentContractors).values(batch),
    );
    await insertBatched(ctx.db, timeline, (tx, batch) =>
      tx.insert(assessmentTimeline).values(batch),
    );
    return heads.length + sections.length + items.length + shares.length + timeline.length;
  },
};

/** Run in order; later issues append steps (responses, …) that use --size too. */
export const generatorSteps: GeneratorStep[] = [contractors, catalogue, authoredAssessments];

/** The demo admin the generated data belongs to, with its organisation. */
async function benchAdmin(db: Db): Promise<{ id: string; organisationId: string }> {
  const [admin] = await db
    .select({ id: users.id, organisationId: users.organisationId })
    .from(users)
    .where(eq(users.email, BENCH_ORGANISATION_ADMIN));
  if (!admin?.organisationId)
    throw new Error(`The demo seed has no ${BENCH_ORGANISATION_ADMIN} with an organisation`);
  return { id: admin.id, organisationId: admin.organisationId };
}

/** The organisation the generated data belongs to (for call bodies that name it). */
export async function benchOrganisationId(db: Db): Promise<string> {
  return (await benchAdmin(db)).organisationId;
}

/** Adds the generated data set on top of the demo seed. */
export async function generate(db: Db, size: number): Promise<GeneratedStep[]> {
  const admin = await benchAdmin(db);
  const ctx: GenerateContext = {
    db,
    size,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    organisationId: admin.organisationId,
    adminId: admin.id,
    contractorIds: [],
    categoryIds: [],
    questionIds: [],
  };
  const report: GeneratedStep[] = [];
  for (const step of generatorSteps) {
    const started = performance.now();
    const rows = await step.run(ctx);
    report.push({ name: step.name, rows, ms: Math.round(performance.now() - started) });
  }
  return report;
}
