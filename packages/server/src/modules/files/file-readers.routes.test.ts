import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { Observation } from '@palisade/domain/observations/observation.schema';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { multipart, questionIds, seededResponses, sendChat } from '../chat/chat.test-helpers';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';

/**
 * Issue 64: auditors could download observation photos (200 with the bytes) though they may not
 * read observations. A file's readers are exactly its object's readers: for each kind of file that
 * belongs to an object read by id, every role of both tenants either reads both or neither.
 */
const ROLES = [
  'admin@demo.test',
  'contractor1@demo.test',
  'contractor2@demo.test',
  'auditor1@demo.test',
  'auditor2@demo.test',
  'employee1@demo.test',
  'admin@other.test',
  'contractor@other.test',
] as const;

let t: TestApp;
const cookies: Record<string, string> = {};

/** One kind of file: its link, and the read of the object it belongs to. */
interface FileKind {
  name: string;
  link: string;
  readObject: (cookie: string) => Promise<number>;
}
const kinds: FileKind[] = [];

beforeAll(async () => {
  t = await createTestApp();
  for (const email of ROLES) cookies[email] = await t.signIn(email);
  const c1 = cookies['contractor1@demo.test'] ?? '';
  const c1Id = await t.userId('contractor1@demo.test');

  // A response of contractor1's that it may still answer: an attachment of an answer, a chat file.
  let open: ResponseReply | null = null;
  let attachment: FileRecord | null = null;
  for (const r of Object.values(await seededResponses(t, c1, c1Id))) {
    const up = await t.upload<FileRecord>(
      `/api/assessment/responses/uploadAttachment?responseId=${r._id}&sectionId=${r.sections?.[0]?._id ?? ''}`,
      { name: 'evidence.png', content: PNG_BYTES },
      c1,
    );
    if (up.status === 200) {
      open = r;
      attachment = up.body.data;
      break;
    }
  }
  if (!open || !attachment) throw new Error('no response of contractor1 takes attachments');
  const responseId = open._id;
  const readResponse = async (cookie: string) =>
    (await t.post('/api/assessment/responses/getResponseById', { responseId }, cookie)).status;
  const chat = await sendChat(
    t,
    c1,
    { responseId, questionId: questionIds(open)[0] ?? '', message: 'The certificate' },
    { name: 'certificate.png', content: PNG_BYTES },
  );
  expect(chat.status, chat.body.message).toBe(200);
  const chatFile = chat.body.data.document?.fileLink ?? '';

  const form = multipart(
    { category: 'Unsafe Act', description: 'No harness' },
    { name: 'site.png', content: PNG_BYTES, type: 'image/png' },
  );
  const reported = await t.app.inject({
    method: 'POST',
    url: '/api/observation/createObservation',
    payload: form.payload,
    headers: { 'content-type': form.contentType, cookie: cookies['employee1@demo.test'] ?? '' },
  });
  expect(reported.statusCode, reported.body).toBe(200);
  const observation = reported.json<{ data: Observation }>().data;

  kinds.push(
    { name: 'answer attachment', link: attachment.fileLink, readObject: readResponse },
    { name: 'chat file', link: chatFile, readObject: readResponse },
    {
      name: 'observation photo',
      link: observation.reportImage?.fileLink ?? '',
      readObject: async (cookie) =>
        (await t.post('/api/observation/getObservationById', { _id: observation._id }, cookie))
          .status,
    },
  );
});
afterAll(async () => {
  await t.close();
});

describe("a file's readers are its object's readers (issue 64)", () => {
  it('every file kind × every role of both tenants: the file is read exactly when its object is', async () => {
    const mismatches: string[] = [];
    for (const kind of kinds) {
      expect(kind.link, kind.name).toMatch(/^\/api\/files\//);
      for (const role of ROLES) {
        const cookie = cookies[role] ?? '';
        const object = await kind.readObject(cookie);
        const file = (await t.app.inject({ method: 'GET', url: kind.link, headers: { cookie } }))
          .statusCode;
        if ((object === 200) !== (file === 200))
          mismatches.push(`${kind.name}, ${role}: object ${object}, file ${file}`);
      }
      // Someone reads each (the walk is not empty-handed), and without a session no one.
      expect((await t.app.inject({ method: 'GET', url: kind.link })).statusCode, kind.name).toBe(
        401,
      );
    }
    expect(mismatches).toEqual([]);
  });
});
