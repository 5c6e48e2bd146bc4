import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { DOCUMENT_ATTACHMENTS_MAX, MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import { DOCUMENT_VIEWER_PAGE_SIZES } from '@palisade/domain/documents/document.rules';
import type {
  DocumentsReply,
  DocumentViewersPage,
  DocViewReply,
  PolicyDocument,
} from '@palisade/domain/documents/document.schema';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import { auditLog, files, policyDocumentViews, users } from '../../db/schema';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';
import { downloadStatus, PDF_BYTES, postForm } from '../../test/documents-helpers';

const m = messages.documents;
const D = '/api/document';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let otherContractor: string;
let auditor1: string;
let employee: string;
let demoOrg: string;
let otherOrg: string;

const create = (
  cookie: string | undefined,
  title: string,
  files = [{ name: 'Policy one.pdf', content: PDF_BYTES }],
  description = 'Read before the next shift',
) =>
  postForm<PolicyDocument>(
    t,
    `${D}/createDocument`,
    cookie,
    [
      ['title', title],
      ['description', description],
    ],
    files,
  );

const list = (cookie: string, companyId: string, viewers = true) =>
  t.post<DocumentsReply>(
    `${D}/getDocumentsByCompanyId${viewers ? '?viewers=true' : ''}`,
    { companyId },
    cookie,
  );

const fileCount = async () => (await t.db.select({ id: files.id }).from(files)).length;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  otherContractor = await t.signIn('contractor@other.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  employee = await t.signIn('employee1@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/document/createDocument', () => {
  it('creates a document with its files for the working organisation, with an audit entry', async () => {
    const res = await create(admin, '  Hot Work Rules  ', [
      { name: 'Hot work.pdf', content: PDF_BYTES },
      { name: 'sign.png', content: PNG_BYTES },
    ]);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(m.created);
    expect(res.body.data).toMatchObject({
      title: 'Hot Work Rules',
      description: 'Read before the next shift',
      companyId: demoOrg,
      creatorName: 'Dana Admin',
      creatorType: 2,
      viewerCount: 0,
    });
    expect(res.body.data.attachments).toHaveLength(2);
    expect(res.body.data.attachments[0]?.fileName).toMatch(/^[A-Za-z0-9]{5}_Hot_work\.pdf$/);
    expect(
      res.body.data.attachments[0]?.filePath.startsWith(`policy/${demoOrg}/${res.body.data._id}/`),
    ).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'policy_document'), eq(auditLog.entityId, res.body.data._id)));
    expect(audit.map((a) => a.action)).toEqual(['document.create']);
  });

  it('refuses missing title, text or files with "All fields are mandatory" and keeps no file', async () => {
    const before = await fileCount();
    const noTitle = await create(admin, '   ');
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe(m.allMandatory);
    const noText = await create(admin, 'A title', undefined, '');
    expect(noText.status).toBe(400);
    expect(noText.body.message).toBe(m.allMandatory);
    const noFiles = await create(admin, 'A title', []);
    expect(noFiles.status).toBe(400);
    expect(noFiles.body.message).toBe(m.allMandatory);
    expect(await fileCount()).toBe(before);
  });

  it('refuses other types, bytes that do not match, files over 10 MB and too many files', async () => {
    const before = await fileCount();
    const docx = await create(admin, 'Typed', [
      { name: 'a.pdf', content: PDF_BYTES },
      { name: 'b.docx', content: PDF_BYTES },
    ]);
    expect(docx.status).toBe(415);
    expect(docx.body.message).toBe(messages.files.wrongDocumentType);
    const fake = await create(admin, 'Fake', [{ name: 'image.pdf', content: PNG_BYTES }]);
    expect(fake.status).toBe(415);
    const big = await create(admin, 'Big', [
      { name: 'big.csv', content: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x61) },
    ]);
    expect(big.status).toBe(413);
    const many = await create(
      admin,
      'Many',
      Array.from({ length: DOCUMENT_ATTACHMENTS_MAX + 1 }, (_, i) => ({
        name: `p${i}.pdf`,
        content: PDF_BYTES,
      })),
    );
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(m.tooManyFiles(DOCUMENT_ATTACHMENTS_MAX));
    expect(await fileCount()).toBe(before);
  });

  it('takes a multipart form only', async () => {
    const res = await t.post(`${D}/createDocument`, { title: 'T', description: 'D' }, admin);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(m.multipart);
  });

  it('is for the organisation only', async () => {
    expect((await create(undefined, 'x')).status).toBe(401);
    for (const who of [c1, auditor1, employee]) expect((await create(who, 'x')).status).toBe(403);
  });
});

describe('POST /api/document/getDocumentsByCompanyId', () => {
  it('gives the organisation its documents newest first, with viewers and the audience count', async () => {
    const res = await list(admin, demoOrg);
    expect(res.status).toBe(200);
    const docs = res.body.data.data;
    expect(docs.length).toBeGreaterThanOrEqual(6);
    const stamps = docs.map((d) => d.createdAt);
    expect([...stamps].sort().reverse()).toEqual(stamps);
    // Its active contractors and its active employees can read the demo organisation's documents.
    const contractors = await t.post<Array<{ isActive: boolean }>>(
      '/api/contractor/getContractorsByCompanyId',
      { companyId: demoOrg },
      admin,
    );
    const staff = await t.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.organisationId, demoOrg),
          eq(users.type, UserType.EMPLOYEE),
          eq(users.isActive, true),
        ),
      );
    expect(staff.length).toBeGreaterThanOrEqual(4);
    expect(res.body.data.employee_count).toBe(
      contractors.body.data.filter((c) => c.isActive).length + staff.length,
    );
    // A disabled contractor no longer counts.
    const c3 = await t.userId('contractor3@demo.test');
    const status = (disable: boolean) =>
      t.post('/api/contractor/changeContractorAccStatus', { contractorId: c3, disable }, admin);
    expect((await status(true)).status).toBe(200);
    expect((await list(admin, demoOrg)).body.data.employee_count).toBe(
      res.body.data.employee_count - 1,
    );
    expect((await status(false)).status).toBe(200);
    expect((await list(admin, demoOrg)).body.data.employee_count).toBe(
      res.body.data.employee_count,
    );
    const spill = docs.find((d) => d.title === 'Environmental Spill Response');
    expect(spill?.viewerCount).toBe(4);
    expect(spill?.viewers.map((v) => v.viewer.name)).toContain('North Sea Scaffolding');
    // Every document's viewers are its views as stored, newest first; the admin read none.
    for (const d of docs) {
      const views = await t.db
        .select()
        .from(policyDocumentViews)
        .where(eq(policyDocumentViews.documentId, d._id))
        .orderBy(desc(policyDocumentViews.viewedAt), policyDocumentViews.userId);
      expect(d.viewers, d.title).toEqual(
        views.map((v) => ({ viewer: { type: v.viewerType, name: v.viewerName, uid: v.userId }, viewed_at: v.viewedAt.toISOString() })),
      );
      expect(d.viewerCount, d.title).toBe(views.length);
      expect(d.viewedByMe, d.title).toBe(false);
    }
    expect(docs.every((d) => d.companyId === demoOrg)).toBe(true);
    const withoutViewers = await list(admin, demoOrg, false);
    expect(withoutViewers.body.data.data.every((d) => d.viewers.length === 0)).toBe(true);
  });

  it('gives a contractor the documents without who else read them', async () => {
    const res = await list(c1, demoOrg);
    expect(res.status).toBe(200);
    const docs = res.body.data.data;
    expect(docs.length).toBeGreaterThanOrEqual(6);
    expect(docs.every((d) => d.viewers.length === 0)).toBe(true);
    expect(docs.find((d) => d.title === 'Permit to Work Policy 2026')?.viewedByMe).toBe(true);
    expect(docs.find((d) => d.title === 'Drug and Alcohol Policy')?.viewedByMe).toBe(false);
  });

  it('answers 404 for another tenant and 403 for auditors; 400 names the field', async () => {
    expect((await list(c1, otherOrg)).status).toBe(404);
    expect((await list(otherAdmin, demoOrg)).status).toBe(404);
    expect((await list(auditor1, demoOrg)).status).toBe(403);
    expect((await t.post(`${D}/getDocumentsByCompanyId`, { companyId: demoOrg })).status).toBe(401);
    const bad = await t.post(`${D}/getDocumentsByCompanyId`, {}, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('companyId');
    expect(
      (await t.post(`${D}/getDocumentsByCompanyId?viewers=maybe`, { companyId: demoOrg }, admin))
        .status,
    ).toBe(400);
  });
});

describe('POST /api/document/getDocumentViewers', () => {
  it("pages a document's viewers newest first, with how many there are", async () => {
    const doc = (await create(admin, 'Read by many')).body.data;
    const readers = await t.db.select({ id: users.id, name: users.name, type: users.type }).from(users).limit(23);
    expect(readers.length).toBeGreaterThan(10);
    const base = Date.parse('2030-05-01T08:00:00.000Z');
    await t.db.insert(policyDocumentViews).values(
      readers.map((u, i) => ({
        documentId: doc._id,
        userId: u.id,
        viewerType: u.type,
        viewerName: u.name,
        viewedAt: new Date(base + i * 60_000),
      })),
    );
    const newestFirst = [...readers].reverse().map((u) => u.id);
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(readers.length / 10); page += 1) {
      const res = await t.post<DocumentViewersPage>(`${D}/getDocumentViewers`, { documentId: doc._id, page, pageSize: 10 }, admin);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data).toMatchObject({ total: readers.length, page, pageSize: 10 });
      seen.push(...res.body.data.viewers.map((v) => v.viewer.uid));
    }
    expect(seen).toEqual(newestFirst);
    // Defaults: the first page of 10.
    const first = await t.post<DocumentViewersPage>(`${D}/getDocumentViewers`, { documentId: doc._id }, admin);
    expect(first.body.data).toMatchObject({ page: 1, pageSize: DOCUMENT_VIEWER_PAGE_SIZES[0], total: readers.length });
    expect(first.body.data.viewers[0]).toEqual({
      viewer: { type: readers.at(-1)?.type, name: readers.at(-1)?.name, uid: readers.at(-1)?.id },
      viewed_at: new Date(base + (readers.length - 1) * 60_000).toISOString(),
    });
    // Past the end: none, the same total.
    const past = await t.post<DocumentViewersPage>(`${D}/getDocumentViewers`, { documentId: doc._id, page: 9, pageSize: 50 }, admin);
    expect(past.body.data.viewers).toEqual([]);
    expect(past.body.data.total).toBe(readers.length);
  });

  it('refuses bad input (400), no session (401), contractors, employees and auditors (403), another tenant (404)', async () => {
    const doc = (await create(admin, 'Read by few')).body.data;
    for (const body of [{}, { documentId: '' }, { documentId: doc._id, page: 0 }, { documentId: doc._id, page: 'x' }, { documentId: doc._id, pageSize: 7 }]) {
      const res = await t.post(`${D}/getDocumentViewers`, body, admin);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const badSize = await t.post(`${D}/getDocumentViewers`, { documentId: doc._id, pageSize: 7 }, admin);
    expect(badSize.body.message).toContain(messages.assessment.pageSizeOneOf(DOCUMENT_VIEWER_PAGE_SIZES));
    const badPage = await t.post(`${D}/getDocumentViewers`, { documentId: doc._id, page: 0 }, admin);
    expect(badPage.body.message).toContain(messages.assessment.pageInvalid);
    expect((await t.post(`${D}/getDocumentViewers`, { documentId: doc._id })).status).toBe(401);
    for (const cookie of [c1, employee, auditor1]) {
      expect((await t.post(`${D}/getDocumentViewers`, { documentId: doc._id }, cookie)).status).toBe(403);
    }
    const foreign = await t.post(`${D}/getDocumentViewers`, { documentId: doc._id }, otherAdmin);
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(m.notFound);
    expect((await t.post(`${D}/getDocumentViewers`, { documentId: 'no-such-document' }, admin)).status).toBe(404);
  });
});

describe('GET /api/document/getAllDocuments', () => {
  it("gives each reader its own organisations' documents only", async () => {
    const mine = await t.get<DocumentsReply>(`${D}/getAllDocuments`, otherContractor);
    expect(mine.status).toBe(200);
    expect(mine.body.data.data.map((d) => d.title)).toEqual(['Site Induction Handbook']);
    const demo = await t.get<DocumentsReply>(`${D}/getAllDocuments`, employee);
    expect(demo.body.data.data.every((d) => d.companyId === demoOrg)).toBe(true);
    expect((await t.get(`${D}/getAllDocuments`, auditor1)).status).toBe(403);
    expect((await t.get(`${D}/getAllDocuments`)).status).toBe(401);
  });
});

describe('POST /api/document/recordDocView', () => {
  it('records the signed-in reader once, whatever the body names', async () => {
    const doc = (await create(admin, 'Read once')).body.data;
    const otherId = await t.userId('contractor2@demo.test');
    const first = await t.post<DocViewReply>(
      `${D}/recordDocView`,
      { documentId: doc._id, viewer: { type: 3, name: 'Someone', uid: otherId } },
      c1,
    );
    expect(first.status).toBe(200);
    expect(first.body.data.recorded).toBe(true);
    const again = await t.post<DocViewReply>(`${D}/recordDocView`, { documentId: doc._id }, c1);
    expect(again.body.data).toEqual({
      documentId: doc._id,
      viewed_at: first.body.data.viewed_at,
      recorded: false,
    });
    const listed = (await list(admin, demoOrg)).body.data.data.find((d) => d._id === doc._id);
    expect(listed?.viewerCount).toBe(1);
    expect(listed?.viewers.map((v) => v.viewer)).toEqual([
      { type: 3, name: 'North Sea Scaffolding', uid: await t.userId('contractor1@demo.test') },
    ]);
    expect((await t.post(`${D}/recordDocView`, { documentId: doc._id }, employee)).status).toBe(
      200,
    );
  });

  it('answers 404 for another tenant, 403 for the organisation and auditors, 400 without documentId', async () => {
    const doc = (await create(admin, 'Private to demo')).body.data;
    expect(
      (await t.post(`${D}/recordDocView`, { documentId: doc._id }, otherContractor)).status,
    ).toBe(404);
    expect((await t.post(`${D}/recordDocView`, { documentId: doc._id }, admin)).status).toBe(403);
    expect((await t.post(`${D}/recordDocView`, { documentId: doc._id }, auditor1)).status).toBe(
      403,
    );
    expect((await t.post(`${D}/recordDocView`, { documentId: doc._id })).status).toBe(401);
    const bad = await t.post(`${D}/recordDocView`, {}, c1);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('documentId');
  });
});

describe('POST /api/document/editDocument', () => {
  it('changes the text, keeps the files named, adds new ones and removes the rest', async () => {
    const doc = (
      await create(admin, 'Before edit', [
        { name: 'one.pdf', content: PDF_BYTES },
        { name: 'two.png', content: PNG_BYTES },
      ])
    ).body.data;
    const [one, two] = doc.attachments;
    if (!one || !two) throw new Error('two attachments expected');
    const res = await postForm<PolicyDocument>(
      t,
      `${D}/editDocument`,
      admin,
      [
        ['documentId', doc._id],
        ['title', 'After edit'],
        ['description', 'New text'],
        ['keep', one.filePath],
      ],
      [{ name: 'three.csv', content: Buffer.from('a,b\n1,2\n') }],
    );
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe(m.edited);
    expect(res.body.data).toMatchObject({
      _id: doc._id,
      title: 'After edit',
      description: 'New text',
    });
    expect(res.body.data.attachments.map((a) => a.fileName.slice(6))).toEqual([
      'one.pdf',
      'three.csv',
    ]);
    expect(await downloadStatus(t, two.fileLink, admin)).toBe(404);
    expect(await downloadStatus(t, one.fileLink, admin)).toBe(200);
  });

  it("refuses to leave no file, an unknown keep, and another tenant's or a contractor's edit", async () => {
    const doc = (await create(admin, 'Edit rules')).body.data;
    const path = doc.attachments[0]?.filePath ?? '';
    const fields = (keep: string[]): Array<[string, string]> => [
      ['documentId', doc._id],
      ['title', 'T'],
      ['description', 'D'],
      ...keep.map((k): [string, string] => ['keep', k]),
    ];
    const none = await postForm(t, `${D}/editDocument`, admin, fields([]));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(m.allMandatory);
    const unknown = await postForm(t, `${D}/editDocument`, admin, fields(['policy/elsewhere.pdf']));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(m.keepUnknown);
    const noTitle = await postForm(t, `${D}/editDocument`, admin, [
      ['documentId', doc._id],
      ['description', 'D'],
      ['keep', path],
    ]);
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe(m.allMandatory);
    expect((await postForm(t, `${D}/editDocument`, otherAdmin, fields([path]))).status).toBe(404);
    expect((await postForm(t, `${D}/editDocument`, c1, fields([path]))).status).toBe(403);
    expect((await postForm(t, `${D}/editDocument`, undefined, fields([path]))).status).toBe(401);
  });
});

describe('POST /api/document/deleteDocument', () => {
  it('deletes the document, its views and its files; another tenant gets 404, a contractor 403', async () => {
    const doc = (await create(admin, 'To delete')).body.data;
    await t.post(`${D}/recordDocView`, { documentId: doc._id }, c1);
    expect((await t.post(`${D}/deleteDocument`, { documentId: doc._id }, otherAdmin)).status).toBe(
      404,
    );
    expect((await t.post(`${D}/deleteDocument`, { documentId: doc._id }, c1)).status).toBe(403);
    expect((await t.post(`${D}/deleteDocument`, { documentId: doc._id })).status).toBe(401);
    expect((await t.post(`${D}/deleteDocument`, {}, admin)).status).toBe(400);
    const res = await t.post<{ documentId: string }>(
      `${D}/deleteDocument`,
      { documentId: doc._id },
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(m.deleted);
    expect((await list(admin, demoOrg)).body.data.data.some((d) => d._id === doc._id)).toBe(false);
    expect(await downloadStatus(t, doc.attachments[0]?.fileLink ?? '', admin)).toBe(404);
    expect((await t.post(`${D}/deleteDocument`, { documentId: doc._id }, admin)).status).toBe(404);
  });
});

describe('attachments of a document', () => {
  it('are read by the organisation, its contractors and employees; not by its auditors or another tenant', async () => {
    const doc = (await create(admin, 'Who reads')).body.data;
    const link = doc.attachments[0]?.fileLink ?? '';
    for (const who of [admin, c1, c2, employee])
      expect(await downloadStatus(t, link, who)).toBe(200);
    for (const who of [auditor1, otherAdmin, otherContractor])
      expect(await downloadStatus(t, link, who)).toBe(404);
  });
});
