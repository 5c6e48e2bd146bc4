import { eq } from 'drizzle-orm';
import { UserType } from '@palisade/domain/user-types';
import type { Db, Tx } from '../db/client';
import { userOrganisations, users } from '../db/schema';
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
  contractorIds: string[];
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

/** Run in order; later issues append steps (assessments, responses, …) that use --size too. */
export const generatorSteps: GeneratorStep[] = [contractors];

/** Adds the generated data set on top of the demo seed. */
export async function generate(db: Db, size: number): Promise<GeneratedStep[]> {
  const [admin] = await db
    .select({ organisationId: users.organisationId })
    .from(users)
    .where(eq(users.email, BENCH_ORGANISATION_ADMIN));
  if (!admin?.organisationId)
    throw new Error(`The demo seed has no ${BENCH_ORGANISATION_ADMIN} with an organisation`);
  const ctx: GenerateContext = {
    db,
    size,
    passwordHash: await hashPassword(DEMO_PASSWORD),
    organisationId: admin.organisationId,
    contractorIds: [],
  };
  const report: GeneratedStep[] = [];
  for (const step of generatorSteps) {
    const started = performance.now();
    const rows = await step.run(ctx);
    report.push({ name: step.name, rows, ms: Math.round(performance.now() - started) });
  }
  return report;
}
