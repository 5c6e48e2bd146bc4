import { sql } from 'drizzle-orm';
import { DocType } from '@palisade/domain/learning/learning.rules';
import { UserType } from '@palisade/domain/user-types';
import { learningDocuments, learningMonthSeconds, learningProgress, users } from '@palisade/server/db/schema';
import { learningRepository } from '@palisade/server/modules/learning/learning.repository';
import type { GenerateContext, GeneratorStep } from './generate';

/** Employees and learning progress of the bench data set (issue 15's target: p99 ≤ 50 ms at this size). */
export const BENCH_EMPLOYEES = 5_000;
export const BENCH_LEARNING_DOCS = 40;
export const BENCH_PROGRESS_ROWS = 200_000;
/** Progress rows inserted per statement. */
const PROGRESS_CHUNK = 20_000;

/**
 * BENCH_EMPLOYEES employees of the organisation spread round-robin over the generated contractors,
 * BENCH_LEARNING_DOCS learning documents (Youtube links: no file to store), and
 * BENCH_PROGRESS_ROWS progress rows spread over the employees and documents (each employee on
 * BENCH_PROGRESS_ROWS / BENCH_EMPLOYEES documents), their updates evenly over the last 365 days;
 * then the month sums and the employees' sums rebuilt from the rows. Written by INSERT … SELECT over generate_series.
 */
export const generatedLearning: GeneratorStep = {
  name: 'employees and learning progress',
  async run(ctx: GenerateContext) {
    if (ctx.contractorIds.length === 0) return 0;
    const ids = sql.param(ctx.contractorIds);
    const n = ctx.contractorIds.length;
    await ctx.db.execute(sql`
      insert into ${users} (id, type, email, password_hash, name, organisation_id, contractor_id)
      select 'bench-employee-' || g, ${UserType.EMPLOYEE}, 'bench.employee' || lpad(g::text, 5, '0') || '@demo.test', ${ctx.passwordHash},
        'Bench Employee ' || lpad(g::text, 5, '0'), ${ctx.organisationId}, (${ids}::text[])[1 + g % ${n}]
      from generate_series(1, ${BENCH_EMPLOYEES}::int) g`);
    await ctx.db.execute(sql`
      insert into ${learningDocuments} (id, organisation_id, topic, subcat, title, description, type, rewards, total_time, item_url, ready,
        creator_id, creator_type, creator_name, created_at)
      select 'bench-learning-' || g, ${ctx.organisationId}, (array['Safety','Environment','Corona Virus'])[1 + g % 3], 'Testing',
        'Bench module ' || g, 'Bench learning module ' || g, ${DocType.YOUTUBE}, 10, 600, 'https://www.youtube.com/embed/aqz-KE-bpKQ', true,
        ${ctx.adminId}, ${UserType.ORGANISATION}, 'Bench admin', now() - interval '400 days' + make_interval(secs => g)
      from generate_series(1, ${BENCH_LEARNING_DOCS}::int) g`);
    const perEmployee = Math.ceil(BENCH_PROGRESS_ROWS / BENCH_EMPLOYEES);
    for (let from = 0; from < BENCH_PROGRESS_ROWS; from += PROGRESS_CHUNK) {
      const to = Math.min(BENCH_PROGRESS_ROWS, from + PROGRESS_CHUNK) - 1;
      // Row g: employee 1 + g / perEmployee, document 1 + g % perEmployee (distinct per employee).
      await ctx.db.execute(sql`
        insert into ${learningProgress} (doc_id, user_id, organisation_id, contractor_id, seconds, completed, completed_at, updated_at)
        select 'bench-learning-' || (1 + g % ${perEmployee}), 'bench-employee-' || (1 + g / ${perEmployee}), ${ctx.organisationId},
          (${ids}::text[])[1 + ((1 + g / ${perEmployee}) % ${n})], 60 + (g * 37) % 1200, g % 3 <> 0,
          case when g % 3 <> 0 then now() - make_interval(secs => (g * 157) % 31536000) end,
          now() - make_interval(secs => (g * 157) % 31536000)
        from generate_series(${from}::int, ${to}::int) g`);
    }
    await ctx.db.execute(sql`delete from ${learningMonthSeconds} where organisation_id = ${ctx.organisationId}`);
    await ctx.db.execute(sql`
      insert into ${learningMonthSeconds} (organisation_id, month, contractor_id, seconds)
      select organisation_id, date_trunc('month', updated_at at time zone 'UTC')::date, contractor_id, sum(seconds)
      from ${learningProgress} where organisation_id = ${ctx.organisationId} group by 1, 2, 3`);
    await learningRepository.rebuildOrganisationMonths(ctx.db, ctx.organisationId);
    await learningRepository.rebuildEmployeeTotals(ctx.db, ctx.organisationId);
    return BENCH_EMPLOYEES + BENCH_LEARNING_DOCS + BENCH_PROGRESS_ROWS;
  },
};
