import crypto from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceStatus,
  overallCompliance,
  type ComplianceDocumentState,
  type ComplianceStatus,
  type OverallCompliance,
} from '@palisade/domain/compliance/compliance.rules';
import type { MatrixReply, OverallStatesReply, Requirement, SummaryReply } from '@palisade/domain/compliance/compliance.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import { complianceCurrent, complianceDocuments, organisations, userOrganisations, users } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/test-app';

const m = messages.compliance;
const C = '/api/compliance';
const CONTRACTORS = 300;
const clock = manualClock(new Date());
const today = clock.now().toISOString().slice(0, 10);
const dayFrom = (offset: number) => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);

let t: TestApp;
let admin: string;
let demoAdmin: string;
let auditor1: string;
let c1: string;
let org: string;
const contractors: { id: string; name: string; location: string }[] = [];
let reqs: Requirement[] = [];
/** What each cell's status is by the domain's rules (the expectation the SQL is checked against). */
const expected = new Map<string, Map<string, ComplianceStatus>>();

/** Cell i × requirement j: none, or a version of some state and expiry. */
function versionOf(i: number, j: number): { state: ComplianceDocumentState; expiry: string | null } | null {
  const k = (i + j * 3) % 7;
  if (k === 0) return null;
  if (k === 1) return { state: 'SUBMITTED', expiry: dayFrom(100) };
  if (k === 2) return { state: 'REJECTED', expiry: dayFrom(100) };
  if (k === 3) return { state: 'ACCEPTED', expiry: dayFrom(-1) };
  if (k === 4) return { state: 'ACCEPTED', expiry: dayFrom(0) };
  if (k === 5) return { state: 'ACCEPTED', expiry: dayFrom(31) };
  return { state: 'ACCEPTED', expiry: dayFrom(400) };
}

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  const [hash] = await t.db.select({ h: users.passwordHash }).from(users).where(eq(users.email, 'admin@demo.test'));
  org = crypto.randomUUID();
  await t.db.insert(organisations).values({ id: org, name: 'Matrix Energy', location: 'York' });
  await t.db.insert(users).values({ id: crypto.randomUUID(), type: UserType.ORGANISATION, email: 'admin@matrix.test', passwordHash: hash?.h ?? null, name: 'Mia Matrix', organisationId: org });
  for (let i = 0; i < CONTRACTORS; i += 1)
    contractors.push({ id: crypto.randomUUID(), name: `Matrix Co ${String(CONTRACTORS - i).padStart(3, '0')}`, location: i % 3 === 0 ? 'York' : 'Leeds' });
  await t.db.insert(users).values(contractors.map((c, i) => ({ id: c.id, type: UserType.CONTRACTOR, email: `mc${i}@matrix.test`, name: c.name, location: c.location })));
  await t.db.insert(userOrganisations).values(contractors.map((c) => ({ userId: c.id, organisationId: org })));
  admin = await t.signIn('admin@matrix.test');
  demoAdmin = await t.signIn('admin@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  c1 = await t.signIn('contractor1@demo.test');
  const add = async (body: Record<string, unknown>) => (await t.post<Requirement>(`${C}/createRequirement`, { companyId: org, ...body }, admin)).body.data;
  reqs = [
    await add({ name: 'Public liability', reminderDays: [30, 7] }),
    await add({ name: 'York permit', appliesTo: 'LOCATIONS', locations: [' YORK '] }),
    await add({ name: 'Method statement', expires: false, mandatory: false }),
  ];
  const docs: (typeof complianceDocuments.$inferInsert)[] = [];
  contractors.forEach((c, i) => {
    const own = new Map<string, ComplianceStatus>();
    reqs.forEach((r, j) => {
      if (r.appliesTo === 'LOCATIONS' && c.location !== 'York') return;
      const v = versionOf(i, j);
      const expiry = r.expires ? (v?.expiry ?? null) : null;
      own.set(r._id, complianceStatus(v && { state: v.state, expiryDate: expiry }, r, today));
      if (!v) return;
      docs.push({
        id: crypto.randomUUID(), requirementId: r._id, organisationId: org, contractorId: c.id, issueDate: dayFrom(-30), expiryDate: expiry, reference: '',
        file: { fileName: 'a.pdf', filePath: 'x/a.pdf', fileLink: '/api/files/x', fileSize: 1, fileType: 'application/pdf' }, state: v.state, uploadedBy: c.id, uploaderName: c.name,
      });
    });
    expected.set(c.id, own);
  });
  for (let i = 0; i < docs.length; i += 200) await t.db.insert(complianceDocuments).values(docs.slice(i, i + 200));
  const current = docs.map((d) => ({ requirementId: d.requirementId, contractorId: d.contractorId, organisationId: org, documentId: d.id ?? '', state: d.state, expiryDate: d.expiryDate ?? null }));
  for (let i = 0; i < current.length; i += 200) await t.db.insert(complianceCurrent).values(current.slice(i, i + 200));
}, 120_000);
afterAll(async () => {
  await t.close();
});

const sorted = () => [...contractors].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id.localeCompare(b.id));
const countsOf = (list: typeof contractors) => {
  const counts: Record<string, number> = { MISSING: 0, SUBMITTED: 0, VALID: 0, EXPIRING: 0, EXPIRED: 0, REJECTED: 0 };
  for (const c of list) for (const s of expected.get(c.id)?.values() ?? []) counts[s] = (counts[s] ?? 0) + 1;
  return counts;
};
const overallOf = (id: string): OverallCompliance =>
  overallCompliance(reqs.flatMap((r) => {
    const s = expected.get(id)?.get(r._id);
    return s ? [{ mandatory: r.mandatory, status: s }] : [];
  }));
const matrix = (body: Record<string, unknown>, cookie = admin) => t.post<MatrixReply>(`${C}/getMatrix`, { companyId: org, ...body }, cookie);

describe('getMatrix', () => {
  it('keeps a location as written (trimmed) and matches it in any case', async () => {
    expect(reqs[1]?.locations).toEqual(['YORK']);
    const res = await t.post<Requirement>(`${C}/createRequirement`, { companyId: org, name: 'Leeds permit', appliesTo: 'LOCATIONS', locations: ['Leeds', ' leeds '] }, admin);
    expect(res.status).toBe(200);
    expect(res.body.data.locations).toEqual(['Leeds']);
    expect((await t.post(`${C}/retireRequirement`, { requirementId: res.body.data._id, version: res.body.data.version }, admin)).status).toBe(200);
  });

  it('pages the contractors by name with every cell as the rules read it, and counts over all', async () => {
    const all = sorted();
    const seen: string[] = [];
    for (let page = 1; page <= CONTRACTORS / 50; page += 1) {
      const res = await matrix({ page, pageSize: 50 });
      expect(res.status).toBe(200);
      expect([res.body.data.total, res.body.data.page, res.body.data.rows.length]).toEqual([CONTRACTORS, page, 50]);
      expect(res.body.data.requirements.map((r) => r._id)).toEqual([...reqs].sort((a, b) => a.name.localeCompare(b.name)).map((r) => r._id));
      expect(res.body.data.counts).toEqual(countsOf(all));
      for (const row of res.body.data.rows) {
        seen.push(row.contractor._id);
        const own = expected.get(row.contractor._id);
        expect(row.cells.map((c) => c.status)).toEqual(res.body.data.requirements.map((r) => own?.get(r._id) ?? null));
        expect(row.overall).toBe(overallOf(row.contractor._id));
      }
    }
    expect(seen).toEqual(all.map((c) => c.id));
    const past = await matrix({ page: 99, pageSize: 50 });
    expect([past.body.data.total, past.body.data.rows.length]).toEqual([CONTRACTORS, 0]);
  });

  it('filters by search, location, status and requirement', async () => {
    const search = await matrix({ search: 'co 01', pageSize: 50 });
    const named = contractors.filter((c) => c.name.toLowerCase().includes('co 01'));
    expect(search.body.data.total).toBe(named.length);
    expect(search.body.data.counts).toEqual(countsOf(named));
    const york = contractors.filter((c) => c.location === 'York');
    const located = await matrix({ location: ' york', pageSize: 50 });
    expect([located.body.data.total, located.body.data.counts]).toEqual([york.length, countsOf(york)]);
    const expired = contractors.filter((c) => [...(expected.get(c.id)?.values() ?? [])].includes('EXPIRED'));
    expect((await matrix({ status: 'EXPIRED' })).body.data.total).toBe(expired.length);
    const permit = reqs[1]?._id ?? '';
    const permitMissing = contractors.filter((c) => expected.get(c.id)?.get(permit) === 'MISSING');
    const filtered = await matrix({ status: 'MISSING', requirementId: permit, pageSize: 50 });
    expect(filtered.body.data.total).toBe(permitMissing.length);
    expect((await matrix({ requirementId: permit })).body.data.total).toBe(york.length);
    expect((await matrix({ status: 'NOPE' })).body.message).toBe(m.statusInvalid);
    expect((await matrix({ pageSize: 7 })).status).toBe(400);
    expect((await matrix({ requirementId: crypto.randomUUID() })).status).toBe(404);
  });

  it('is the organisation\u2019s and its auditors\u2019 only', async () => {
    expect((await matrix({}, demoAdmin)).status).toBe(404);
    expect((await matrix({}, auditor1)).status).toBe(404);
    expect((await matrix({}, c1)).status).toBe(403);
    expect((await t.post(`${C}/getMatrix`, { companyId: org })).status).toBe(401);
  });
});

describe('exportMatrix, getSummary, getOverallStates', () => {
  it('exports what is filtered as CSV: a header and one row a contractor', async () => {
    const res = await t.app.inject({ method: 'POST', url: `${C}/exportMatrix`, payload: { companyId: org, location: 'York' }, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    const names = [...reqs].sort((a, b) => a.name.localeCompare(b.name)).map((r) => r.name);
    expect(lines[0]).toBe([m.csvHeaders.company, m.csvHeaders.location, m.csvHeaders.overall, ...names].join(','));
    const york = sorted().filter((c) => c.location === 'York');
    expect(lines).toHaveLength(york.length + 1);
    const first = york[0];
    if (!first) throw new Error('no York contractor');
    const permit = expected.get(first.id)?.get(reqs[1]?._id ?? '') ?? 'MISSING';
    expect(lines[1]?.startsWith(`${first.name},York,${m.overallLabels[overallOf(first.id)]},`)).toBe(true);
    expect(lines[1]).toContain(m.statusLabels[permit]);
    expect((await t.app.inject({ method: 'POST', url: `${C}/exportMatrix`, payload: { companyId: org }, headers: { cookie: c1 } })).statusCode).toBe(403);
  });

  it('sums the cells and the overall states, and names the states of the contractors asked for', async () => {
    const summary = await t.post<SummaryReply>(`${C}/getSummary`, { companyId: org }, admin);
    expect(summary.body.data.counts).toEqual(countsOf(contractors));
    const overall: Record<string, number> = { COMPLIANT: 0, EXPIRING: 0, NOT_COMPLIANT: 0 };
    for (const c of contractors) overall[overallOf(c.id)] = (overall[overallOf(c.id)] ?? 0) + 1;
    expect(summary.body.data.overall).toEqual(overall);
    const asked = contractors.slice(0, 5).map((c) => c.id);
    const states = await t.post<OverallStatesReply>(`${C}/getOverallStates`, { companyId: org, contractorIds: [...asked, await t.userId('contractor1@demo.test')] }, admin);
    expect(states.body.data.states).toEqual(Object.fromEntries(asked.map((id) => [id, overallOf(id)])));
    expect((await t.post(`${C}/getSummary`, { companyId: org }, demoAdmin)).status).toBe(404);
    expect((await t.post(`${C}/getOverallStates`, { companyId: org, contractorIds: 'x' }, admin)).status).toBe(400);
  });
});

describe('the replies kept by the compliance version (migration 0037)', () => {
  it('follow every change that may alter them: a rename, a link disabled, a requirement, a document, the next day', async () => {
    const page = async (body: Record<string, unknown>) => (await t.post<MatrixReply>(`${C}/getMatrix`, { companyId: org, page: 1, pageSize: 10, ...body }, admin)).body.data;
    const target = contractors[0];
    if (!target) throw new Error('no contractor');
    expect((await page({ search: target.name })).total).toBe(1);
    expect((await page({ search: target.name })).total).toBe(1);

    // Renamed (as any writer would, here straight in the database).
    await t.db.update(users).set({ name: 'Renamed Scaffolding' }).where(eq(users.id, target.id));
    expect((await page({ search: target.name })).total).toBe(0);
    expect((await page({ search: 'Renamed Scaffolding' })).rows.map((r) => r.contractor._id)).toEqual([target.id]);

    // Its link disabled: no longer one of the organisation's contractors.
    const all = (await page({})).total;
    await t.db.update(userOrganisations).set({ disabledAt: new Date() }).where(eq(userOrganisations.userId, target.id));
    expect((await page({})).total).toBe(all - 1);

    // A new requirement: one more column.
    const before = (await page({})).requirements.length;
    expect((await t.post(`${C}/createRequirement`, { companyId: org, name: 'Asbestos awareness' }, admin)).status).toBe(200);
    expect((await page({})).requirements.length).toBe(before + 1);

    // A current document judged again: the counts move.
    const summary = async () => (await t.post<SummaryReply>(`${C}/getSummary`, { companyId: org }, admin)).body.data;
    const counted = await summary();
    const [submitted] = await t.db
      .select()
      .from(complianceCurrent)
      .where(and(eq(complianceCurrent.organisationId, org), eq(complianceCurrent.state, 'SUBMITTED'), ne(complianceCurrent.contractorId, target.id)))
      .limit(1);
    if (!submitted) throw new Error('no submitted document');
    await t.db.update(complianceCurrent).set({ state: 'REJECTED' }).where(eq(complianceCurrent.documentId, submitted.documentId));
    const judged = await summary();
    expect(judged.counts.SUBMITTED).toBe(counted.counts.SUBMITTED - 1);
    expect(judged.counts.REJECTED).toBe(counted.counts.REJECTED + 1);

    // The next day: what expired today is expired tomorrow.
    clock.advance(86_400_000);
    try {
      expect((await summary()).counts.EXPIRED).toBeGreaterThan(judged.counts.EXPIRED);
    } finally {
      clock.advance(-86_400_000);
    }
  });
});
