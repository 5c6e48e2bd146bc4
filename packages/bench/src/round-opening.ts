import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import { addMonths, roundLabel } from '@palisade/domain/recurrence/recurrence.rules';
import type { Db } from '@palisade/server/db/client';
import { systemClock } from '@palisade/server/lib/clock';
import { createNotificationsService } from '@palisade/server/modules/notifications/notifications.service';
import { createRoundSweep } from '@palisade/server/modules/recurrence/round-sweep';
import { createProcessBus } from '@palisade/server/realtime/bus';
import { DEMO_PASSWORD, seedDemo } from '@palisade/server/seed/demo';
import { hashPassword } from '@palisade/server/lib/passwords';
import { openPostgres, redactUrl } from './backends';
import { benchAdmin, benchContext, generatorSteps } from './generate';

/** Issue 58: opening the rounds of RECURRING assessments for CONTRACTORS contractors takes at most this on PostgreSQL. */
export const ROUND_OPENING_MAX_MS = 5000;
const RECURRING = 10;
const CONTRACTORS = 1000;

export interface RoundOpeningResult {
  assessments: number;
  contractors: number;
  /** The responses the sweep made (one per assessment and contractor). */
  responses: number;
  ms: number;
}

/**
 * Times the round sweep (as an instance runs it) opening round 2 of RECURRING of the bench
 * organisation's assessments, each shared with CONTRACTORS of its generated contractors: the
 * sharing and the recurrences (due today) are written first, then one sweep run is timed. It adds
 * RECURRING × CONTRACTORS responses: run it after the calls are measured.
 */
export async function benchRoundOpening(db: Db): Promise<RoundOpeningResult> {
  const { organisationId, id: adminId } = await benchAdmin(db);
  const today = isoDay(new Date());
  const startsOn = addMonths(today, -3);
  const picked = await db.execute(sql`
    select a.id from assessments a
    where a.organisation_id = ${organisationId} and exists (select 1 from assessment_sections s where s.assessment_id = a.id)
      and not exists (select 1 from assessment_recurrences r where r.assessment_id = a.id)
    order by a.created_at limit ${RECURRING}`);
  const ids = ((picked as { rows?: { id: string }[] }).rows ?? []).map((r) => r.id);
  for (const id of ids) {
    await db.execute(sql`
      insert into assessment_contractors (assessment_id, contractor_id)
      select ${id}, u.id from users u join user_organisations uo on uo.user_id = u.id and uo.organisation_id = ${organisationId}
      where u.type = 3 and u.deleted_at is null and u.email like 'bench.contractor%'
      order by u.email limit ${CONTRACTORS}
      on conflict do nothing`);
    await db.execute(sql`
      insert into assessment_recurrences (assessment_id, organisation_id, interval_months, starts_on, window_days, next_round_on, updated_by)
      values (${id}, ${organisationId}, 3, ${startsOn}, 30, ${today}, ${adminId})`);
    await db.execute(sql`
      insert into assessment_rounds (assessment_id, round_number, organisation_id, label, starts_on, due_date, opened_at)
      values (${id}, 1, ${organisationId}, ${roundLabel(startsOn, 3)}, ${startsOn}, ${startsOn}, now())`);
  }
  await db.execute(sql`analyze assessment_contractors`);
  const bus = createProcessBus();
  try {
    const notifier = createNotificationsService({ db, publicUrl: 'http://localhost:3000', bus, clock: systemClock });
    const sweep = createRoundSweep({ db, clock: systemClock, notifier });
    const started = performance.now();
    const opened = await sweep.sweep();
    const ms = performance.now() - started;
    return { assessments: opened.length, contractors: CONTRACTORS, responses: opened.reduce((n, o) => n + o.responses, 0), ms };
  } finally {
    await bus.close();
  }
}

export function formatRoundOpening(r: RoundOpeningResult): string {
  const met = r.ms <= ROUND_OPENING_MAX_MS;
  return `  round opening: ${r.assessments} recurring assessments × ${r.contractors} contractors, ${r.responses} responses made (sections, questions, timeline, notifications) in ${r.ms.toFixed(0)} ms (target ≤ ${ROUND_OPENING_MAX_MS} ms): ${met ? 'met' : 'NOT MET'}`;
}

/**
 * Alone: `npx tsx packages/bench/src/round-opening.ts [--pg URL]` (default $BENCH_DATABASE_URL):
 * a new PostgreSQL database, migrated and seeded, with the bench's contractors and assessments,
 * then the timed sweep; the database is dropped at the end.
 */
async function main(): Promise<void> {
  const i = process.argv.indexOf('--pg');
  const url = (i >= 0 ? process.argv[i + 1] : undefined) ?? process.env.BENCH_DATABASE_URL;
  if (!url) throw new Error('--pg URL (or BENCH_DATABASE_URL) is needed: the target is on PostgreSQL');
  const backend = await openPostgres(url);
  try {
    const db = backend.database.db;
    await backend.database.migrate();
    await seedDemo(db);
    const ctx = benchContext(db, await benchAdmin(db), { size: CONTRACTORS, responses: 0, passwordHash: await hashPassword(DEMO_PASSWORD) });
    for (const step of generatorSteps.filter((s) => ['contractors', 'categories and questions', 'assessments'].includes(s.name))) await step.run(ctx);
    await db.execute(sql`analyze`);
    console.log(`PostgreSQL (${redactUrl(backend.databaseUrl ?? url)})`);
    console.log(formatRoundOpening(await benchRoundOpening(db)));
  } finally {
    await backend.dispose();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exitCode = 1;
  });
}
