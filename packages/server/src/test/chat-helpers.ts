import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ChatMessage } from '@palisade/domain/chat/chat.schema';
import { UserType } from '@palisade/domain/user-types';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { userOrganisations, users } from '../db/schema';
import { newId } from '../lib/ids';
import { hashPassword } from '../lib/passwords';
import { DEMO_PASSWORD } from '../seed/demo';
import type { Reply, TestApp } from './test-app';

/** A multipart body of text fields and an optional file, in the order given (fields first by default). */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; content: Buffer; type?: string },
  fileFirst = false,
): { payload: Buffer; contentType: string } {
  const boundary = `----palisade${crypto.randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  const fileParts = file
    ? [
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          file.content,
          Buffer.from('\r\n'),
        ]),
      ]
    : [];
  const parts = fileFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts];
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One part of a hand-made multipart form. */
export type FormPart = { field: string; value: string } | { file: string; name: string; content: Buffer };

/** The bytes of a multipart form, part by part (each with its own boundary line), and its end. */
export function formBytes(parts: readonly FormPart[]): { boundary: string; parts: Buffer[]; end: Buffer; contentType: string } {
  const boundary = `----palisade${crypto.randomBytes(8).toString('hex')}`;
  const bytes = parts.map((p) =>
    'field' in p
      ? Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"\r\n\r\n${p.value}\r\n`)
      : Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.file}"; filename="${p.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
          p.content,
          Buffer.from('\r\n'),
        ]),
  );
  return { boundary, parts: bytes, end: Buffer.from(`--${boundary}--\r\n`), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every object in the test app's file store (paths relative to it). */
export async function storedObjects(t: TestApp): Promise<string[]> {
  const root = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name))).sort();
}

/** POST /api/chat/sendMessage through inject. */
export async function sendChat(
  t: TestApp,
  cookie: string | undefined,
  fields: Record<string, string>,
  file?: { name: string; content: Buffer },
  fileFirst = false,
): Promise<Reply<ChatMessage>> {
  const { payload, contentType } = multipart(fields, file, fileFirst);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/chat/sendMessage',
    payload,
    headers: { 'content-type': contentType, ...(cookie ? { cookie } : {}) },
  });
  return { status: res.statusCode, body: res.json<Reply<ChatMessage>['body']>(), headers: res.headers, raw: res };
}

/** The seeded responses of a contractor (with sections), by assessment name. */
export async function seededResponses(t: TestApp, cookie: string, contractorId: string): Promise<Record<string, ResponseReply>> {
  const res = await t.post<ResponseReply[]>(
    '/api/assessment/responses/getResponsesByContractorId',
    { contractorId, include: { sections_category: true, sections_questions_question: true } },
    cookie,
  );
  if (res.status !== 200) throw new Error(res.body.message);
  return Object.fromEntries(res.body.data.map((r) => [r.assessment.name, r]));
}

/** The ids of a response's questions, in order. */
export function questionIds(r: ResponseReply): string[] {
  return (r.sections ?? []).flatMap((s) => s.questions.map((q) => q._id));
}

/** An auditor who serves only the given organisation (the seed has none for Other Industries). */
export async function addAuditor(t: TestApp, email: string, organisationId: string): Promise<string> {
  const id = newId();
  await t.db.insert(users).values({ id, type: UserType.AUDITOR, email, name: 'Elsewhere Audits', passwordHash: await hashPassword(DEMO_PASSWORD) });
  await t.db.insert(userOrganisations).values({ userId: id, organisationId });
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.id, id));
  if (!row) throw new Error('auditor not added');
  return t.signIn(email);
}
