import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { createLocalFileStore } from '../../storage/file-store';
import { PDF_BYTES, postForm } from '../../test/documents-helpers';
import { createAssessment, demoBank } from '../../test/notifications-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EraseRefused, eraseOrganisation } from './org-erase.service';

/**
 * Issue 61, erasure: `npm run org:erase` deletes Demo Gas Ltd and everything only it owns; Other
 * Industries (the second tenant, with an assessment, a response and a policy document of its own,
 * and auditor2, who serves both) is compared row by row before and after: untouched.
 */
let t: TestApp;
let demo: string;
let other: string;

/** Every row of every table of the portal, each as the md5 of its text, by table. */
async function snapshot(): Promise<Map<string, string[]>> {
  const tables = await t.rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const out = new Map<string, string[]>();
  for (const { table_name } of tables) {
    const rows = await t.rows<{ h: string }>(sql`select md5(x::text) as h from ${sql.identifier(table_name)} x order by 1`);
    out.set(table_name, rows.map((r) => r.h));
  }
  return out;
}

/** The tables with an organisation_id column. */
async function organisationTables(): Promise<string[]> {
  const rows = await t.rows<{ table_name: string }>(
    sql`select c.table_name from information_schema.columns c join information_schema.tables tb using (table_schema, table_name)
        where c.table_schema = 'public' and c.column_name = 'organisation_id' and tb.table_type = 'BASE TABLE' order by 1`,
  );
  return rows.map((r) => r.table_name);
}

async function rowsOf(table: string, org: string): Promise<string[]> {
  const rows = await t.rows<{ h: string }>(sql`select md5(x::text) as h from ${sql.identifier(table)} x where x.organisation_id = ${org} order by 1`);
  return rows.map((r) => r.h);
}

async function keysOnDisk(): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/')).sort();
}

beforeAll(async () => {
  // No background work: the mail queue, the sweeps and the rankings would change rows between the snapshots.
  t = await createTestApp({}, { mailQueue: false, notificationSweepMs: 3_600_000, unattachedSweepMs: 3_600_000 });
  const otherAdmin = await t.signIn('admin@other.test');
  const demoAdmin = await t.signIn('admin@demo.test');
  demo = (await t.get<Profile>('/api/auth/me', demoAdmin)).body.data.cmp_id ?? '';
  // A file of Demo Gas's in this test's store.
  const demoDoc = await postForm(t, '/api/document/createDocument', demoAdmin, [['title', 'Demo site rules'], ['description', 'Read first']], [{ name: 'demo-rules.pdf', content: PDF_BYTES }]);
  expect(demoDoc.status, demoDoc.body.message).toBe(200);
  other = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  // Other Industries' own records: an assessment shared with its contractor, the contractor's response, a policy document with a file.
  const A = '/api/assessment';
  expect((await t.post(`${A}/categories/createAssessCategory`, { companyId: other, name: 'Site Induction' }, otherAdmin)).status).toBe(200);
  for (const questText of ['Was the induction given?', 'Were the site rules read?'])
    expect((await t.post(`${A}/questions/createQuestion`, { companyId: other, questText }, otherAdmin)).status).toBe(200);
  const bank = await demoBank(t, otherAdmin, other);
  const contractorId = await t.userId('contractor@other.test');
  const assessment = await createAssessment(t, otherAdmin, bank, 'Other site induction', [contractorId]);
  const started = await t.post(`${A}/responses/createResponseForContractor`, { assessmentId: assessment._id, contractor: { contractorId } }, await t.signIn('contractor@other.test'));
  expect(started.status, started.body.message).toBe(200);
  const doc = await postForm(t, '/api/document/createDocument', otherAdmin, [['title', 'Other site rules'], ['description', 'Read before work']], [{ name: 'rules.pdf', content: PDF_BYTES }]);
  expect(doc.status, doc.body.message).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('npm run org:erase', () => {
  it('refuses a wrong name or an unknown id, and deletes nothing', async () => {
    const store = createLocalFileStore(path.join(t.dataDir, 'files'));
    const before = await snapshot();
    await expect(eraseOrganisation({ db: t.db, store }, { organisationId: demo, confirmName: 'Demo Gas' })).rejects.toBeInstanceOf(EraseRefused);
    await expect(eraseOrganisation({ db: t.db, store }, { organisationId: 'no-such-org', confirmName: 'Demo Gas Ltd' })).rejects.toThrow('No organisation has the id no-such-org');
    expect(await snapshot()).toEqual(before);
  });

  it('deletes the organisation and what only it owns; the other organisation is untouched, the shared auditor keeps its link', async () => {
    const store = createLocalFileStore(path.join(t.dataDir, 'files'));
    const tables = await organisationTables();
    expect(tables).toEqual(expect.arrayContaining(['responses', 'assessments', 'files', 'audit_log', 'compliance_requirements']));
    const before = await snapshot();
    const otherBefore = new Map<string, string[]>();
    for (const table of tables) otherBefore.set(table, await rowsOf(table, other));
    expect(otherBefore.get('assessments')?.length).toBeGreaterThan(0);
    expect(otherBefore.get('policy_documents')?.length).toBeGreaterThan(0);
    const demoFiles = await t.rows<{ path: string }>(sql`select path from files where organisation_id = ${demo} or quota_organisation_id = ${demo}`);
    expect(demoFiles.length).toBeGreaterThan(0);
    const diskBefore = new Set(await keysOnDisk());
    expect(demoFiles.filter((f) => diskBefore.has(f.path)).length).toBeGreaterThan(0);
    const demoUserIds = await Promise.all(['admin@demo.test', 'contractor1@demo.test', 'auditor1@demo.test'].map((e) => t.userId(e)));

    const report = await eraseOrganisation({ db: t.db, store }, { organisationId: demo, confirmName: 'Demo Gas Ltd' });
    expect(report.organisation.name).toBe('Demo Gas Ltd');
    expect(report.accountsDeleted).toBeGreaterThan(5);
    expect(report.accountsKept).toEqual([]);
    expect(report.accountsUnlinked).toBe(1);
    expect(report.filesFailed).toEqual([]);
    expect(report.tables.find((r) => r.table === 'responses')?.rows).toBeGreaterThan(0);

    // Nothing changed or added anywhere: every row after was there before.
    const after = await snapshot();
    for (const [table, rows] of after) {
      const was = new Set(before.get(table) ?? []);
      expect(rows.filter((h) => !was.has(h)), table).toEqual([]);
    }
    // No row of Demo Gas left; every row of Other Industries still there, unchanged.
    for (const table of tables) {
      expect(await rowsOf(table, demo), table).toEqual([]);
      expect(await rowsOf(table, other), table).toEqual(otherBefore.get(table));
    }
    const remaining = await t.rows<{ email: string }>(sql`select email from users order by email`);
    const emails = remaining.map((r) => r.email);
    expect(emails).toEqual(expect.arrayContaining(['admin@other.test', 'contractor@other.test', 'auditor2@demo.test']));
    for (const gone of ['admin@demo.test', 'contractor1@demo.test', 'auditor1@demo.test']) expect(emails).not.toContain(gone);
    const stillNamed = await t.rows<{ n: number }>(sql`select count(*)::int as n from users where id = any(${sql.param(demoUserIds)}::text[])`);
    expect(stillNamed[0]?.n).toBe(0);
    const links = await t.rows<{ organisation_id: string }>(
      sql`select uo.organisation_id from user_organisations uo join users u on u.id = uo.user_id where u.email = 'auditor2@demo.test'`,
    );
    expect(links.map((l) => l.organisation_id)).toEqual([other]);

    // The files: Demo Gas's gone from the store; every file a row still names that was stored is there.
    // (The test database's seeded rows name demo files that this test's folder never held.)
    const onDisk = new Set(await keysOnDisk());
    for (const f of demoFiles) expect(onDisk.has(f.path), f.path).toBe(false);
    const named = (await t.rows<{ path: string }>(sql`select path from files`)).filter((f) => diskBefore.has(f.path));
    expect(named.length).toBeGreaterThan(0);
    for (const f of named) expect(onDisk.has(f.path), f.path).toBe(true);

    // Other Industries works as before: its admin signs in and reads its documents.
    const otherAdmin = await t.signIn('admin@other.test');
    const docs = await t.post<{ data: { title: string }[] }>('/api/document/getDocumentsByCompanyId', { companyId: other }, otherAdmin);
    expect(docs.status).toBe(200);
    expect(await t.signIn('auditor2@demo.test')).toContain('palisade_session=');
  });
});
