// The file features on S3 (#20): a real S3 protocol server (s3rver) runs in this process, and two
// instances of the app share one database and the bucket, each with a DATA_DIR of its own, as
// instances behind a load balancer would. An upload through one is read through the other.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { ChatMessage } from '@palisade/domain/chat/chat.schema';
import { MAX_UPLOAD_BYTES } from '@palisade/domain/constants';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { BULK_COMPANY_HEADER } from '@palisade/domain/users/bulk.rules';
import { responses, users } from '../db/schema';
import { multipart } from '../test/chat-helpers';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { startTestS3, type TestS3 } from '../test/s3-server';
import { PNG_BYTES } from '../test/test-app';
import { startInstancesSharing, type SharedInstances } from '../test/two-instances';
import { createFilesService } from '../modules/files/files.service';
import { systemClock } from '../lib/clock';
import { migrateFiles } from './migrate-files';
import { createS3FileStore, S3_PART_BYTES, type S3FileStore } from './s3-file-store';

let s3: TestS3;
let two: SharedInstances;
let A: FastifyInstance;
let B: FastifyInstance;
/** A store of the test's own on the bucket (the apps' stores are their own). */
let store: S3FileStore;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

function upload(app: FastifyInstance, url: string, file: { name: string; content: Buffer }, cookie: string, fields: Record<string, string> = {}) {
  const { payload, contentType } = multipart(fields, file);
  return app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, cookie } });
}

function post(app: FastifyInstance, url: string, body: unknown, cookie?: string) {
  return app.inject({ method: 'POST', url, payload: body as object, headers: cookie ? { cookie } : {} });
}

function download(app: FastifyInstance, link: string, cookie?: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: link, headers: { ...(cookie ? { cookie } : {}), ...headers } });
}

const json = <T>(res: LightMyRequestResponse) => res.json<Envelope<T>>();

/** Nothing went to either instance's own disk: the files are in the bucket only. */
async function localFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const dir of two.dataDirs) {
    const entries = await fs.readdir(path.join(dir, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
    found.push(...entries.filter((e) => e.isFile()).map((e) => e.name));
  }
  return found;
}

/** Through instance B: the readers get the bytes (and a range of them), the others 404, no session 401. */
async function readableThroughB(link: string, bytes: Buffer, readers: string[], outsiders: string[]): Promise<void> {
  for (const reader of readers) {
    const got = await download(B, link, cookies[reader]);
    expect(got.statusCode, `${reader} reads ${link}`).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers['content-length']).toBe(String(bytes.length));
  }
  const part = await download(B, link, cookies[readers[0] ?? ''], { range: 'bytes=1-4' });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 1-4/${bytes.length}`);
  expect(part.rawPayload.equals(bytes.subarray(1, 5))).toBe(true);
  for (const outsider of outsiders) expect((await download(B, link, cookies[outsider])).statusCode, `${outsider} is refused ${link}`).toBe(404);
  expect((await download(B, link)).statusCode).toBe(401);
}

/** A PNG of `size` bytes: the real header, then zeros. */
const bigPng = (size: number) => Buffer.concat([PNG_BYTES, Buffer.alloc(size - PNG_BYTES.length)]);

beforeAll(async () => {
  s3 = await startTestS3();
  two = await startInstancesSharing(s3.env);
  [A, B] = two.apps;
  const config = loadConfig({ ...s3.env });
  if (!config.s3) throw new Error('the S3 variables were not read');
  store = createS3FileStore(config.s3);
  for (const [name, email] of [
    ['admin', 'admin@demo.test'],
    ['c1', 'contractor1@demo.test'],
    ['c2', 'contractor2@demo.test'],
    ['auditor1', 'auditor1@demo.test'],
    ['otherAdmin', 'admin@other.test'],
    ['otherContractor', 'contractor@other.test'],
  ] as const) {
    // Sessions live in the database: a sign-in through A holds on B too.
    cookies[name] = await two.signIn(0, email);
    const [row] = await two.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    ids[name] = row?.id ?? '';
  }
});

afterAll(async () => {
  await store?.close();
  await two?.close();
  await s3?.close();
});

describe('files on S3 across two instances', () => {
  it('profile image: uploaded through A into the bucket, read through B by its organisation, refused to another tenant', async () => {
    const up = await upload(A, '/api/profile/uploadProfileImage', { name: 'me.png', content: PNG_BYTES }, cookies.c1 ?? '');
    expect(up.statusCode, up.body).toBe(200);
    const link = json<Profile>(up).data.profileImage?.fileLink ?? '';
    expect(link).toMatch(/^\/api\/files\//);
    const keys = await s3.keys(`profile/${ids.c1}/`);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/_me\.png$/);
    expect(await localFiles()).toEqual([]);
    await readableThroughB(link, PNG_BYTES, ['c1', 'admin'], ['otherAdmin', 'otherContractor']);
  });

  it('answer attachment: uploaded through A under assessment/{response}/{section}/, read through B by the organisation and its auditors only', async () => {
    const listed = await post(
      A,
      '/api/assessment/responses/getResponsesByContractorId',
      { contractorId: ids.c1, include: { sections_category: true, sections_questions_question: true } },
      cookies.c1,
    );
    expect(listed.statusCode).toBe(200);
    const response = json<ResponseReply[]>(listed).data.find((r) => (r.sections ?? []).length > 0);
    if (!response) throw new Error('the demo seed lacks a response with sections');
    // Attachments are taken while the contractor may still change answers.
    await two.db.update(responses).set({ status: 'PENDING' }).where(eq(responses.id, response._id));
    const sectionId = response.sections?.[0]?._id ?? '';
    const content = Buffer.from('%PDF-1.4\n%an inspection report\n');
    const up = await upload(
      A,
      `/api/assessment/responses/uploadAttachment?responseId=${encodeURIComponent(response._id)}&sectionId=${encodeURIComponent(sectionId)}`,
      { name: 'site report.pdf', content },
      cookies.c1 ?? '',
    );
    expect(up.statusCode, up.body).toBe(200);
    const record = json<FileRecord>(up).data;
    expect(record.filePath.startsWith(`assessment/${response._id}/${sectionId}/`)).toBe(true);
    expect(await s3.keys(`assessment/${response._id}/`)).toEqual([record.filePath]);
    expect(await localFiles()).toEqual([]);
    // Staff only: the organisation and its auditors, not another contractor of it.
    await readableThroughB(record.fileLink, content, ['c1', 'admin', 'auditor1'], ['c2', 'otherAdmin', 'otherContractor']);
  });

  it('chat file: received through A, moved to its message folder in the bucket, read through B by the room only', async () => {
    const listed = await post(A, '/api/assessment/responses/getResponsesByContractorId', { contractorId: ids.c1, include: { sections_questions_question: true } }, cookies.c1);
    // The seeded response whose rooms auditor1 reviews (as in chat.routes.test.ts).
    const response = json<ResponseReply[]>(listed).data.find((r) => r.assessment.name === 'Environmental Compliance Review');
    const questionId = response?.sections?.flatMap((s) => s.questions)[0]?._id;
    if (!response || !questionId) throw new Error('the demo seed lacks a response with questions');
    await two.db.update(responses).set({ status: 'SUBMITTED' }).where(eq(responses.id, response._id));
    const before = await s3.keys();
    const { payload, contentType } = multipart({ responseId: response._id, questionId }, { name: 'site photo.png', content: PNG_BYTES });
    const sent = await A.inject({ method: 'POST', url: '/api/chat/sendMessage', payload, headers: { 'content-type': contentType, cookie: cookies.auditor1 ?? '' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const msg = json<ChatMessage>(sent).data;
    const filePath = msg.document?.filePath ?? '';
    expect(filePath).toBe(`chat_rooms/${ids.c1}_${questionId}/messages/${msg._id}/attachments/${msg.document?.fileName}`);
    // Staged under another key first, then moved (copy + delete): only the final key is left.
    expect((await s3.keys()).filter((k) => !before.includes(k))).toEqual([filePath]);
    expect(await localFiles()).toEqual([]);
    await readableThroughB(msg.document?.fileLink ?? '', PNG_BYTES, ['c1', 'auditor1', 'admin'], ['c2', 'otherAdmin', 'otherContractor']);
  });

  it('bulk upload: the report of a CSV sent through A; the companies are listed through B to the organisation, not to another tenant', async () => {
    const csv = [[...BULK_COMPANY_HEADER], ['Oscar Scaffolding', 'Leeds', 'oscar@s3.test', 'Pat Lowe'], ['Bad Row', 'Leeds', 'not-an-email', 'Pat Lowe']]
      .map((r) => r.join(','))
      .join('\r\n');
    const res = await post(A, '/api/contractor/createBulkContractors', { csv }, cookies.admin);
    expect(res.statusCode, res.body).toBe(200);
    const report = json<{ createdCount: number; invalid: Array<{ row: number; field: string }> }>(res).data;
    expect(report.createdCount).toBe(1);
    expect(report.invalid.map((i) => [i.row, i.field])).toEqual([[3, 'emailid']]);
    const names = async (cookie: string | undefined) =>
      json<Array<{ name: string }>>(await B.inject({ method: 'GET', url: '/api/contractor/getAllContractors', headers: { cookie: cookie ?? '' } })).data.map((c) => c.name);
    expect(await names(cookies.admin)).toContain('Oscar Scaffolding');
    expect(await names(cookies.otherAdmin)).not.toContain('Oscar Scaffolding');
  });

  it('a file over the size limit is refused (413) while it streams, and leaves no object behind', async () => {
    const before = await s3.keys();
    const up = await upload(A, '/api/profile/uploadProfileImage', { name: 'huge.png', content: bigPng(MAX_UPLOAD_BYTES + 3 * 1024 * 1024) }, cookies.c2 ?? '');
    expect(up.statusCode, up.body).toBe(413);
    expect(await s3.keys()).toEqual(before);
    // The same through a chat message: nothing staged is left either.
    expect(await localFiles()).toEqual([]);
  });

  it("an upload stops at the multipart parser's size limit, mid-stream, without waiting for the rest", async () => {
    const files = createFilesService({ db: two.db, store, limits: { quotaBytes: Number.MAX_SAFE_INTEGER, maxUnattached: 10 }, clock: systemClock });
    // As busboy does at the limit: 'limit', then the rest of the request is still to come (here it
    // never comes: a store that waited for the end would wait for ever).
    const source = new Readable({ read() {} });
    source.push(Buffer.concat([PNG_BYTES, Buffer.alloc(1024 * 1024)]));
    setImmediate(() => source.emit('limit'));
    await expect(files.stage({ fileName: 'cut.png', stream: source, kind: 'profileImage', folder: 'limits/cut' })).rejects.toMatchObject({ status: 413 });
    expect(await s3.keys('limits/cut/')).toEqual([]);
    source.destroy();
  });

  it('the S3 store stops reading at the limit, mid-stream, past a multipart part already sent, and keeps nothing', async () => {
    const before = await s3.keys();
    let produced = 0;
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const endless = new Readable({
      read() {
        produced += chunk.length;
        // Far more than the limit: reading all of it would take the whole test.
        this.push(produced > 200 * 1024 * 1024 ? null : chunk);
      },
    });
    const limit = S3_PART_BYTES + 2 * 1024 * 1024;
    await expect(store.put('limits/endless.bin', endless, limit)).rejects.toMatchObject({ status: 413 });
    expect(produced).toBeLessThan(limit + 20 * 1024 * 1024);
    expect(await store.sizeOf('limits/endless.bin')).toBeNull();
    expect(await s3.keys()).toEqual(before);
    // Within the limit the same store keeps it, in two parts.
    const bytes = Buffer.alloc(S3_PART_BYTES + 1000, 3);
    expect(await store.put('limits/fits.bin', Readable.from([bytes]), limit)).toBe(bytes.length);
    expect(await store.sizeOf('limits/fits.bin')).toBe(bytes.length);
    await store.delete('limits/fits.bin');
    expect(await store.sizeOf('limits/fits.bin')).toBeNull();
  });

  it('files:migrate copies a local folder into the bucket, and skips what is there when run again', async () => {
    const from = await fs.mkdtemp(path.join(os.tmpdir(), 'palisade-migrate-'));
    try {
      await fs.mkdir(path.join(from, 'profile', 'u1'), { recursive: true });
      await fs.mkdir(path.join(from, 'documents', 'd1'), { recursive: true });
      await fs.writeFile(path.join(from, 'profile', 'u1', 'AbCde_me.png'), PNG_BYTES);
      await fs.writeFile(path.join(from, 'documents', 'd1', 'XyZzy_policy, v2.pdf'), '%PDF-1.4\n');
      const first = await migrateFiles({ from, to: store });
      expect(first).toEqual({ copied: 2, skipped: 0, failed: [] });
      expect(await s3.keys('profile/u1/')).toEqual(['profile/u1/AbCde_me.png']);
      expect(await store.sizeOf('documents/d1/XyZzy_policy, v2.pdf')).toBe(9);
      const copied = await store.get('profile/u1/AbCde_me.png');
      const chunks: Buffer[] = [];
      for await (const c of copied) chunks.push(Buffer.from(c as Uint8Array));
      expect(Buffer.concat(chunks).equals(PNG_BYTES)).toBe(true);
      expect(await migrateFiles({ from, to: store })).toEqual({ copied: 0, skipped: 2, failed: [] });
    } finally {
      await fs.rm(from, { recursive: true, force: true });
    }
  });

  it('GET /api/ready checks the bucket: 200 with it, 503 naming storage when it is missing', async () => {
    const ready = await B.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect(json(ready).data).toEqual({ database: 'ok', migrations: 'ok', storage: 'ok' });
    const dataDir = two.dataDirs[0];
    const config = loadConfig({ ...s3.env, S3_BUCKET: 'no-such-bucket', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'no-web') });
    const { app } = await buildApp({ config, database: two.database });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(json(res)).toMatchObject({ code: 503, message: 'Not ready: storage', data: { database: 'ok', migrations: 'ok', storage: 'failing' } });
    } finally {
      await app.close();
    }
  });
});
