import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type {
  AssessmentStatusCounts,
  EngagementReply,
  LeaderboardPage,
  LeaderboardReply,
  PendingTasksReply,
  PerformanceRow,
} from '@palisade/domain/dashboards/dashboard.schema';
import { seedDemoDashboards } from '../../seed/demo-dashboards';
import { createTestApp, type TestApp } from '../../test/test-app';

const R = '/api/assessment/responses';
const PERF = `${R}/getCapPerformanceData`;

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let otherContractor: string;
let auditor1: string;
let employee: string;
let demoOrg: string;
let otherOrg: string;
let c1Id: string;

const rows = <T>(query: SQL): Promise<T[]> => t.rows<T>(query);

/** The first and last day of the month `back` months before this one (UTC). */
function month(back: number): { from: string; to: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Performance recomputed in SQL: per contractor and location, completed in [from, to]. */
async function expectedPerformance(organisationId: string, from: string, to: string, extra: SQL = sql``) {
  const found = await rows<{ contractor_id: string; name: string; location: string | null; scored: string | number; total: string | number }>(sql`
    select r.contractor_id, u.name, u.location, sum(r.scored_marks) as scored, sum(r.total_marks) as total
    from responses r join users u on u.id = r.contractor_id
    where r.organisation_id = ${organisationId} and r.status = 'COMPLETED'
      and r.completed_at >= ${from}::date and r.completed_at < (${to}::date + 1) ${extra}
    group by r.contractor_id, u.name, u.location
    order by u.name, r.contractor_id`);
  return found.map((x) => ({ contractorId: x.contractor_id, contractorName: x.name, location: x.location, scored: Number(x.scored), total: Number(x.total) }));
}

/** The leaderboard recomputed: overall percent per contractor (2 decimals), best first, ties by name. */
async function expectedRanking(organisationId: string) {
  const found = await rows<{ contractor_id: string; name: string; scored: string | number; total: string | number }>(sql`
    select r.contractor_id, u.name, sum(r.scored_marks) as scored, sum(r.total_marks) as total
    from responses r join users u on u.id = r.contractor_id
    where r.organisation_id = ${organisationId} and r.status = 'COMPLETED'
    group by r.contractor_id, u.name`);
  return found
    .filter((x) => Number(x.total) > 0)
    .map((x) => ({ id: x.contractor_id, name: x.name, points: Math.round((Number(x.scored) / Number(x.total)) * 10000) / 100 }))
    .sort((a, b) => b.points - a.points || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

const bandOf = (p: number) => (p >= 70 ? 'GREEN' : p >= 40 ? 'ORANGE' : 'RED');

/** 401 without a session; 403 for every cookie given. */
async function expectRefused(url: string, payload: unknown, cookies: string[]): Promise<void> {
  expect((await t.post(url, payload)).status).toBe(401);
  for (const cookie of cookies) expect((await t.post(url, payload, cookie)).status).toBe(403);
}

beforeAll(async () => {
  t = await createTestApp();
  // The two years of history that `npm start` seeds after the demo, and the rankings' rebuild
  // that follows (the background job's; this test app runs no sweep).
  await seedDemoDashboards(t.db);
  await t.services.rankings.rebuildDue();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  otherContractor = await t.signIn('contractor@other.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  employee = await t.signIn('employee1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  c1Id = await t.userId('contractor1@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('the seeded history', () => {
  it('holds two years of COMPLETED responses at three locations, in every band', async () => {
    const [x] = await rows<{ n: string | number; months: string | number; locations: string | number }>(sql`
      select count(*) as n, count(distinct date_trunc('month', r.completed_at)) as months, count(distinct u.location) as locations
      from responses r join users u on u.id = r.contractor_id
      where r.organisation_id = ${demoOrg} and r.status = 'COMPLETED' and r.completed_at is not null`);
    expect(Number(x?.n)).toBeGreaterThanOrEqual(144);
    expect(Number(x?.months)).toBeGreaterThanOrEqual(24);
    expect(Number(x?.locations)).toBe(3);
    const bands = new Set((await expectedRanking(demoOrg)).map((r) => bandOf(r.points)));
    expect(bands).toEqual(new Set(['GREEN', 'ORANGE', 'RED']));
  });
});

describe('getCapPerformanceData', () => {
  it('sums scored and total per contractor and location over the responses completed in the range', async () => {
    for (const back of [1, 12]) {
      const range = month(back);
      const res = await t.post<PerformanceRow[]>(PERF, { ...range, companyId: demoOrg }, admin);
      expect(res.status, res.body.message).toBe(200);
      const expected = await expectedPerformance(demoOrg, range.from, range.to);
      expect(expected.length).toBeGreaterThan(0);
      expect(res.body.data).toEqual(expected);
    }
    // Two months differ (the compare periods show a difference).
    const [a, b] = await Promise.all([month(1), month(12)].map((r) => t.post<PerformanceRow[]>(PERF, { ...r, companyId: demoOrg }, admin)));
    const sum = (x: PerformanceRow[] | undefined) => (x ?? []).reduce((n, r) => n + r.scored, 0);
    expect(sum(a?.body.data)).not.toBe(sum(b?.body.data));
  });

  it('filters by location, defaults to the working organisation, and takes a single day', async () => {
    const range = { from: month(23).from, to: month(0).to };
    const res = await t.post<PerformanceRow[]>(PERF, { ...range, location: 'Dundee' }, admin);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toEqual(await expectedPerformance(demoOrg, range.from, range.to, sql`and u.location = 'Dundee'`));
    expect(res.body.data.every((r) => r.location === 'Dundee')).toBe(true);
    expect(res.body.data.length).toBeGreaterThan(0);
    const [day] = await rows<{ d: string }>(sql`select to_char(min(completed_at) at time zone 'UTC', 'YYYY-MM-DD') as d from responses where organisation_id = ${demoOrg} and status = 'COMPLETED'`);
    const one = await t.post<PerformanceRow[]>(PERF, { from: day?.d, to: day?.d }, auditor1);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(await expectedPerformance(demoOrg, day?.d ?? '', day?.d ?? ''));
    expect(one.body.data.length).toBeGreaterThan(0);
  });

  it('gives a contractor its own rows only', async () => {
    const range = { from: month(23).from, to: month(0).to };
    const res = await t.post<PerformanceRow[]>(PERF, range, c1);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(await expectedPerformance(demoOrg, range.from, range.to, sql`and r.contractor_id = ${c1Id}`));
    expect(res.body.data.length).toBe(1);
  });

  it('refuses bad ranges with a message naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ to: '2025-01-31' }, 'from is required'],
      [{ from: '2025-02-30', to: '2025-03-01' }, 'from is invalid'],
      [{ from: '2025-02-01' }, 'to is required'],
      [{ from: '2025-02-01', to: 'soon' }, 'to is invalid'],
      [{ from: '2025-03-01', to: '2025-02-01' }, 'to must not be before from'],
      [{ from: '2019-01-01', to: '2025-02-01' }, 'to must be within 800 days of from'],
      [{ from: '2025-02-01', to: '2025-02-28', location: '' }, 'location is invalid'],
      [{ from: '2025-02-01', to: '2025-02-28', companyId: 5 }, 'companyId is required'],
    ];
    for (const [body, message] of cases) {
      const res = await t.post(PERF, body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });

  it('refuses no session, an employee, and another tenant', async () => {
    await expectRefused(PERF, month(1), [employee]);
    const body = { ...month(1), companyId: demoOrg };
    for (const cookie of [otherAdmin, otherContractor]) expect((await t.post(PERF, body, cookie)).status).toBe(404);
    expect((await t.post(PERF, { ...month(1), companyId: otherOrg }, admin)).status).toBe(404);
  });
});

describe('GET /admin/leaderboard', () => {
  it('ranks the contractors by overall percent, ties by name', async () => {
    const res = await t.get<LeaderboardReply>(`/api/admin/leaderboard?cmp_id=${demoOrg}`, admin);
    expect(res.status, res.body.message).toBe(200);
    const expected = await expectedRanking(demoOrg);
    expect(res.body.data.result.map((r) => ({ id: r._id, name: r.name, points: r.points }))).toEqual(expected);
    expect(res.body.data.result.map((r) => r.rank)).toEqual(expected.map((_, i) => i + 1));
    expect((await t.get<LeaderboardReply>(`/api/admin/leaderboard?cmp_id=${demoOrg}`, auditor1)).body.data).toEqual(res.body.data);
  });

  it('shows a contractor its own row and the others anonymised', async () => {
    const res = await t.get<LeaderboardReply>(`/api/admin/leaderboard?cmp_id=${demoOrg}`, c1);
    expect(res.status).toBe(200);
    const expected = await expectedRanking(demoOrg);
    const own = res.body.data.result.filter((r) => r.own);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ _id: c1Id, name: 'North Sea Scaffolding', rank: expected.findIndex((e) => e.id === c1Id) + 1 });
    for (const r of res.body.data.result.filter((x) => !x.own)) {
      expect(r).toEqual({ _id: null, rank: r.rank, name: `Contractor #${r.rank}`, points: expected[r.rank - 1]?.points, own: false });
    }
  });

  it('pages it on the server: each page is its slice of the whole, with the number ranked', async () => {
    const whole = (await t.get<LeaderboardReply>(`/api/admin/leaderboard?cmp_id=${demoOrg}`, admin)).body.data.result;
    expect(whole.length).toBeGreaterThan(5);
    for (const pageSize of [5, 10]) {
      for (let page = 1; page <= Math.ceil(whole.length / pageSize) + 1; page += 1) {
        const res = await t.get<LeaderboardPage>(`/api/admin/leaderboard?cmp_id=${demoOrg}&page=${page}&pageSize=${pageSize}`, admin);
        expect(res.status, res.body.message).toBe(200);
        expect(res.body.data).toEqual({ result: whole.slice((page - 1) * pageSize, page * pageSize), total: whole.length, page, pageSize, own: null });
      }
    }
    // One of the two sent: page 1, or 10 a page.
    const sized = await t.get<LeaderboardPage>(`/api/admin/leaderboard?cmp_id=${demoOrg}&pageSize=5`, admin);
    expect(sized.body.data).toMatchObject({ result: whole.slice(0, 5), page: 1, pageSize: 5 });
    const second = await t.get<LeaderboardPage>(`/api/admin/leaderboard?cmp_id=${demoOrg}&page=2`, admin);
    expect(second.body.data).toMatchObject({ result: whole.slice(10, 20), page: 2, pageSize: 10 });
  });

  it('gives a contractor its own entry with every page, and its row named on its own page only', async () => {
    const whole = (await t.get<LeaderboardReply>(`/api/admin/leaderboard?cmp_id=${demoOrg}`, c1)).body.data.result;
    const mine = whole.find((r) => r.own);
    expect(mine).toBeDefined();
    for (let page = 1; page <= Math.ceil(whole.length / 5); page += 1) {
      const res = await t.get<LeaderboardPage>(`/api/admin/leaderboard?cmp_id=${demoOrg}&page=${page}&pageSize=5`, c1);
      expect(res.body.data).toEqual({ result: whole.slice((page - 1) * 5, page * 5), total: whole.length, page, pageSize: 5, own: mine });
    }
  });

  it('refuses a page or page size out of range with its message', async () => {
    for (const [query, message] of [
      ['pageSize=7', 'pageSize must be one of 5, 10, 20, 30'],
      ['pageSize=ten', 'pageSize must be one of 5, 10, 20, 30'],
      ['page=0', 'page must be a whole number from 1'],
      ['page=1.5', 'page must be a whole number from 1'],
      ['page=abc&pageSize=5', 'page must be a whole number from 1'],
    ] as const) {
      const res = await t.get(`/api/admin/leaderboard?cmp_id=${demoOrg}&${query}`, admin);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    }
  });

  it('refuses a missing id, no session, an employee and another tenant', async () => {
    const missing = await t.get('/api/admin/leaderboard', admin);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('cmp_id is required');
    expect((await t.get(`/api/admin/leaderboard?cmp_id=${demoOrg}`)).status).toBe(401);
    expect((await t.get(`/api/admin/leaderboard?cmp_id=${demoOrg}`, employee)).status).toBe(403);
    for (const cookie of [otherAdmin, otherContractor]) {
      expect((await t.get(`/api/admin/leaderboard?cmp_id=${demoOrg}`, cookie)).status).toBe(404);
      expect((await t.get(`/api/admin/leaderboard?cmp_id=${demoOrg}&page=1&pageSize=5`, cookie)).status).toBe(404);
    }
    expect((await t.get(`/api/admin/leaderboard?cmp_id=${demoOrg}&page=1&pageSize=5`)).status).toBe(401);
    expect((await t.get(`/api/admin/leaderboard?cmp_id=${demoOrg}&page=1&pageSize=5`, employee)).status).toBe(403);
  });
});

describe('getEngagement', () => {
  it('counts the contractors per band and lists them best first', async () => {
    const res = await t.post<EngagementReply>('/api/dashboard/getEngagement', { companyId: demoOrg }, admin);
    expect(res.status).toBe(200);
    const expected = await expectedRanking(demoOrg);
    const counts = { GREEN: 0, ORANGE: 0, RED: 0 };
    for (const e of expected) counts[bandOf(e.points)] += 1;
    expect(res.body.data.counts).toEqual(counts);
    expect(res.body.data.details.map((d) => [d._id, d.percent, d.band])).toEqual(expected.map((e) => [e.id, e.points, bandOf(e.points)]));
    expect((await t.post('/api/dashboard/getEngagement', { companyId: demoOrg }, auditor1)).body.data).toEqual(res.body.data);
  });

  it('gives a contractor its own row and band', async () => {
    const res = await t.post<EngagementReply>('/api/dashboard/getEngagement', { companyId: demoOrg }, c1);
    expect(res.status).toBe(200);
    const mine = (await expectedRanking(demoOrg)).find((e) => e.id === c1Id);
    expect(res.body.data.details.map((d) => d._id)).toEqual([c1Id]);
    const counts = { GREEN: 0, ORANGE: 0, RED: 0 };
    if (mine) counts[bandOf(mine.points)] = 1;
    expect(res.body.data.counts).toEqual(counts);
  });

  it('refuses bad input, no session, an employee and another tenant', async () => {
    const bad = await t.post('/api/dashboard/getEngagement', {}, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('companyId is required');
    await expectRefused('/api/dashboard/getEngagement', { companyId: demoOrg }, [employee]);
    for (const cookie of [otherAdmin, otherContractor]) {
      expect((await t.post('/api/dashboard/getEngagement', { companyId: demoOrg }, cookie)).status).toBe(404);
    }
  });
});

describe('getPendingTasks and getAssessmentStatusCounts', () => {
  it('lists the SUBMITTED responses by effective due date, overdue first', async () => {
    const res = await t.post<PendingTasksReply>('/api/dashboard/getPendingTasks', { companyId: demoOrg }, admin);
    expect(res.status, res.body.message).toBe(200);
    const expected = await rows<{ id: string; due: string }>(sql`
      select r.id, to_char(case when r.is_due_date_extended and r.new_due_date >= a.due_date then r.new_due_date else a.due_date end, 'YYYY-MM-DD') as due
      from responses r join assessments a on a.id = r.assessment_id
      where r.organisation_id = ${demoOrg} and r.status = 'SUBMITTED'
      order by due, r.last_access_time desc, r.id`);
    expect(res.body.data.total).toBe(expected.length);
    expect(res.body.data.items.map((i) => [i._id, i.dueDate])).toEqual(expected.slice(0, 5).map((e) => [e.id, e.due]));
    const today = new Date().toISOString().slice(0, 10);
    for (const item of res.body.data.items) expect(item.overdue).toBe(item.dueDate < today);
    const one = await t.post<PendingTasksReply>('/api/dashboard/getPendingTasks', { companyId: demoOrg, limit: 1 }, admin);
    expect(one.body.data.items).toHaveLength(Math.min(1, expected.length));
  });

  it('counts responses per status and the assessments nobody started', async () => {
    const res = await t.post<AssessmentStatusCounts>('/api/dashboard/getAssessmentStatusCounts', { companyId: demoOrg }, admin);
    expect(res.status).toBe(200);
    const byStatus = await rows<{ status: string; n: string | number }>(sql`select status, count(*) as n from responses where organisation_id = ${demoOrg} group by status`);
    const [fresh] = await rows<{ n: string | number }>(sql`select count(*) as n from assessments where organisation_id = ${demoOrg} and status = 'NEW'`);
    const expected: Record<string, number> = { NEW: Number(fresh?.n), PENDING: 0, SUBMITTED: 0, REASSESSMENT: 0, COMPLETED: 0 };
    for (const x of byStatus) expected[x.status] = Number(x.n);
    expect(res.body.data).toEqual(expected);
    expect(res.body.data.NEW).toBeGreaterThan(0);
  });

  it('refuses bad input, no session, other roles and another tenant', async () => {
    for (const [url, body, message] of [
      ['/api/dashboard/getPendingTasks', { companyId: demoOrg, limit: 0 }, 'limit is invalid'],
      ['/api/dashboard/getPendingTasks', { companyId: demoOrg, limit: 51 }, 'limit is invalid'],
      ['/api/dashboard/getAssessmentStatusCounts', {}, 'companyId is required'],
    ] as const) {
      const res = await t.post(url, body, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    for (const url of ['/api/dashboard/getPendingTasks', '/api/dashboard/getAssessmentStatusCounts']) {
      await expectRefused(url, { companyId: demoOrg }, [c1, auditor1, employee]);
      expect((await t.post(url, { companyId: demoOrg }, otherAdmin)).status).toBe(404);
    }
  });
});

describe('the kept ranking (issue 63)', () => {
  const state = async () =>
    (await rows<{ wanted: string | number; built: string | number; version: string | number }>(sql`select wanted, built, version from ranking_state where organisation_id = ${demoOrg}`)).map((x) => ({
      wanted: Number(x.wanted),
      built: Number(x.built),
      version: Number(x.version),
    }))[0];
  const points = async (cookie: string) => {
    const res = await t.get<LeaderboardReply>(`/api/admin/leaderboard?cmp_id=${demoOrg}`, cookie);
    expect(res.status, res.body.message).toBe(200);
    return res.body.data.result.map((r) => ({ id: r._id, name: r.name, points: r.points }));
  };

  it('is rebuilt by the background job after a change, never by a reader: readers see the last rebuild until it runs', async () => {
    const before = await expectedRanking(demoOrg);
    expect(await points(admin)).toEqual(before);
    const built = await state();
    expect(built && built.wanted <= built.built).toBe(true);
    expect(await t.services.rankings.rebuildDue()).toEqual([]);
    // The last-ranked contractor's every COMPLETED response at full marks: it moves to the top.
    const last = before[before.length - 1];
    if (!last) throw new Error('nothing ranked');
    await t.db.execute(sql`update responses set scored_marks = total_marks where organisation_id = ${demoOrg} and contractor_id = ${last.id} and status = 'COMPLETED'`);
    const after = await expectedRanking(demoOrg);
    expect(after[0]?.id).toBe(last.id);
    const due = await state();
    expect(due && due.wanted > due.built).toBe(true);
    // Every read of the ranking, by every role and page: the last rebuild's, and nothing rebuilt.
    for (let i = 0; i < 2; i += 1) {
      expect(await points(admin)).toEqual(before);
      const page = await t.get<LeaderboardPage>(`/api/admin/leaderboard?cmp_id=${demoOrg}&page=1&pageSize=5`, c1);
      expect(page.body.data.result.map((r) => r.points)).toEqual(before.slice(0, 5).map((r) => r.points));
      const totals = await t.post<{ _id: { contractorId: string } }[]>(`${R}/getTotalScoresOfContrsInCompany`, { companyId: demoOrg }, admin);
      expect(totals.body.data[0]?._id.contractorId).toBe(before[0]?.id);
      const engagement = await t.post<EngagementReply>('/api/dashboard/getEngagement', { companyId: demoOrg }, auditor1);
      expect(engagement.body.data.details.map((d) => d._id)).toEqual(before.map((e) => e.id));
    }
    expect(await state()).toEqual(due);
    // The job rebuilds it: every reader then sees the change.
    expect(await t.services.rankings.rebuildDue()).toEqual([demoOrg]);
    const rebuilt = await state();
    expect(rebuilt && rebuilt.built).toBe(due?.wanted);
    expect(rebuilt && rebuilt.version > (due?.version ?? 0)).toBe(true);
    expect(await points(admin)).toEqual(after);
    const page = await t.get<LeaderboardPage>(`/api/admin/leaderboard?cmp_id=${demoOrg}&page=1&pageSize=5`, admin);
    expect(page.body.data).toMatchObject({ total: after.length, own: null });
    expect(page.body.data.result.map((r) => r._id)).toEqual(after.slice(0, 5).map((r) => r.id));
    const totals = await t.post<{ _id: { contractorId: string } }[]>(`${R}/getTotalScoresOfContrsInCompany`, { companyId: demoOrg }, admin);
    expect(totals.body.data[0]?._id.contractorId).toBe(last.id);
  });

  it('follows a ranked contractor\'s rename once rebuilt', async () => {
    const [first] = await expectedRanking(demoOrg);
    if (!first) throw new Error('nothing ranked');
    await t.db.execute(sql`update users set name = ${`${first.name} Renamed`} where id = ${first.id}`);
    expect((await points(admin))[0]?.name).toBe(first.name);
    expect(await t.services.rankings.rebuildDue()).toEqual([demoOrg]);
    expect((await points(admin))[0]?.name).toBe(`${first.name} Renamed`);
    expect(await points(admin)).toEqual(await expectedRanking(demoOrg));
  });
});
