import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { percentile } from './percentile';
import { rssBytes, signInAs, spawnServer, type SpawnedServer } from './spawn-server';

/**
 * `npm run bench -- --load N`: N simulated users of the three roles (6 in 10 contractors, 1 in 4
 * organisation admins, the rest auditors, each with a session of its own) each load their home's
 * calls one after another, with no pause, for the given seconds, against `npm start`'s server in
 * a process of its own (the compiled server, as npm start runs it: its RSS is what users get);
 * meanwhile /api/health is asked every 100 ms and the server's RSS read.
 */
export const LOAD_TARGETS = {
  pglite: { errors: 0, maxMs: 10_000, healthMs: 200, rssBytes: 450 * 1024 * 1024 },
  postgres: { errors: 0, p99Ms: 1000 },
} as const;

/** A request of a role's home, built from what the role's own profile and lists say. */
interface Step {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

interface VirtualUser {
  role: 'contractor' | 'organisation' | 'auditor';
  cookie: string;
  steps: Step[];
}

export interface LoadReport {
  backend: string;
  users: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  /** Failures by status (0: no reply within 30 s, or the connection failed). */
  errorsByStatus: Record<string, number>;
  worstHealthMs: number;
  rssMaxBytes: number | null;
  rssIdleBytes: number | null;
}

const CONTRACTORS = ['contractor1@demo.test', 'contractor2@demo.test', 'contractor3@demo.test'];
const AUDITORS = ['auditor1@demo.test'];
const ADMINS = ['admin@demo.test'];
/** A reply that takes longer than this counts as an error (no reply). */
const REQUEST_TIMEOUT_MS = 30_000;

async function call(baseUrl: string, cookie: string, step: Step): Promise<{ status: number; ms: number; body: unknown }> {
  const started = performance.now();
  try {
    const res = await fetch(`${baseUrl}${step.path}`, {
      method: step.method,
      headers: { cookie, ...(step.method === 'POST' ? { 'content-type': 'application/json' } : {}), 'accept-encoding': 'br, gzip' },
      body: step.method === 'POST' ? JSON.stringify(step.body ?? {}) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body: unknown = await res.json().catch(() => null);
    return { status: res.status, ms: performance.now() - started, body };
  } catch {
    return { status: 0, ms: performance.now() - started, body: null };
  }
}

interface Envelope<T> {
  data: T;
}

/** Each role's home calls, with the ids of the demo data read through the API as the app does. */
async function stepsFor(baseUrl: string, role: VirtualUser['role'], cookie: string): Promise<Step[]> {
  const me = (await call(baseUrl, cookie, { method: 'GET', path: '/api/auth/me' })).body as Envelope<{ _id: string; cmp_id: string }>;
  const companyId = me.data.cmp_id;
  // The homes' leaderboard card and position card: the top 5, a page from the server.
  const leaderboard: Step = { method: 'GET', path: `/api/admin/leaderboard?cmp_id=${encodeURIComponent(companyId)}&page=1&pageSize=${DASHBOARD_LIST_ROWS}` };
  if (role === 'contractor') {
    const list = (await call(baseUrl, cookie, { method: 'POST', path: '/api/assessment/responses/getResponsesByContractorId', body: { contractorId: me.data._id, include: { assessment: true } } })).body as Envelope<{ _id: string }[]>;
    const responses = list.data.map((r) => r._id);
    return [
      { method: 'GET', path: '/api/auth/me' },
      { method: 'POST', path: '/api/assessment/responses/getResponsesByContractorId', body: { contractorId: me.data._id, include: { assessment: true } } },
      ...responses.slice(0, 3).map((responseId): Step => ({ method: 'POST', path: '/api/assessment/responses/getResponseById', body: { responseId } })),
      leaderboard,
      { method: 'POST', path: '/api/dashboard/getEngagement', body: { companyId } },
    ];
  }
  if (role === 'auditor') {
    return [
      { method: 'GET', path: '/api/auth/me' },
      { method: 'POST', path: '/api/assessment/responses/getResponsesByCompanyIds', body: { companyIds: [companyId], status: 'SUBMITTED', pageSize: 50 } },
      leaderboard,
      { method: 'POST', path: '/api/assessment/responses/getTotalScoresOfContrsInCompany', body: { companyId } },
    ];
  }
  const today = new Date();
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0)).toISOString().slice(0, 10);
  return [
    { method: 'GET', path: '/api/auth/me' },
    { method: 'POST', path: '/api/assessment/responses/getESGOForAllContractors', body: { companyId } },
    { method: 'POST', path: '/api/assessment/responses/getCapPerformanceData', body: { from, to, companyId } },
    { method: 'POST', path: '/api/dashboard/getAssessmentStatusCounts', body: { companyId } },
    { method: 'POST', path: '/api/dashboard/getPendingTasks', body: { companyId, limit: 5 } },
    leaderboard,
    { method: 'POST', path: '/api/assessment/responses/getResponsesByCompanyIds', body: { companyIds: [companyId], include: { assessment: true }, sort: 'NTO', page: 1, pageSize: 50 } },
  ];
}

async function runLoad(server: SpawnedServer, backend: string, users: number, seconds: number): Promise<LoadReport> {
  const { baseUrl } = server;
  const pid = server.child.pid ?? 0;
  const rssIdleBytes = rssBytes(pid);

  // Sessions first (sign-in is argon2 work, not what is measured), a few at a time.
  const vus: VirtualUser[] = [];
  for (let i = 0; i < users; i += 1) {
    const role: VirtualUser['role'] = i % 20 < 12 ? 'contractor' : i % 20 < 17 ? 'organisation' : 'auditor';
    const pool = role === 'contractor' ? CONTRACTORS : role === 'auditor' ? AUDITORS : ADMINS;
    const cookie = await signInAs(baseUrl, pool[i % pool.length] ?? '');
    vus.push({ role, cookie, steps: [] });
  }
  for (const vu of vus) vu.steps = await stepsFor(baseUrl, vu.role, vu.cookie);

  const latencies: number[] = [];
  const errorsByStatus: Record<string, number> = {};
  let worstHealthMs = 0;
  let rssMaxBytes = rssIdleBytes;
  const until = performance.now() + seconds * 1000;
  let running = true;

  const probe = (async () => {
    while (running) {
      const started = performance.now();
      await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then(
        (r) => r.arrayBuffer(),
        () => null,
      );
      worstHealthMs = Math.max(worstHealthMs, performance.now() - started);
      const rss = rssBytes(pid);
      if (rss !== null) rssMaxBytes = Math.max(rssMaxBytes ?? 0, rss);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  await Promise.all(
    vus.map(async (vu, i) => {
      let step = i % Math.max(1, vu.steps.length);
      while (performance.now() < until && vu.steps.length > 0) {
        const s = vu.steps[step % vu.steps.length];
        step += 1;
        if (!s) continue;
        const { status, ms } = await call(baseUrl, vu.cookie, s);
        latencies.push(ms);
        if (status !== 200) errorsByStatus[String(status)] = (errorsByStatus[String(status)] ?? 0) + 1;
      }
    }),
  );
  running = false;
  await probe;

  const sorted = [...latencies].sort((a, b) => a - b);
  const errors = Object.values(errorsByStatus).reduce((a, b) => a + b, 0);
  return {
    backend,
    users,
    seconds,
    requests: latencies.length,
    reqPerSec: Math.round(latencies.length / seconds),
    p50Ms: Math.round(percentile(sorted, 50) || 0),
    p99Ms: Math.round(percentile(sorted, 99) || 0),
    maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
    errors,
    errorsByStatus,
    worstHealthMs: Math.round(worstHealthMs),
    rssMaxBytes,
    rssIdleBytes,
  };
}

/** The load run on PGlite (npm start's default) and, given a URL, on a new PostgreSQL database. */
export async function benchLoad(root: string, opts: { users: number; seconds: number; pgUrl?: string; pgOnly?: boolean; createDatabase: (url: string) => Promise<{ url: string; drop: () => Promise<void> }> }): Promise<LoadReport[]> {
  const reports: LoadReport[] = [];
  if (!opts.pgOnly) {
    process.stdout.write(`  load on PGlite: ${opts.users} users for ${opts.seconds} s…\n`);
    const server = await spawnServer(root);
    try {
      reports.push(await runLoad(server, 'PGlite', opts.users, opts.seconds));
    } finally {
      await server.stop();
    }
  }
  if (opts.pgUrl) {
    process.stdout.write(`  load on PostgreSQL: ${opts.users} users for ${opts.seconds} s…\n`);
    const database = await opts.createDatabase(opts.pgUrl);
    try {
      const server = await spawnServer(root, { databaseUrl: database.url });
      try {
        reports.push(await runLoad(server, 'PostgreSQL', opts.users, opts.seconds));
      } finally {
        await server.stop();
      }
    } finally {
      await database.drop();
    }
  }
  return reports;
}

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : `${Math.round(bytes / 1024 / 1024)} MB`);

export function formatLoad(reports: LoadReport[]): string[] {
  const lines = [
    `Load (simulated users of the three roles, no pause; targets on PGlite: 0 errors, max ≤ ${LOAD_TARGETS.pglite.maxMs} ms, health ≤ ${LOAD_TARGETS.pglite.healthMs} ms, RSS ≤ ${mb(LOAD_TARGETS.pglite.rssBytes)}; on PostgreSQL: 0 errors, p99 ≤ ${LOAD_TARGETS.postgres.p99Ms} ms)`,
    `  ${'backend'.padEnd(11)} ${'users'.padStart(5)} ${'req/s'.padStart(6)} ${'p50'.padStart(7)} ${'p99'.padStart(8)} ${'max'.padStart(8)} ${'errors'.padStart(6)} ${'health max'.padStart(10)} ${'RSS idle→max'.padStart(16)}`,
  ];
  for (const r of reports) {
    const t = r.backend === 'PGlite' ? LOAD_TARGETS.pglite : null;
    const misses =
      t !== null
        ? [r.errors > t.errors && 'errors', r.maxMs > t.maxMs && 'max', r.worstHealthMs > t.healthMs && 'health', (r.rssMaxBytes ?? 0) > t.rssBytes && 'RSS'].filter(Boolean)
        : [r.errors > LOAD_TARGETS.postgres.errors && 'errors', r.p99Ms > LOAD_TARGETS.postgres.p99Ms && 'p99'].filter(Boolean);
    lines.push(
      `  ${r.backend.padEnd(11)} ${String(r.users).padStart(5)} ${String(r.reqPerSec).padStart(6)} ${`${r.p50Ms} ms`.padStart(7)} ${`${r.p99Ms} ms`.padStart(8)} ${`${r.maxMs} ms`.padStart(8)} ${String(r.errors).padStart(6)} ${`${r.worstHealthMs} ms`.padStart(10)} ${`${mb(r.rssIdleBytes)}→${mb(r.rssMaxBytes)}`.padStart(16)}  ${misses.length === 0 ? 'meets the targets' : `MISSES ${misses.join(', ')}`}${r.errors > 0 ? `  (errors by status: ${JSON.stringify(r.errorsByStatus)})` : ''}`,
    );
  }
  return lines;
}
