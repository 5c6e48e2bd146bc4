import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayText } from '@palisade/domain/messages-core';
import { messages } from '@palisade/domain/messages';
import type { ContractorOpenItemsReply, ContractorTrendReply } from '@palisade/domain/trends/trends.schema';
import { assessmentRounds, observations, responses } from '../../db/schema';
import { demoSessions } from '../../test/demo-sessions';
import { expectKeptBrotli } from '../../test/kept-brotli';
import { createTestApp, type TestApp } from '../../test/test-app';
import { complete, createAssessment, demoBank, reassess, submitted, type Bank } from '../../test/notifications-helpers';

const m = messages.trends;
const T = '/api/trends';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let auditor1: string;
let employee: string;
let demoOrg: string;
let c1Id: string;
let c2Id: string;
let auditorId: string;
let bank: Bank;

const trend = (body: Record<string, unknown>, cookie = admin) => t.post<ContractorTrendReply>(`${T}/getContractorTrend`, body, cookie);
const openItems = (body: Record<string, unknown>, cookie = admin) => t.post<ContractorOpenItemsReply>(`${T}/getContractorOpenItems`, body, cookie);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, otherAdmin, c1, c2, auditor: auditor1, employee, demoOrg, c1Id, c2Id, auditorId } = await demoSessions(t));
  bank = await demoBank(t, admin, demoOrg);
});
afterAll(async () => {
  await t.close();
});

describe('getContractorTrend', () => {
  it("gives each completed response's score, band and E-S-G-O, oldest first, labelled by round or by name and day", async () => {
    const before = (await trend({ contractorId: c2Id })).body.data.points;
    const first = await createAssessment(t, admin, bank, 'Trend check one', [c2Id]);
    const second = await createAssessment(t, admin, bank, 'Trend check two', [c2Id]);
    await complete(t, await submitted(t, first, c2Id, c2), auditor1, 8);
    await complete(t, await submitted(t, second, c2Id, c2), auditor1, 3);
    // The second assessment recurs: its round 1 is labelled (tables/recurrence.ts).
    await t.db.insert(assessmentRounds).values({ assessmentId: second._id, roundNumber: 1, organisationId: demoOrg, label: 'Q3 2027', startsOn: '2027-07-01', dueDate: '2027-07-31', openedAt: new Date() });

    const res = await trend({ contractorId: c2Id });
    expect(res.status).toBe(200);
    const { contractor, points, truncated } = res.body.data;
    expect(contractor).toMatchObject({ _id: c2Id, companyId: demoOrg });
    expect(contractor.name.length).toBeGreaterThan(0);
    expect(truncated).toBe(false);
    expect(points).toHaveLength(before.length + 2);
    // Oldest first: the ones completed just now come last.
    const times = points.map((p) => p.completedAt);
    expect([...times].sort()).toEqual(times);
    const [one, two] = points.slice(-2);
    const completedDay = (await t.db.select({ at: responses.completedAt }).from(responses).where(and(eq(responses.assessmentId, first._id), eq(responses.contractorId, c2Id))))[0]?.at?.toISOString().slice(0, 10) ?? '';
    expect(one).toMatchObject({
      assessmentId: first._id,
      assessmentName: 'Trend check one',
      roundNumber: 1,
      roundLabel: null,
      label: `Trend check one · ${dayText(completedDay)}`,
      scored: 8,
      total: 10,
      percent: 80,
      band: 'GREEN',
      esgo: {
        environment: { scored: 0, total: 0, percent: null },
        social: { scored: 8, total: 10, percent: 80 },
        governance: { scored: 0, total: 0, percent: null },
        others: { scored: 0, total: 0, percent: null },
      },
    });
    expect(two).toMatchObject({ assessmentId: second._id, roundLabel: 'Q3 2027', label: 'Q3 2027', scored: 3, total: 10, percent: 30, band: 'RED' });
    expect(two?.esgo.social).toEqual({ scored: 3, total: 10, percent: 30 });

    // Every point against the database's own sums (the contractor's completed responses there).
    const stored = await t.rows<{ id: string; scored: number; total: number }>(
      sql`select id, scored_marks as scored, total_marks as total from responses where contractor_id = ${c2Id} and organisation_id = ${demoOrg} and status = 'COMPLETED'`,
    );
    expect(points.map((p) => p.responseId).sort()).toEqual(stored.map((s) => s.id).sort());
    for (const p of points) {
      const s = stored.find((x) => x.id === p.responseId);
      expect([p.scored, p.total]).toEqual([Number(s?.scored), Number(s?.total)]);
    }

    // The contractor reads its own, and the organisation's auditor too.
    const own = await trend({ contractorId: c2Id }, c2);
    expect([own.status, own.body.data.points.length]).toEqual([200, points.length]);
    const audited = await trend({ contractorId: c2Id, companyId: demoOrg }, auditor1);
    expect([audited.status, audited.body.data.points.length]).toEqual([200, points.length]);
  });

  it('sends the reply it keeps as Brotli to a client that takes it, and as text (gzip too) to one that does not', async () => {
    const body = { contractorId: c1Id, companyId: demoOrg };
    const plain = await trend(body);
    expect(plain.status).toBe(200);
    const asked = (encoding: string) =>
      t.app.inject({ method: 'POST', url: `${T}/getContractorTrend`, payload: body, headers: { cookie: admin, 'accept-encoding': encoding } });
    await expectKeptBrotli(asked, plain.body);
  });

  it('answers a contractor without a completed response with no points', async () => {
    await t.db.update(responses).set({ status: 'SUBMITTED' }).where(eq(responses.contractorId, c1Id));
    const res = await trend({ contractorId: c1Id });
    expect(res.status).toBe(200);
    expect(res.body.data.points).toEqual([]);
  });

  it('400 names the field; 401 signed out; 403 an employee; 404 another contractor, another tenant, not a contractor', async () => {
    const missing = await trend({});
    expect([missing.status, missing.body.message]).toEqual([400, 'contractorId is required']);
    const badCompany = await trend({ contractorId: c2Id, companyId: '' });
    expect([badCompany.status, badCompany.body.message]).toEqual([400, 'companyId is required']);
    expect((await trend({ contractorId: c2Id }, '')).status).toBe(401);
    expect((await trend({ contractorId: c2Id }, employee)).status).toBe(403);
    const theirs = await trend({ contractorId: c2Id }, c1);
    expect([theirs.status, theirs.body.message]).toEqual([404, m.contractorNotFound]);
    expect((await trend({ contractorId: c2Id }, otherAdmin)).status).toBe(404);
    expect((await trend({ contractorId: c2Id, companyId: demoOrg }, otherAdmin)).status).toBe(404);
    expect((await trend({ contractorId: auditorId })).status).toBe(404);
    expect((await trend({ contractorId: await t.userId('contractor@other.test') })).status).toBe(404);
  });
});

describe('getContractorOpenItems', () => {
  it("lists the questions rejected and waiting for the contractor, and its observations still Submitted", async () => {
    const assessment = await createAssessment(t, admin, bank, 'Open items check', [c2Id]);
    await reassess(t, await submitted(t, assessment, c2Id, c2), auditor1);
    const res = await openItems({ contractorId: c2Id });
    expect(res.status).toBe(200);
    const mine = res.body.data.rejected.filter((r) => r.assessmentName === 'Open items check');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ remarks: 'Show the permit', roundLabel: null });
    expect(res.body.data.rejectedTotal).toBeGreaterThanOrEqual(1);
    const open = await t.db
      .select({ id: observations.id })
      .from(observations)
      .where(and(eq(observations.contractorId, c2Id), eq(observations.organisationId, demoOrg), eq(observations.status, 1)));
    expect(res.body.data.observationsTotal).toBe(open.length);
    expect(res.body.data.observations.map((o) => o._id).sort()).toEqual(open.map((o) => o.id).slice(0, 50).sort());
    const times = res.body.data.observations.map((o) => o.reportedAt);
    expect([...times].sort().reverse()).toEqual(times);

    expect((await openItems({ contractorId: c2Id }, c2)).status).toBe(200);
    expect((await openItems({ contractorId: c2Id }, auditor1)).status).toBe(200);
  });

  it('400; 401; 403 an employee; 404 another contractor, another tenant, not a contractor', async () => {
    const missing = await openItems({ contractorId: '' });
    expect([missing.status, missing.body.message]).toEqual([400, 'contractorId is required']);
    expect((await openItems({ contractorId: c2Id }, '')).status).toBe(401);
    expect((await openItems({ contractorId: c2Id }, employee)).status).toBe(403);
    expect((await openItems({ contractorId: c2Id }, c1)).status).toBe(404);
    expect((await openItems({ contractorId: c2Id }, otherAdmin)).status).toBe(404);
    expect((await openItems({ contractorId: auditorId })).status).toBe(404);
  });
});
