import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import type { ResponsePage } from '@palisade/domain/responses/review.schema';
import { auditLog } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

const o = messages.orgAuditor;
const R = '/api/assessment/responses';
const ASSIGN = `${R}/assignAuditor`;

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let auditor1: string;
let auditor2: string;
let demoOrg: string;
let auditor1Id: string;
let auditor2Id: string;
let all: ResponseReply[];

async function list(cookie: string, body: Record<string, unknown> = {}): Promise<ResponsePage> {
  const res = await t.post<ResponsePage>(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], pageSize: 200, ...body }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

function pick(status: string, index = 0): ResponseReply {
  const found = all.filter((r) => r.status === status)[index];
  if (!found) throw new Error(`no ${status} response #${index} in the demo seed`);
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  auditor2 = await t.signIn('auditor2@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  auditor1Id = await t.userId('auditor1@demo.test');
  auditor2Id = await t.userId('auditor2@demo.test');
  all = (await list(admin)).items;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/assessment/responses/assignAuditor (issue 19)', () => {
  it('assigns one of the organisation’s auditors, shows it in every reply, and removes it with null', async () => {
    const target = pick('SUBMITTED', 1);
    const res = await t.post<ResponseReply>(ASSIGN, { responseId: target._id, auditorId: auditor1Id }, admin);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.assignedAuditor).toEqual({ _id: auditor1Id, name: 'Safeguard Inspections' });
    expect(res.body.message).toBe(o.assigned('Safeguard Inspections'));
    const read = await t.post<ResponseReply>(`${R}/getResponseById`, { responseId: target._id }, auditor2);
    expect(read.body.data.assignedAuditor?._id).toBe(auditor1Id);
    const row = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, target._id), eq(auditLog.action, 'response.assignAuditor')));
    expect(row.at(-1)?.after).toEqual({ assignedAuditorId: auditor1Id, auditorName: 'Safeguard Inspections' });

    const cleared = await t.post<ResponseReply>(ASSIGN, { responseId: target._id, auditorId: null }, admin);
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.assignedAuditor).toBeNull();
    expect(cleared.body.message).toBe(o.unassigned);
  });

  it('puts the assigned responses first on that auditor’s dashboard; every auditor still sees every response', async () => {
    const submitted = all.filter((r) => r.status === 'SUBMITTED');
    expect(submitted.length).toBeGreaterThanOrEqual(2);
    const [x, y] = submitted as [ResponseReply, ResponseReply];
    // x to auditor1, then y to auditor2: y is now the last updated (newest) of all.
    expect((await t.post(ASSIGN, { responseId: x._id, auditorId: auditor1Id }, admin)).status).toBe(200);
    expect((await t.post(ASSIGN, { responseId: y._id, auditorId: auditor2Id }, admin)).status).toBe(200);

    const plain = await list(auditor1, { status: 'SUBMITTED' });
    expect(plain.items.map((r) => r._id).slice(0, 2)).toEqual([y._id, x._id]);
    const mine = await list(auditor1, { status: 'SUBMITTED', assignedFirst: true });
    expect(mine.items.map((r) => r._id).slice(0, 2)).toEqual([x._id, y._id]);
    expect(mine.items[0]?.assignedAuditor).toEqual({ _id: auditor1Id, name: 'Safeguard Inspections' });
    const theirs = await list(auditor2, { status: 'SUBMITTED', assignedFirst: true });
    expect(theirs.items[0]?._id).toBe(y._id);
    // Every auditor still sees every response, assigned to it or not.
    expect(new Set(mine.items.map((r) => r._id))).toEqual(new Set(submitted.map((r) => r._id)));
    expect(new Set(theirs.items.map((r) => r._id))).toEqual(new Set(submitted.map((r) => r._id)));
    // The flag means nothing to the organisation (no response is assigned to it).
    const org = await list(admin, { status: 'SUBMITTED', assignedFirst: true });
    expect(org.items.map((r) => r._id)).toEqual(plain.items.map((r) => r._id));
  });

  it('refuses bad input (400), no session (401), other user types (403), others’ ids (404), a COMPLETED response (409)', async () => {
    const target = pick('PENDING');
    for (const body of [{}, { responseId: target._id }, { responseId: target._id, auditorId: 7 }, { responseId: '', auditorId: null }]) {
      const res = await t.post(ASSIGN, body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    expect((await t.post(ASSIGN, { responseId: target._id, auditorId: auditor1Id })).status).toBe(401);
    for (const cookie of [auditor1, c1]) expect((await t.post(ASSIGN, { responseId: target._id, auditorId: auditor1Id }, cookie)).status).toBe(403);
    // Another organisation's admin: the response is not found.
    expect((await t.post(ASSIGN, { responseId: target._id, auditorId: auditor2Id }, otherAdmin)).status).toBe(404);
    // A contractor or an unknown id is no auditor of the organisation.
    for (const auditorId of [await t.userId('contractor1@demo.test'), 'nobody']) {
      const res = await t.post(ASSIGN, { responseId: target._id, auditorId }, admin);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(o.auditorNotFound);
    }
    const completed = await t.post(ASSIGN, { responseId: pick('COMPLETED')._id, auditorId: auditor1Id }, admin);
    expect(completed.status).toBe(409);
    expect(completed.body.message).toBe(o.assignCompleted);
  });

  it('refuses an auditor that serves another organisation only (404)', async () => {
    const created = await t.post<{ _id: string }>(
      '/api/tpi/createTpi',
      { name: 'Foreign Inspections', email: 'foreign@auditor.test', contactPersonName: 'Alex Morgan' },
      otherAdmin,
    );
    expect(created.status, created.body.message).toBe(200);
    const res = await t.post(ASSIGN, { responseId: pick('PENDING')._id, auditorId: created.body.data._id }, admin);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(o.auditorNotFound);
    // The same auditor is fine for a response of its own organisation's admin… which has none here:
    // the demo auditors are fine for the demo admin.
    expect((await t.post(ASSIGN, { responseId: pick('PENDING')._id, auditorId: auditor2Id }, admin)).status).toBe(200);
  });

  it('refuses an auditor the organisation disabled for itself only (404); the other organisation keeps it', async () => {
    const target = pick('PENDING');
    const off = await t.post('/api/tpi/changeTpiAccStatus', { tpiId: auditor2Id, disable: true }, admin);
    expect(off.status, off.body.message).toBe(200);
    const res = await t.post(ASSIGN, { responseId: target._id, auditorId: auditor2Id }, admin);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(o.auditorNotFound);
    expect((await t.post('/api/tpi/changeTpiAccStatus', { tpiId: auditor2Id, disable: false }, admin)).status).toBe(200);
    expect((await t.post(ASSIGN, { responseId: target._id, auditorId: auditor2Id }, admin)).status).toBe(200);
  });
});

describe('the overview’s name search (getResponsesByCompanyIds search)', () => {
  it('finds responses by part of the assessment’s or the company’s name, any case, paged', async () => {
    const one = all[0];
    if (!one) throw new Error('no response');
    const word = one.assessment.name.split(' ')[0]?.toUpperCase() ?? '';
    const byAssessment = await list(admin, { search: word });
    const expected = all.filter((r) => r.assessment.name.toUpperCase().includes(word) || r.contractorName.toUpperCase().includes(word));
    expect(byAssessment.total).toBe(expected.length);
    expect(new Set(byAssessment.items.map((r) => r._id))).toEqual(new Set(expected.map((r) => r._id)));
    expect(byAssessment.total).toBeLessThan(all.length);

    const company = one.contractorName.slice(2, 8).toLowerCase();
    const byCompany = await list(admin, { search: company });
    expect(byCompany.items.length).toBeGreaterThan(0);
    expect(byCompany.items.every((r) => r.contractorName.toLowerCase().includes(company) || r.assessment.name.toLowerCase().includes(company))).toBe(true);

    const paged = await list(admin, { search: word, pageSize: 1, page: 2 });
    expect(paged.total).toBe(expected.length);
    expect(paged.items).toHaveLength(expected.length > 1 ? 1 : 0);
    // LIKE's own characters are taken literally; blank is no search.
    expect((await list(admin, { search: '%' })).total).toBe(0);
    expect((await list(admin, { search: '   ' })).total).toBe(all.length);
    // The auditors search the same way.
    expect((await list(auditor1, { search: word })).total).toBe(expected.length);
  });

  it('refuses a search that is too long or not text (400)', async () => {
    for (const search of ['x'.repeat(101), 12]) {
      const res = await t.post(`${R}/getResponsesByCompanyIds`, { companyIds: [demoOrg], search }, admin);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(o.searchTooLong);
    }
  });
});
