import { sql } from 'drizzle-orm';
import { DEFAULT_REMINDER_DAYS } from '@palisade/domain/compliance/compliance.rules';
import { complianceCurrent, complianceDocuments, complianceRequirements, organisations } from '@palisade/server/db/schema';
import type { GenerateContext, GeneratorStep } from './generate';

/** Requirements of each organisation of the compliance data set (issue 57's matrix: 1 000 × 20). */
export const BENCH_REQUIREMENTS = 20;
/**
 * Organisations holding compliance documents of the generated contractors: the bench organisation
 * (the matrix measured) and five more, so that the reminder sweep, which reads every organisation's,
 * runs over BENCH_COMPLIANCE_ORGANISATIONS × 20 × --size cells, nine in ten with a document (108 000
 * documents at --size 1000: issue 57 asks for the sweep over 100 000).
 */
export const BENCH_COMPLIANCE_ORGANISATIONS = 6;
const BENCH_FILE = {
  fileName: 'certificate.pdf',
  filePath: 'bench/compliance/certificate.pdf',
  fileLink: '/api/files/bench/compliance/certificate.pdf',
  fileSize: 2048,
  fileType: 'application/pdf',
};

/** The ids of the extra organisations (the first is the bench organisation itself). */
export function complianceOrganisationIds(benchOrganisationId: string): string[] {
  return [benchOrganisationId, ...Array.from({ length: BENCH_COMPLIANCE_ORGANISATIONS - 1 }, (_, i) => `bench-compliance-org-${i + 2}`)];
}

/**
 * Issue 57's data set: per organisation BENCH_REQUIREMENTS requirements for all contractors (15
 * mandatory, the last one without expiry), and per generated contractor and requirement one
 * document: of every ten cells seven accepted (expiry spread from 60 days ago to two years on, so
 * that each day holds some reminders), one awaiting review, one rejected, one missing. Each
 * document's row in compliance_current as the service keeps it. INSERT … SELECT over
 * generate_series: 100 000 documents in a few seconds.
 */
export const generatedCompliance: GeneratorStep = {
  name: 'compliance documents',
  async run(ctx: GenerateContext) {
    const n = ctx.contractorIds.length;
    if (n === 0) return 0;
    const ids = sql.param(ctx.contractorIds);
    const orgs = complianceOrganisationIds(ctx.organisationId);
    let rows = 0;
    for (const [o, org] of orgs.entries()) {
      if (o > 0) {
        await ctx.db
          .insert(organisations)
          .values({ id: org, name: `Bench Compliance Organisation ${o + 1}` })
          .onConflictDoNothing();
      }
      const prefix = `bench-req-${o + 1}-`;
      await ctx.db.execute(sql`
        insert into ${complianceRequirements} (id, organisation_id, name, description, scope, mandatory, expires, reminder_days, reviewer, created_by)
        select ${prefix} || r, ${org}, 'Bench requirement ' || lpad(r::text, 2, '0'), 'Generated for the benchmark', 'ALL',
          r <= 15, r < ${BENCH_REQUIREMENTS}, ${sql.param([...DEFAULT_REMINDER_DAYS])}::int[], 'ORGANISATION', ${ctx.adminId}
        from generate_series(1, ${BENCH_REQUIREMENTS}::int) r`);
      // Cell g: contractor 1 + g / 20, requirement 1 + g % 20; kind = g * 7 % 10 (0..6 accepted, 7 submitted, 8 rejected, 9 missing).
      await ctx.db.execute(sql`
        insert into ${complianceDocuments} (id, requirement_id, organisation_id, contractor_id, issue_date, expiry_date, reference, file, state,
          uploaded_by, uploader_name, reviewed_by, reviewer_name, reviewer_type, reviewed_at, remark, created_at)
        select 'bench-doc-' || ${o + 1} || '-' || g, ${prefix} || (1 + g % ${BENCH_REQUIREMENTS}), ${org}, c.id,
          current_date - 400, case when 1 + g % ${BENCH_REQUIREMENTS} = ${BENCH_REQUIREMENTS} then null else current_date - 60 + (g * 7919) % 790 end,
          'REF-' || g, ${JSON.stringify(BENCH_FILE)}::jsonb,
          case when (g * 7) % 10 < 7 then 'ACCEPTED' when (g * 7) % 10 = 7 then 'SUBMITTED' else 'REJECTED' end,
          c.id, 'Bench contractor', case when (g * 7) % 10 = 7 then null else ${ctx.adminId} end,
          case when (g * 7) % 10 = 7 then null else 'Bench admin' end, case when (g * 7) % 10 = 7 then null else 2 end,
          case when (g * 7) % 10 = 7 then null else now() - interval '300 days' end,
          case when (g * 7) % 10 = 8 then 'The policy number is not readable' else '' end, now() - interval '350 days'
        from generate_series(0, ${n * BENCH_REQUIREMENTS - 1}::int) g
        cross join lateral (select (${ids}::text[])[1 + g / ${BENCH_REQUIREMENTS}] as id) c
        where (g * 7) % 10 <> 9`);
      await ctx.db.execute(sql`
        insert into ${complianceCurrent} (requirement_id, contractor_id, organisation_id, document_id, state, expiry_date)
        select requirement_id, contractor_id, organisation_id, id, state, expiry_date from ${complianceDocuments}
        where organisation_id = ${org} and id like ${`bench-doc-${o + 1}-%`}`);
      const [count] = (
        (await ctx.db.execute(sql`select count(*)::int as n from ${complianceDocuments} where organisation_id = ${org}`)) as { rows?: { n: number }[] }
      ).rows ?? [];
      rows += BENCH_REQUIREMENTS + (count?.n ?? 0);
    }
    return rows;
  },
};
