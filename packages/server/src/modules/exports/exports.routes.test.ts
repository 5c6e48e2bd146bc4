import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { ExportJob, MyExportReply } from '@palisade/domain/exports/export.schema';
import { messages } from '@palisade/domain/messages';
import { manualClock } from '../../lib/clock';
import { PDF_BYTES, postForm } from '../../test/documents-helpers';
import { createLocalFileStore } from '../../storage/file-store';
import { createTestApp, type TestApp } from '../../test/test-app';
import { eraseOrganisation } from '../organisations/org-erase.service';
import { EXPORT_TABLES, NOT_EXPORTED } from './export-data.repository';

/**
 * Issue 61, an organisation's export: Demo Gas Ltd's admin asks for it; the worker builds the zip;
 * the zip holds every exported table's rows of Demo Gas Ltd (compared with direct queries) and none
 * of Other Industries', every stored file with its bytes, and a README; only the admin who asked
 * downloads it, for 7 days. The worker is run by the test (exportQueue: false), on a clock it moves.
 */
const t0 = new Date('2026-11-30T09:00:00Z');
const clock = manualClock(t0);
let t: TestApp;
let admin: string;
let demo: string;
let other: string;
let otherAdmin: string;
const log = { info: () => undefined, warn: () => undefined };
const A = '/api/export';
const uuid = () => crypto.randomUUID();

/** Every entry of a zip, by name. */
function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** A row as JSON text with its columns in name order (a row's JSON from any of the database's functions compares equal). */
function canonical(row: unknown): string {
  const object = (typeof row === 'string' ? JSON.parse(row) : row) as Record<string, unknown>;
  return JSON.stringify(Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** The rows of a direct query, each as canonical JSON text, sorted. */
async function direct(query: SQL): Promise<string[]> {
  const rows = await t.rows<{ r: unknown }>(query);
  return rows.map((row) => canonical(row.r)).sort();
}

/**
 * Each exported table's rows of an organisation, written out here without the export's map: a
 * second statement of "the organisation's rows", so that a mistake in the map shows.
 */
function organisationRows(org: string): Record<string, SQL> {
  const own = (table: string) => sql`select row_to_json(x) as r from ${sql.identifier(table)} x where x.organisation_id = ${org}`;
  const viaAssessment = (table: string) =>
    sql`select row_to_json(x) as r from ${sql.identifier(table)} x join assessments a on a.id = x.assessment_id where a.organisation_id = ${org}`;
  const viaResponse = (table: string) =>
    sql`select row_to_json(x) as r from ${sql.identifier(table)} x join responses p on p.id = x.response_id where p.organisation_id = ${org}`;
  const viaRoom = (table: string) => sql`select row_to_json(x) as r from ${sql.identifier(table)} x join chat_rooms c on c.id = x.room_id where c.organisation_id = ${org}`;
  return {
    organisations: sql`select json_build_object('id', x.id, 'name', x.name, 'location', x.location, 'created_at', x.created_at, 'updated_at', x.updated_at) as r from organisations x where x.id = ${org}`,
    users: sql`select (to_jsonb(x) - 'password_hash')::json as r from users x
      where x.organisation_id = ${org} or exists (select 1 from user_organisations uo where uo.user_id = x.id and uo.organisation_id = ${org})`,
    user_organisations: own('user_organisations'),
    assess_categories: own('assess_categories'),
    questions: own('questions'),
    assessments: own('assessments'),
    assessment_sections: viaAssessment('assessment_sections'),
    assessment_section_questions: sql`select row_to_json(x) as r from assessment_section_questions x
      join assessment_sections s on s.id = x.section_id join assessments a on a.id = s.assessment_id where a.organisation_id = ${org}`,
    assessment_contractors: viaAssessment('assessment_contractors'),
    assessment_timeline: viaAssessment('assessment_timeline'),
    assessment_recurrences: own('assessment_recurrences'),
    assessment_rounds: own('assessment_rounds'),
    responses: own('responses'),
    response_sections: viaResponse('response_sections'),
    response_questions: viaResponse('response_questions'),
    response_question_history: viaResponse('response_question_history'),
    response_timeline: viaResponse('response_timeline'),
    response_carry_overs: viaResponse('response_carry_overs'),
    chat_rooms: own('chat_rooms'),
    chat_messages: viaRoom('chat_messages'),
    chat_reads: viaRoom('chat_reads'),
    observations: own('observations'),
    learning_categories: own('learning_categories'),
    learning_documents: own('learning_documents'),
    learning_progress: own('learning_progress'),
    notice_views: sql`select row_to_json(x) as r from notice_views x join learning_documents d on d.id = x.doc_id where d.organisation_id = ${org}`,
    policy_documents: own('policy_documents'),
    policy_document_views: sql`select row_to_json(x) as r from policy_document_views x join policy_documents d on d.id = x.document_id where d.organisation_id = ${org}`,
    feedbacks: own('feedbacks'),
    compliance_requirements: own('compliance_requirements'),
    compliance_documents: own('compliance_documents'),
    audit_log: own('audit_log'),
    files: sql`select row_to_json(x) as r from files x where x.organisation_id = ${org} or x.quota_organisation_id = ${org}`,
  };
}

/** The rows of one data/{table}.json, each as its JSON text, sorted. */
function exportedRows(zip: Map<string, Buffer>, table: string): string[] {
  const text = zip.get(`data/${table}.json`)?.toString('utf8');
  if (text === undefined) throw new Error(`no data/${table}.json`);
  return (JSON.parse(text) as unknown[]).map(canonical).sort();
}

async function existingTables(): Promise<Set<string>> {
  const rows = await t.rows<{ table_name: string }>(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`);
  return new Set(rows.map((r) => r.table_name));
}

async function requestAndBuild(cookie: string): Promise<ExportJob> {
  const asked = await t.post<ExportJob>(`${A}/requestExport`, { id: uuid() }, cookie);
  expect(asked.status, asked.body.message).toBe(200);
  expect(await t.services.exports.runOne(log)).toBe(true);
  const mine = await t.post<MyExportReply>(`${A}/getMyExport`, {}, cookie);
  const job = mine.body.data.export;
  if (!job) throw new Error('no export');
  return job;
}

beforeAll(async () => {
  t = await createTestApp({}, { exportQueue: false, mailQueue: false, notificationSweepMs: 3_600_000, unattachedSweepMs: 3_600_000, clock });
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  demo = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  other = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  // Files of each organisation in this test's store.
  const demoDoc = await postForm(t, '/api/document/createDocument', admin, [['title', 'Demo site rules'], ['description', 'Read first']], [{ name: 'demo-rules.pdf', content: PDF_BYTES }]);
  expect(demoDoc.status, demoDoc.body.message).toBe(200);
  const otherDoc = await postForm(t, '/api/document/createDocument', otherAdmin, [['title', 'Other site rules'], ['description', 'Read before work']], [{ name: 'other-rules.pdf', content: Buffer.concat([PDF_BYTES, Buffer.from('other')]) }]);
  expect(otherDoc.status, otherDoc.body.message).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('the export map', () => {
  it('names every table that holds an organisation’s rows: exported, or left out with a reason', async () => {
    const tables = await t.rows<{ table_name: string }>(
      sql`select c.table_name from information_schema.columns c join information_schema.tables tb using (table_schema, table_name)
          where c.table_schema = 'public' and c.column_name = 'organisation_id' and tb.table_type = 'BASE TABLE' order by 1`,
    );
    const exported = new Set(EXPORT_TABLES.map((e) => e.table));
    expect(exported.size, 'a table named twice').toBe(EXPORT_TABLES.length);
    const missing = tables.map((r) => r.table_name).filter((name) => !exported.has(name) && !(name in NOT_EXPORTED));
    expect(missing).toEqual([]);
  });
});

describe('POST /api/export/requestExport, getMyExport and GET /api/export/download/:id', () => {
  it('refuses without a session (401), to another role (403), and bad input (400)', async () => {
    expect((await t.post(`${A}/requestExport`, { id: uuid() })).status).toBe(401);
    expect((await t.post(`${A}/getMyExport`, {})).status).toBe(401);
    expect((await t.get(`${A}/download/${uuid()}`)).status).toBe(401);
    for (const email of ['contractor1@demo.test', 'auditor1@demo.test']) {
      const cookie = await t.signIn(email);
      expect((await t.post(`${A}/requestExport`, { id: uuid() }, cookie)).status).toBe(403);
      expect((await t.post(`${A}/getMyExport`, {}, cookie)).status).toBe(403);
      expect((await t.get(`${A}/download/${uuid()}`, cookie)).status).toBe(403);
    }
    const bad = await t.post(`${A}/requestExport`, { id: 'not-a-uuid' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('id must be a UUID');
    expect((await t.post(`${A}/requestExport`, { id: uuid(), companyId: other }, admin)).status).toBe(400);
    expect((await t.post(`${A}/getMyExport`, { extra: 1 }, admin)).status).toBe(400);
    const badId = await t.get(`${A}/download/nope`, admin);
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('Invalid export id');
  });

  it('queues one export per id, one at a time; builds it; tells the admin by bell and mail; the admin alone downloads it', async () => {
    expect((await t.post<MyExportReply>(`${A}/getMyExport`, {}, admin)).body.data.export).toBeNull();
    const id = uuid();
    const first = await t.post<ExportJob>(`${A}/requestExport`, { id }, admin);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ _id: id, status: 'queued', downloadUrl: null });
    // The same id again: the same export, not a second one.
    const again = await t.post<ExportJob>(`${A}/requestExport`, { id }, admin);
    expect(again.body.data._id).toBe(id);
    // Another id while it is queued: refused.
    const second = await t.post(`${A}/requestExport`, { id: uuid() }, admin);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(messages.exports.inProgress);
    // The other organisation's admin cannot take the id.
    expect((await t.post(`${A}/requestExport`, { id }, otherAdmin)).status).toBe(409);
    // One entry in the activity log, for the one export.
    const logged = await t.rows<{ organisation_id: string; after: { exportId: string } }>(sql`select organisation_id, after from audit_log where action = 'organisation.export'`);
    expect(logged).toEqual([{ organisation_id: demo, after: { exportId: id } }]);

    expect(await t.services.exports.runOne(log)).toBe(true);
    expect(await t.services.exports.runOne(log)).toBe(false);
    const mine = (await t.post<MyExportReply>(`${A}/getMyExport`, {}, admin)).body.data.export;
    expect(mine).toMatchObject({ _id: id, status: 'ready', downloadUrl: `/api/export/download/${id}` });
    expect(mine?.expiresAt).toBe(new Date(t0.getTime() + 7 * 86_400_000).toISOString());
    expect(mine?.fileName).toMatch(/^palisade-export-demo-gas-ltd-2026-11-30\.zip$/);

    // The bell and the mail.
    const adminId = await t.userId('admin@demo.test');
    const bell = await t.rows<{ kind: string; link: string; organisation_id: string }>(sql`select kind, link, organisation_id from notifications where user_id = ${adminId} and kind = 'export_ready'`);
    expect(bell).toEqual([{ kind: 'export_ready', link: '/sapphire/settings', organisation_id: demo }]);
    const mails = await t.rows<{ to_email: string; text_body: string }>(sql`select to_email, text_body from mail_jobs where kind = 'export_ready'`);
    expect(mails.map((m) => m.to_email)).toEqual(['admin@demo.test']);
    expect(mails[0]?.text_body).toContain(`http://localhost:3000/api/export/download/${id}`);

    // The download: the admin who asked, only.
    const download = await t.app.inject({ method: 'GET', url: `${A}/download/${id}`, headers: { cookie: admin } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(String(download.headers['content-disposition'])).toContain('palisade-export-demo-gas-ltd');
    expect(download.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(Number(download.headers['content-length'])).toBe(mine?.size);
    const otherTry = await t.get(`${A}/download/${id}`, otherAdmin);
    expect(otherTry.status).toBe(404);
    expect((await t.post<MyExportReply>(`${A}/getMyExport`, {}, otherAdmin)).body.data.export).toBeNull();
    expect((await t.get(`${A}/download/${uuid()}`, admin)).status).toBe(404);
  });

  it('holds every exported table’s rows of Demo Gas Ltd and none of Other Industries, every stored file with its bytes, and a README', async () => {
    clock.set(t0);
    const existing = await existingTables();
    const demoQueries = organisationRows(demo);
    const otherQueries = organisationRows(other);
    const exportedTables = EXPORT_TABLES.map((e) => e.table).filter((name) => existing.has(name));
    expect(Object.keys(demoQueries).filter((name) => existing.has(name)).sort()).toEqual([...exportedTables].sort());
    // Each table read directly before the export is asked for and after it is downloaded: the
    // export must hold exactly the rows when nothing changed in between (the request's own entry in
    // the activity log, or the app's background work, may): every row there throughout, and only
    // rows there at one time or the other.
    const before = new Map<string, string[]>();
    for (const table of exportedTables) before.set(table, await direct(demoQueries[table] ?? sql`select 1`));

    const job = await requestAndBuild(admin);
    expect(job.status).toBe('ready');
    const download = await t.app.inject({ method: 'GET', url: job.downloadUrl ?? '', headers: { cookie: admin } });
    expect(download.statusCode).toBe(200);
    const zip = await readZip(download.rawPayload);

    let nonEmpty = 0;
    for (const table of exportedTables) {
      const query = demoQueries[table];
      const otherQuery = otherQueries[table];
      if (!query || !otherQuery) throw new Error(`no query for ${table}`);
      const rows = exportedRows(zip, table);
      const was = before.get(table) ?? [];
      const now = await direct(query);
      if (JSON.stringify(was) === JSON.stringify(now)) expect(rows, table).toEqual(now);
      else {
        const exported = new Set(rows);
        const either = new Set([...was, ...now]);
        expect(was.filter((r) => now.includes(r) && !exported.has(r)), `${table}: rows there throughout`).toEqual([]);
        expect(rows.filter((r) => !either.has(r)), `${table}: rows never there`).toEqual([]);
      }
      if (rows.length > 0) nonEmpty += 1;
      // None of Other Industries' rows (but for what both share: the auditor serving both).
      const demoSet = new Set(rows);
      const otherOnly = (await direct(otherQuery)).filter((r) => !demoSet.has(r));
      const leaked = rows.filter((r) => otherOnly.includes(r));
      expect(leaked, table).toEqual([]);
      // The CSV: a header of the columns, then the rows.
      const csv = zip.get(`data/${table}.csv`)?.toString('utf8') ?? '';
      const firstRow = rows[0];
      if (firstRow !== undefined) {
        const columns = JSON.parse(zip.get(`data/${table}.json`)?.toString('utf8') ?? '[{}]') as Array<Record<string, unknown>>;
        expect(csv.split('\r\n')[0], table).toBe(Object.keys(columns[0] ?? {}).join(','));
        expect(csv.split('\r\n').length, table).toBeGreaterThan(rows.length);
      }
    }
    expect(nonEmpty).toBeGreaterThan(20);
    for (const table of ['responses', 'response_questions', 'response_question_history', 'chat_messages', 'observations', 'learning_documents', 'policy_documents', 'feedbacks', 'audit_log', 'compliance_documents', 'users'])
      expect(exportedRows(zip, table).length, table).toBeGreaterThan(0);

    // Users: no password hash, no secret; other organisations' own users absent.
    const users = JSON.parse(zip.get('data/users.json')?.toString('utf8') ?? '[]') as Array<Record<string, unknown>>;
    expect(users.every((u) => !('password_hash' in u))).toBe(true);
    expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@demo.test', 'contractor1@demo.test', 'auditor2@demo.test', 'employee1@demo.test']));
    expect(users.map((u) => u.email)).not.toContain('admin@other.test');
    expect(users.map((u) => u.email)).not.toContain('contractor@other.test');
    expect(zip.get('data/users.csv')?.toString('utf8')).not.toMatch(/argon2|password_hash/);

    // Files: each row of files.json whose bytes the store holds is in files/{path} with those bytes; the rest are listed in the README.
    const files = JSON.parse(zip.get('data/files.json')?.toString('utf8') ?? '[]') as Array<{ path: string; organisation_id: string | null }>;
    const readme = zip.get('README.txt')?.toString('utf8') ?? '';
    let compared = 0;
    for (const f of files) {
      const inZip = zip.get(`files/${f.path}`);
      const bytes = await readStore(f.path);
      if (bytes === null) {
        expect(inZip, f.path).toBeUndefined();
        expect(readme).toContain(f.path);
        continue;
      }
      expect(inZip?.equals(bytes), f.path).toBe(true);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
    const demoPdf = [...zip.entries()].filter(([name]) => name.startsWith('files/') && name.endsWith('demo-rules.pdf'));
    expect(demoPdf.length).toBe(1);
    expect(demoPdf[0]?.[1].equals(PDF_BYTES)).toBe(true);
    expect([...zip.keys()].some((name) => name.includes('other-rules.pdf'))).toBe(false);
    // Every zip entry is one the README describes.
    for (const name of zip.keys()) {
      if (name.startsWith('files/') || name === 'README.txt') continue;
      expect(readme, name).toContain(name);
    }
    expect(readme).toContain('Demo Gas Ltd');
    expect(readme).toContain('without password hashes');
  });

  it('stops working after 7 days: the link says it expired, and the file is deleted', async () => {
    clock.set(t0);
    const job = await requestAndBuild(admin);
    clock.advance(7 * 86_400_000 - 1000);
    expect((await t.app.inject({ method: 'GET', url: job.downloadUrl ?? '', headers: { cookie: admin } })).statusCode).toBe(200);
    clock.advance(2000);
    const late = await t.get(job.downloadUrl ?? '', admin);
    expect(late.status).toBe(404);
    expect(late.body.message).toBe(messages.exports.expired);
    expect((await t.post<MyExportReply>(`${A}/getMyExport`, {}, admin)).body.data.export).toMatchObject({ _id: job._id, status: 'expired', downloadUrl: null });
    const [row] = await t.rows<{ file_key: string }>(sql`select file_key from export_jobs where id = ${job._id}`);
    expect(row?.file_key).toBeTruthy();
    expect(await readStore(row?.file_key ?? '')).not.toBeNull();
    expect(await t.services.exports.sweepExpired()).toBeGreaterThan(0);
    expect(await readStore(row?.file_key ?? '')).toBeNull();
    expect((await t.post<MyExportReply>(`${A}/getMyExport`, {}, admin)).body.data.export?.status).toBe('expired');
    clock.set(t0);
  });
});

describe('erasing an organisation', () => {
  it('deletes its exports’ zips with it', async () => {
    clock.set(t0);
    const job = await requestAndBuild(otherAdmin);
    expect(job.status).toBe('ready');
    const [row] = await t.rows<{ file_key: string }>(sql`select file_key from export_jobs where id = ${job._id}`);
    expect(await readStore(row?.file_key ?? '')).not.toBeNull();
    const store = createLocalFileStore(path.join(t.dataDir, 'files'));
    const report = await eraseOrganisation({ db: t.db, store }, { organisationId: other, confirmName: 'Other Industries' });
    expect(report.filesFailed).toEqual([]);
    expect(await readStore(row?.file_key ?? '')).toBeNull();
    expect(await t.rows(sql`select id from export_jobs where organisation_id = ${other}`)).toEqual([]);
  });
});

/** The bytes the test's store holds under a key, or null. */
async function readStore(key: string): Promise<Buffer | null> {
  return fs.readFile(path.join(t.dataDir, 'files', key)).catch(() => null);
}
