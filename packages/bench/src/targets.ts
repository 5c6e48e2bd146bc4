/**
 * The targets of issue 63 ("At 1 000 contractors", Calls) and issue 58's trend reply, each checked
 * against a backend's figures and printed with its target and whether the run met it.
 */
import type { Measurement } from './measure';

/** A list call's p99 at the two sizes (bench.ts compareRows). */
export interface ComparedList {
  name: string;
  ratio: number;
}

/** What one backend's run measured that the targets read. */
export interface TargetInputs {
  /** 'PGlite' or 'PostgreSQL': the RSS target differs. */
  kind: 'pglite' | 'postgres';
  results: readonly Measurement[];
  /** SELECT 1's median sample (req/s). */
  select1: number;
  /** The lists' ratios of p99 (empty when --compare-at was not below --responses). */
  compare: readonly ComparedList[];
  /** The server's RSS after the run, at its last request (bytes). */
  rssAfterRun: number;
  /** The responses the run was at (the ratios' targets are issue 63's at 200 000). */
  responses: number;
}

/** One target: what was measured against what was asked, and whether it was met. */
export interface TargetCheck {
  what: string;
  measured: string;
  target: string;
  met: boolean;
}

/** The most a list's p99 may grow from --compare-at to --responses. */
export const MAX_LIST_RATIO = 1.5;
/** updateSectionInResponse: at least this share of SELECT 1's req/s, and at most this p99 (PostgreSQL). */
export const SAVE_MIN_SHARE = 0.1;
export const SAVE_MAX_P99_MS = 30;
/** The Employee Learning table's search at 5 000 employees. */
export const LEARNING_SEARCH_MAX_P99_MS = 20;
/** The contractor's trend reply (issue 58) at 200 000 responses. */
export const TREND_MAX_P99_MS = 20;
/** The server's RSS after the whole run. */
export const MAX_RSS_BYTES = { postgres: 250 * 1024 * 1024, pglite: 400 * 1024 * 1024 } as const;

/** The lists whose ratio issue 63 names. */
const RATIO_LISTS = [
  'assessment/responses/getResponsesByContractorId',
  'assessment/responses/getTotalScoresOfContrsInCompany',
  'admin/leaderboard',
  'admin/leaderboard contractor',
];

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** Each of issue 63's targets this run measured, met or not; a call the run skipped (--only) is left out. */
export function checkTargets(x: TargetInputs): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const save = x.results.find((m) => m.name === 'write responses/updateSectionInResponse');
  if (save) {
    const share = x.select1 > 0 ? save.reqPerSec / x.select1 : 0;
    checks.push({
      what: 'updateSectionInResponse vs select1',
      measured: `${(share * 100).toFixed(1)} %`,
      target: `≥ ${(SAVE_MIN_SHARE * 100).toFixed(0)} %`,
      met: share >= SAVE_MIN_SHARE,
    });
    checks.push({ what: 'updateSectionInResponse p99', measured: `${save.p99Ms.toFixed(1)} ms`, target: `≤ ${SAVE_MAX_P99_MS} ms`, met: save.p99Ms <= SAVE_MAX_P99_MS });
  }
  for (const list of RATIO_LISTS) {
    const row = x.compare.find((c) => c.name === `${list} spread`) ?? x.compare.find((c) => c.name === `${list} hot`);
    if (!row) continue;
    checks.push({ what: `${row.name} p99 ratio`, measured: row.ratio.toFixed(2), target: `≤ ${MAX_LIST_RATIO}`, met: row.ratio <= MAX_LIST_RATIO });
  }
  for (const m of x.results.filter((r) => r.name.startsWith('company/fetchLearningTable search'))) {
    checks.push({ what: `${m.name} p99`, measured: `${m.p99Ms.toFixed(1)} ms`, target: `≤ ${LEARNING_SEARCH_MAX_P99_MS} ms`, met: m.p99Ms <= LEARNING_SEARCH_MAX_P99_MS });
  }
  for (const m of x.results.filter((r) => r.name.startsWith('trends/getContractorTrend'))) {
    checks.push({ what: `${m.name} p99`, measured: `${m.p99Ms.toFixed(1)} ms`, target: `≤ ${TREND_MAX_P99_MS} ms`, met: m.p99Ms <= TREND_MAX_P99_MS });
  }
  const maxRss = MAX_RSS_BYTES[x.kind];
  checks.push({ what: 'server RSS after the run', measured: mb(x.rssAfterRun), target: `≤ ${mb(maxRss)}`, met: x.rssAfterRun > 0 && x.rssAfterRun <= maxRss });
  return checks;
}

/** The targets' lines: each with its figure, its target and MET or MISSED. */
export function formatTargets(checks: readonly TargetCheck[], x: Pick<TargetInputs, 'kind' | 'responses'>): string[] {
  if (checks.length === 0) return [];
  const width = Math.max(...checks.map((c) => c.what.length));
  const measuredWidth = Math.max(...checks.map((c) => c.measured.length));
  return [
    `issue 63's targets (${x.kind === 'postgres' ? 'the save\'s are PostgreSQL\'s' : 'the save\'s are set for PostgreSQL'}; the ratios are set for 2 000 → 200 000 responses, this run went to ${x.responses}):`,
    ...checks.map((c) => `  ${c.what.padEnd(width)}  ${c.measured.padStart(measuredWidth)}  target ${c.target.padEnd(8)}  ${c.met ? 'met' : 'MISSED'}`),
  ];
}
