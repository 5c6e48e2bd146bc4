import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Feedback, FeedbacksPage } from '@palisade/domain/feedback/feedback.schema';
import { messages } from '@palisade/domain/messages';
import { auditLog, feedbacks, files } from '../../db/schema';
import { demoSessions } from '../../test/demo-sessions';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';
import {
  downloadStatus,
  PDF_BYTES,
  postForm,
  type TestFile,
} from '../../test/documents-helpers';

const m = messages.feedback;
const F = '/api/feedback';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let auditor1: string;
let employee: string;
let demoOrg: string;
let otherOrg: string;

const give = (
  cookie: string | undefined,
  text: string,
  attachments: TestFile[] = [],
  extra: Array<[string, string]> = [],
) =>
  postForm<Feedback>(
    t,
    `${F}/createFeedback`,
    cookie,
    [['feedbackText', text], ...extra],
    attachments,
  );

const page = (cookie: string, body: Record<string, unknown>) =>
  t.post<FeedbacksPage>(`${F}/getFeedbacksByCompanyId`, body, cookie);

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, otherAdmin, c1, c2, auditor: auditor1, employee, demoOrg, otherOrg } = await demoSessions(t));
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/feedback/createFeedback', () => {
  it('takes the author and the organisation from the session, with its files and an audit entry', async () => {
    const otherId = await t.userId('contractor2@demo.test');
    const res = await give(
      c1,
      '  The gate is blocked  ',
      [{ name: 'gate photo.png', content: PNG_BYTES }],
      [
        ['userUid', otherId],
        ['cmp_id', otherOrg],
        ['cmp_name', 'Someone else'],
      ],
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(m.added);
    expect(res.body.data).toMatchObject({
      feedbackText: 'The gate is blocked',
      userUid: await t.userId('contractor1@demo.test'),
      userType: 3,
      userInfo: { name: 'Callum Reid', email: 'contractor1@demo.test' },
      cmp_id: demoOrg,
      cmp_name: 'North Sea Scaffolding',
    });
    expect(res.body.data.attachments[0]?.fileName).toMatch(/^[A-Za-z0-9]{5}_gate_photo\.png$/);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'feedback'), eq(auditLog.entityId, res.body.data._id)));
    expect(audit.map((a) => a.action)).toEqual(['feedback.create']);
  });

  it('is open to the organisation and auditors too, and names their company', async () => {
    const byAdmin = await give(admin, 'Note from us');
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.cmp_name).toBe('Demo Gas Ltd');
    const byAuditor = await give(auditor1, 'Note from the auditor', [
      { name: 'r.pdf', content: PDF_BYTES },
    ]);
    expect(byAuditor.status).toBe(200);
    expect(byAuditor.body.data.cmp_name).toBe('Safeguard Inspections');
  });

  it('refuses a blank text, other file types and bytes that do not match, keeping no file', async () => {
    const before = (await t.db.select({ id: files.id }).from(files)).length;
    const blank = await give(c1, '   ', [{ name: 'a.png', content: PNG_BYTES }]);
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(m.textRequired);
    const docx = await give(c1, 'With a doc', [{ name: 'a.docx', content: PDF_BYTES }]);
    expect(docx.status).toBe(415);
    expect(docx.body.message).toBe(messages.files.unsupported);
    const fake = await give(c1, 'Fake png', [{ name: 'a.png', content: PDF_BYTES }]);
    expect(fake.status).toBe(415);
    expect((await t.db.select({ id: files.id }).from(files)).length).toBe(before);
  });

  it('needs a session and a web user', async () => {
    expect((await give(undefined, 'x')).status).toBe(401);
    expect((await give(employee, 'x')).status).toBe(403);
  });
});

describe('POST /api/feedback/getFeedbacksByCompanyId', () => {
  it('gives the organisation one page newest first and the count of all', async () => {
    const first = await page(admin, { companyId: demoOrg, pageSize: 5 });
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBeGreaterThanOrEqual(3);
    expect(first.body.data.data.length).toBe(Math.min(5, first.body.data.total));
    const stamps = first.body.data.data.map((f) => f.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    expect(first.body.data.data.every((f) => f.cmp_id === demoOrg)).toBe(true);
    const companies = (await page(admin, { companyId: demoOrg, pageSize: 20 })).body.data.data.map(
      (f) => f.cmp_name,
    );
    for (const c of ['North Sea Scaffolding', 'Harbour Electrical Services', 'Granite Civil Works'])
      expect(companies).toContain(c);
    const second = await page(admin, { companyId: demoOrg, page: 2, pageSize: 5 });
    expect(second.body.data.data.length).toBe(Math.max(0, Math.min(5, first.body.data.total - 5)));
    // The count is the organisation's rows, on every page, a page past the end included.
    const [counted] = await t.db.select({ n: count() }).from(feedbacks).where(eq(feedbacks.organisationId, demoOrg));
    expect(first.body.data.total).toBe(counted?.n);
    const past = await page(admin, { companyId: demoOrg, page: 99, pageSize: 5 });
    expect(past.status).toBe(200);
    expect(past.body.data).toEqual({ data: [], total: counted?.n });
  });

  it('answers 404 for another organisation, 403 to others, 400 naming the field', async () => {
    expect((await page(otherAdmin, { companyId: demoOrg })).status).toBe(404);
    for (const who of [c1, auditor1])
      expect((await page(who, { companyId: demoOrg })).status).toBe(403);
    expect((await t.post(`${F}/getFeedbacksByCompanyId`, { companyId: demoOrg })).status).toBe(401);
    const size = await page(admin, { companyId: demoOrg, pageSize: 7 });
    expect(size.status).toBe(400);
    expect(size.body.message).toContain('pageSize');
    const missing = await page(admin, {});
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('companyId');
  });
});

describe('GET /api/feedback/getAllFeedbacks', () => {
  it('gives the organisation its own feedback only', async () => {
    const res = await t.get<Feedback[]>(`${F}/getAllFeedbacks`, otherAdmin);
    expect(res.status).toBe(200);
    expect(res.body.data.map((f) => f.cmp_name)).toEqual(['Other Fabrication Co']);
    expect((await t.get(`${F}/getAllFeedbacks`, c1)).status).toBe(403);
    expect((await t.get(`${F}/getAllFeedbacks`)).status).toBe(401);
  });
});

describe('attachments of a feedback', () => {
  it("are read by the organisation's users and the author only", async () => {
    const res = await give(c1, 'Photo for the organisation', [
      { name: 'p.png', content: PNG_BYTES },
    ]);
    const link = res.body.data.attachments[0]?.fileLink ?? '';
    expect(await downloadStatus(t, link, admin)).toBe(200);
    expect(await downloadStatus(t, link, c1)).toBe(200);
    for (const who of [c2, auditor1, employee, otherAdmin])
      expect(await downloadStatus(t, link, who)).toBe(404);
  });
});

describe('POST /api/feedback/deleteFeedback', () => {
  it('deletes the feedback and its files; another organisation gets 404, a contractor 403', async () => {
    const created = (await give(c2, 'To remove', [{ name: 'x.png', content: PNG_BYTES }])).body
      .data;
    expect(
      (await t.post(`${F}/deleteFeedback`, { feedbackId: created._id }, otherAdmin)).status,
    ).toBe(404);
    expect((await t.post(`${F}/deleteFeedback`, { feedbackId: created._id }, c2)).status).toBe(403);
    expect((await t.post(`${F}/deleteFeedback`, { feedbackId: created._id })).status).toBe(401);
    expect((await t.post(`${F}/deleteFeedback`, {}, admin)).status).toBe(400);
    const res = await t.post(`${F}/deleteFeedback`, { feedbackId: created._id }, admin);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.deleted);
    expect(await downloadStatus(t, created.attachments[0]?.fileLink ?? '', admin)).toBe(404);
    const all = (await page(admin, { companyId: demoOrg, pageSize: 20 })).body.data.data;
    expect(all.some((f) => f._id === created._id)).toBe(false);
    expect((await t.post(`${F}/deleteFeedback`, { feedbackId: created._id }, admin)).status).toBe(
      404,
    );
  });
});
