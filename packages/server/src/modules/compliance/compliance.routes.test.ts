import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { complianceLinks } from '@palisade/domain/compliance/compliance.rules';
import type {
  DocumentHistoryReply,
  DocumentVersion,
  MatrixReply,
  MyComplianceReply,
  Requirement,
  RequirementsReply,
} from '@palisade/domain/compliance/compliance.schema';
import { messages } from '@palisade/domain/messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { auditLog, complianceDocuments, files, notifications } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';
import { PDF_BYTES, postForm, type TestFile } from '../../test/documents-helpers';

const m = messages.compliance;
const C = '/api/compliance';
const DAY = 86_400_000;
const clock = manualClock(new Date());
const dayFrom = (offset: number) => new Date(clock.now().getTime() + offset * DAY).toISOString().slice(0, 10);

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let otherContractor: string;
let auditor1: string;
let demoOrg: string;
let otherOrg: string;
let c1Id: string;
let auditor1Id: string;
let adminId: string;

const requirement = async (body: Record<string, unknown>, cookie = admin) =>
  t.post<Requirement>(`${C}/createRequirement`, { companyId: demoOrg, name: `Req ${crypto.randomUUID().slice(0, 8)}`, ...body }, cookie);

const pdf = (name = 'Certificate.pdf'): TestFile => ({ name, content: PDF_BYTES, field: 'file' });

const upload = (cookie: string | undefined, fields: Record<string, string>, file: TestFile | null = pdf()) =>
  postForm<DocumentVersion>(t, `${C}/uploadDocument`, cookie, Object.entries(fields), file ? [file] : []);

const counts = async () => ({
  files: (await t.db.select({ id: files.id }).from(files)).length,
  versions: (await t.db.select({ id: complianceDocuments.id }).from(complianceDocuments)).length,
  stored: (await fs.readdir(path.join(t.dataDir, 'files', 'compliance'), { recursive: true }).catch(() => [])).filter((p) => /\.[a-z]+$/i.test(p)).length,
});

const notified = (userId: string, kind: string) =>
  t.db.select({ link: notifications.link, title: notifications.title }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind as 'compliance_submitted')));

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  otherContractor = await t.signIn('contractor@other.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  c1Id = await t.userId('contractor1@demo.test');
  auditor1Id = await t.userId('auditor1@demo.test');
  adminId = await t.userId('admin@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('requirements', () => {
  it('adds one with an audit entry; the same id twice stores one; 400, 401, 403, 404, 409 name', async () => {
    const id = crypto.randomUUID();
    const res = await requirement({ id, name: 'Scaffold inspection certificate', reminderDays: [7, 30, 30] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.requirementCreated);
    expect(res.body.data).toMatchObject({ _id: id, companyId: demoOrg, appliesTo: 'ALL', mandatory: true, expires: true, reminderDays: [30, 7], reviewer: 'ORGANISATION', version: 0, retired: false });
    const again = await requirement({ id, name: 'Scaffold inspection certificate', reminderDays: [7, 30] });
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(id);
    const audit = await t.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'compliance.createRequirement')));
    expect(audit).toHaveLength(1);
    expect((await requirement({ name: 'scaffold INSPECTION certificate' })).status).toBe(409);
    const noName = await requirement({ name: '' });
    expect([noName.status, noName.body.message]).toEqual([400, m.nameRequired]);
    const noCompanies = await requirement({ appliesTo: 'COMPANIES' });
    expect([noCompanies.status, noCompanies.body.message]).toEqual([400, m.companiesRequired]);
    const strangers = await requirement({ appliesTo: 'COMPANIES', contractorIds: [await t.userId('contractor@other.test')] });
    expect([strangers.status, strangers.body.message]).toEqual([400, m.invalid('contractorIds')]);
    expect((await requirement({}, '')).status).toBe(401);
    expect((await requirement({}, c1)).status).toBe(403);
    expect((await requirement({}, auditor1)).status).toBe(403);
    expect((await t.post(`${C}/createRequirement`, { companyId: demoOrg, name: 'Theirs' }, otherAdmin)).status).toBe(404);
  });

  it('edits on its version (stale: 409), retires, and lists live ones first', async () => {
    const created = (await requirement({ name: 'Asbestos awareness' })).body.data;
    const edit = (version: number, cookie = admin) =>
      t.post<Requirement>(`${C}/updateRequirement`, { requirementId: created._id, version, name: 'Asbestos awareness training', expires: false, reviewer: 'BOTH' }, cookie);
    const edited = await edit(0);
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Asbestos awareness training', version: 1, expires: false, reminderDays: [], reviewer: 'BOTH' });
    const stale = await edit(0);
    expect([stale.status, stale.body.message]).toEqual([409, coreMessages.http.changedBySomeoneElse]);
    expect((await edit(1, otherAdmin)).status).toBe(404);
    expect((await edit(1, auditor1)).status).toBe(403);
    const retire = (version: number) => t.post<Requirement>(`${C}/retireRequirement`, { requirementId: created._id, version }, admin);
    expect((await retire(0)).status).toBe(409);
    expect((await retire(1)).body.data.retired).toBe(true);
    const live = await t.post<RequirementsReply>(`${C}/listRequirements`, { companyId: demoOrg }, auditor1);
    expect(live.status).toBe(200);
    expect(live.body.data.requirements.map((r) => r._id)).not.toContain(created._id);
    const all = await t.post<RequirementsReply>(`${C}/listRequirements`, { companyId: demoOrg, includeRetired: true }, admin);
    expect(all.body.data.requirements.at(-1)?._id).toBe(created._id);
    expect((await t.post(`${C}/listRequirements`, { companyId: otherOrg }, admin)).status).toBe(404);
    expect((await t.post(`${C}/listRequirements`, { companyId: demoOrg }, c1)).status).toBe(403);
  });
});

describe('uploadDocument', () => {
  it('stores a version for review, tells the reviewers, and the same id twice stores one', async () => {
    const req = (await requirement({ reviewer: 'AUDITORS' })).body.data;
    const id = crypto.randomUUID();
    const fields = { id, requirementId: req._id, issueDate: dayFrom(-10), expiryDate: dayFrom(300), reference: 'POL-1' };
    const res = await upload(c1, fields);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.documentUploaded);
    expect(res.body.data).toMatchObject({ _id: id, state: 'SUBMITTED', reference: 'POL-1', expiryDate: dayFrom(300), contractorId: c1Id });
    const before = await counts();
    const again = await upload(c1, fields);
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(id);
    expect(await counts()).toEqual(before);
    expect(await notified(auditor1Id, 'compliance_submitted')).toContainEqual(expect.objectContaining({ link: complianceLinks.auditorHistory(c1Id, req._id) }));
    expect((await notified(adminId, 'compliance_submitted')).filter((n) => n.link.includes(req._id))).toHaveLength(0);
    // The file is readable by the organisation and the contractor, not by another contractor.
    const link = res.body.data.file.fileLink;
    for (const [cookie, status] of [[admin, 200], [c1, 200], [auditor1, 200], [c2, 404]] as const)
      expect((await t.app.inject({ method: 'GET', url: link, headers: { cookie } })).statusCode, String(status)).toBe(status);
  });

  it('refuses bad input with the catalogue text and stores nothing', async () => {
    const req = (await requirement({})).body.data;
    const noExpiry = (await requirement({ expires: false })).body.data;
    const good = { requirementId: req._id, issueDate: dayFrom(-1), expiryDate: dayFrom(30) };
    const before = await counts();
    const cases: [Record<string, string>, TestFile | null, string][] = [
      [good, { name: 'notes.txt', content: Buffer.from('hello'), field: 'file' }, m.fileType],
      [good, { name: 'fake.pdf', content: Buffer.from('not a pdf at all, just text'), field: 'file' }, m.fileType],
      [good, { name: 'empty.pdf', content: Buffer.alloc(0), field: 'file' }, m.fileEmpty],
      [good, null, m.fileRequired],
      [{ ...good, expiryDate: dayFrom(-1), issueDate: dayFrom(-5) }, pdf(), m.expiryInPast],
      [{ ...good, issueDate: dayFrom(1), expiryDate: dayFrom(40) }, pdf(), m.issueDateFuture],
      [{ ...good, issueDate: dayFrom(-1), expiryDate: dayFrom(-2) }, pdf(), m.expiryBeforeIssue],
      [{ requirementId: req._id, issueDate: dayFrom(-1) }, pdf(), m.expiryDateRequired],
      [{ ...good, expiryDate: dayFrom(366 * 21) }, pdf(), m.expiryTooFar(20)],
      [{ ...good, issueDate: '2026-02-30' }, pdf(), m.dayInvalid('issueDate')],
    ];
    for (const [fields, file, text] of cases) {
      const res = await upload(c1, fields, file);
      expect(res.status, text).toBe(400);
      expect(res.body.message, text).toContain(text);
    }
    const unknown = await upload(c1, { ...good, requirementId: crypto.randomUUID() });
    expect([unknown.status, unknown.body.message]).toEqual([404, m.requirementNotFound]);
    expect(await counts()).toEqual(before);
    // A requirement without expiry ignores the expiry date.
    const kept = await upload(c1, { requirementId: noExpiry._id, issueDate: dayFrom(0), expiryDate: dayFrom(10) }, { name: 'photo.png', content: PNG_BYTES, field: 'file' });
    expect([kept.status, kept.body.data.expiryDate]).toEqual([200, null]);
    expect((await upload(undefined, good)).status).toBe(401);
    expect((await upload(admin, good)).status).toBe(403);
    expect((await upload(otherContractor, good)).status).toBe(404);
    const notMine = (await requirement({ appliesTo: 'COMPANIES', contractorIds: [await t.userId('contractor2@demo.test')] })).body.data;
    expect((await upload(c1, { ...good, requirementId: notMine._id })).status).toBe(403);
    expect(await counts()).toEqual({ files: before.files + 1, versions: before.versions + 1, stored: before.stored + 1 });
  });
});

describe('reviewDocument and getDocumentHistory', () => {
  const review = (cookie: string, documentId: string, decision: string, remark = '') => t.post<DocumentVersion>(`${C}/reviewDocument`, { documentId, decision, remark }, cookie);

  it('follows the reviewer setting, keeps every judgement as the history, and judges once', async () => {
    for (const [reviewer, allowed, refused] of [['AUDITORS', auditor1, admin], ['ORGANISATION', admin, auditor1]] as const) {
      const req = (await requirement({ reviewer })).body.data;
      const first = (await upload(c1, { requirementId: req._id, issueDate: dayFrom(-3), expiryDate: dayFrom(200) })).body.data;
      const denied = await review(refused, first._id, 'ACCEPTED');
      expect([denied.status, denied.body.message]).toEqual([403, m.notReviewer]);
      const noRemark = await review(allowed, first._id, 'REJECTED');
      expect([noRemark.status, noRemark.body.message]).toEqual([400, m.remarkRequired]);
      const rejected = await review(allowed, first._id, 'REJECTED', 'Unsigned page');
      expect([rejected.status, rejected.body.message, rejected.body.data.state, rejected.body.data.remark]).toEqual([200, m.documentRejected, 'REJECTED', 'Unsigned page']);
      const twice = await review(allowed, first._id, 'ACCEPTED');
      expect([twice.status, twice.body.message]).toEqual([409, m.alreadyReviewed]);
      expect((await notified(c1Id, 'compliance_reviewed')).some((n) => n.link === complianceLinks.contractorHistory(req._id))).toBe(true);
      const mine = await t.post<DocumentHistoryReply>(`${C}/getDocumentHistory`, { requirementId: req._id }, c1);
      expect([mine.body.data.status, mine.body.data.versions[0]?.remark, mine.body.data.canReview]).toEqual(['REJECTED', 'Unsigned page', false]);
      const second = (await upload(c1, { requirementId: req._id, issueDate: dayFrom(-1), expiryDate: dayFrom(200) })).body.data;
      const seen = await t.post<DocumentHistoryReply>(`${C}/getDocumentHistory`, { requirementId: req._id, contractorId: c1Id }, allowed);
      expect(seen.body.data.versions.map((v) => v._id)).toEqual([second._id, first._id]);
      expect([seen.body.data.status, seen.body.data.canReview]).toEqual(['SUBMITTED', true]);
      const accepted = await review(allowed, second._id, 'ACCEPTED');
      expect([accepted.status, accepted.body.data.state, accepted.body.data.reviewedBy?._id]).toEqual([200, 'ACCEPTED', allowed === admin ? adminId : auditor1Id]);
      const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, first._id));
      expect(audit.map((a) => a.action).sort()).toEqual(['compliance.reject', 'compliance.upload']);
    }
    const both = (await requirement({ reviewer: 'BOTH' })).body.data;
    const doc = (await upload(c1, { requirementId: both._id, issueDate: dayFrom(-3), expiryDate: dayFrom(200) })).body.data;
    expect((await review(auditor1, doc._id, 'ACCEPTED')).status).toBe(200);
    expect((await review(c1, doc._id, 'ACCEPTED')).status).toBe(403);
    expect((await review(otherAdmin, doc._id, 'ACCEPTED')).status).toBe(404);
    expect((await review(admin, crypto.randomUUID(), 'ACCEPTED')).status).toBe(404);
    expect((await review(admin, doc._id, 'MAYBE')).body.message).toBe(m.decisionInvalid);
  });

  it('reads the history only for its own side', async () => {
    const req = (await requirement({})).body.data;
    await upload(c1, { requirementId: req._id, issueDate: dayFrom(-3), expiryDate: dayFrom(200) });
    const history = (cookie: string, body: Record<string, unknown>) => t.post<DocumentHistoryReply>(`${C}/getDocumentHistory`, body, cookie);
    expect((await history(c2, { requirementId: req._id, contractorId: c1Id })).status).toBe(404);
    expect((await history(c2, { requirementId: req._id })).body.data.versions).toEqual([]);
    expect((await history(admin, { requirementId: req._id })).body.message).toBe(m.required('contractorId'));
    expect((await history(otherAdmin, { requirementId: req._id, contractorId: c1Id })).status).toBe(404);
    expect((await history(otherContractor, { requirementId: req._id })).status).toBe(404);
    expect((await t.post(`${C}/getDocumentHistory`, { requirementId: req._id })).status).toBe(401);
  });
});

describe('status by the clock', () => {
  it('walks an accepted document from Valid through Expiring to Expired, the same in the list and the matrix', async () => {
    const req = (await requirement({ reminderDays: [30, 7], reviewer: 'BOTH' })).body.data;
    const expiry = dayFrom(40);
    const doc = (await upload(c1, { requirementId: req._id, issueDate: dayFrom(-1), expiryDate: expiry })).body.data;
    const start = clock.now();
    const read = async () => {
      const mine = await t.post<MyComplianceReply>(`${C}/listMyCompliance`, { companyId: demoOrg }, c1);
      const item = mine.body.data.items.find((i) => i.requirement._id === req._id);
      const matrix = await t.post<MatrixReply>(`${C}/getMatrix`, { companyId: demoOrg, search: 'North Sea', requirementId: req._id }, admin);
      const column = matrix.body.data.requirements.findIndex((r) => r._id === req._id);
      return { status: item?.status, daysLeft: item?.daysLeft, cell: matrix.body.data.rows[0]?.cells[column]?.status };
    };
    expect((await read()).status).toBe('SUBMITTED');
    expect((await t.post(`${C}/reviewDocument`, { documentId: doc._id, decision: 'ACCEPTED' }, admin)).status).toBe(200);
    const at = (days: number) => clock.set(new Date(start.getTime() + days * DAY));
    for (const [days, status, left] of [[0, 'VALID', 40], [9, 'VALID', 31], [10, 'EXPIRING', 30], [39, 'EXPIRING', 1], [40, 'EXPIRING', 0], [41, 'EXPIRED', -1]] as const) {
      at(days);
      expect(await read(), `day ${days}`).toEqual({ status, daysLeft: left, cell: status });
    }
    clock.set(start);
    expect((await t.post(`${C}/listMyCompliance`, { companyId: otherOrg }, c1)).status).toBe(404);
    expect((await t.post(`${C}/listMyCompliance`, { companyId: demoOrg }, admin)).status).toBe(403);
  });

  it('gives the seeded contractor1 one document expiring in 10 days and one expired', async () => {
    const mine = await t.post<MyComplianceReply>(`${C}/listMyCompliance`, { companyId: demoOrg }, c1);
    const byName = new Map(mine.body.data.items.map((i) => [i.requirement.name, i]));
    expect(byName.get('Public liability insurance')).toMatchObject({ status: 'EXPIRING', daysLeft: 10 });
    expect(byName.get("Employer's liability insurance")?.status).toBe('EXPIRED');
    expect(byName.get('ISO 45001 certificate')?.status).toBe('SUBMITTED');
    expect(byName.get('Method statement')?.status).toBe('VALID');
    expect(mine.body.data.overall).toBe('NOT_COMPLIANT');
    expect(mine.body.data.nextExpiry?.name).toBe('Public liability insurance');
  });
});
