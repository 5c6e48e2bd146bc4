import { describe, expect, it } from 'vitest';
import type { Measurement } from './measure';
import { checkTargets, formatTargets, type TargetInputs } from './targets';

const measured = (name: string, reqPerSec: number, p99Ms: number): Measurement => ({
  name,
  method: 'POST',
  path: '/api/x',
  baseline: false,
  reqPerSec,
  p50Ms: p99Ms / 2,
  p99Ms,
  requests: 1000,
  bytesPerReply: 500,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { '200': 1000 },
  acknowledged: 1000,
});

const MB = 1024 * 1024;

const inputs = (over: Partial<TargetInputs> = {}): TargetInputs => ({
  kind: 'postgres',
  results: [measured('write responses/updateSectionInResponse', 600, 25), measured('company/fetchLearningTable search spread', 900, 12)],
  select1: 5000,
  compare: [
    { name: 'assessment/responses/getResponsesByContractorId spread', ratio: 1.2 },
    { name: 'assessment/responses/getTotalScoresOfContrsInCompany spread', ratio: 1.1 },
    { name: 'admin/leaderboard spread', ratio: 0.9 },
    { name: 'admin/leaderboard contractor spread', ratio: 1.4 },
    { name: 'assessment/questions/getQuestionsByCompanyId spread', ratio: 3 },
  ],
  rssAfterRun: 200 * MB,
  responses: 200_000,
  ...over,
});

describe("issue 63's targets", () => {
  it('checks each against its figure: the save share and p99, the named lists\' ratios, the search p99 and the RSS', () => {
    const checks = checkTargets(inputs());
    expect(checks.map((c) => [c.what, c.measured, c.met])).toEqual([
      ['updateSectionInResponse vs select1', '12.0 %', true],
      ['updateSectionInResponse p99', '25.0 ms', true],
      ['assessment/responses/getResponsesByContractorId spread p99 ratio', '1.20', true],
      ['assessment/responses/getTotalScoresOfContrsInCompany spread p99 ratio', '1.10', true],
      ['admin/leaderboard spread p99 ratio', '0.90', true],
      ['admin/leaderboard contractor spread p99 ratio', '1.40', true],
      ['company/fetchLearningTable search spread p99', '12.0 ms', true],
      ['server RSS after the run', '200 MB', true],
    ]);
  });

  it('marks each one missed past its bound, and the RSS by the backend', () => {
    const missed = checkTargets(
      inputs({
        results: [measured('write responses/updateSectionInResponse', 400, 31), measured('company/fetchLearningTable search hot', 900, 21)],
        compare: [{ name: 'admin/leaderboard spread', ratio: 1.51 }],
        rssAfterRun: 251 * MB,
      }),
    );
    expect(missed.filter((c) => c.met)).toEqual([]);
    expect(missed).toHaveLength(5);
    expect(checkTargets(inputs({ kind: 'pglite', rssAfterRun: 399 * MB })).at(-1)?.met).toBe(true);
    expect(checkTargets(inputs({ kind: 'pglite', rssAfterRun: 401 * MB })).at(-1)?.met).toBe(false);
    // An RSS that could not be read is no pass.
    expect(checkTargets(inputs({ rssAfterRun: 0 })).at(-1)?.met).toBe(false);
    const lines = formatTargets(missed, { kind: 'postgres', responses: 20_000 });
    expect(lines[0]).toContain('20000');
    expect(lines.slice(1).every((l) => l.endsWith('MISSED'))).toBe(true);
  });
});
