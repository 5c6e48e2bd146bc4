import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ATTACHMENTS_MAX, FEEDBACK_ATTACHMENTS_MAX } from '@palisade/domain/constants';
import type { StorageReference } from '@palisade/domain/learning/learning.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { messages } from '@palisade/domain/messages';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import {
  formBytes,
  questionIds,
  seededResponses,
  storedObjects,
  type FormPart,
} from '../test/chat-helpers';
import { PDF_BYTES } from '../test/documents-helpers';
import { createTestApp, PNG_BYTES, type TestApp } from '../test/test-app';

/**
 * Issue 64: the multipart limits disagreed (uploadAttachment with 50 files kept the first and
 * dropped 49 silently; chat answered 413; other forms showed the parser's words). One rule for
 * every upload route: a form with more files (or fields) than it takes is 413 with a catalogue
 * text, and nothing of it is stored.
 */
let t: TestApp;

/** One upload route: where, as whom, its text fields, its file field and a file it accepts. */
interface UploadRoute {
  name: string;
  /** Its address for the next form (a learning file is taken once per document: each form gets its own). */
  url: () => Promise<string>;
  cookie: string;
  fields: Record<string, string>;
  fileField: string;
  file: { name: string; content: Buffer };
  /** Files it takes at once. */
  max: number;
}
const uploadRoutes: UploadRoute[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.signIn('admin@demo.test');
  const c1 = await t.signIn('contractor1@demo.test');
  const employee = await t.signIn('employee1@demo.test');
  const c1Id = await t.userId('contractor1@demo.test');
  const organisationId = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  const auditorId = await t.userId('auditor1@demo.test');
  const png = { name: 'photo.png', content: PNG_BYTES };

  // A response of contractor1's that it may still answer (its attachments and its chat).
  const responses = Object.values(await seededResponses(t, c1, c1Id));
  let open: ResponseReply | null = null;
  for (const r of responses) {
    const sectionId = r.sections?.[0]?._id ?? '';
    const probe = await t.upload(
      `/api/assessment/responses/uploadAttachment?responseId=${r._id}&sectionId=${sectionId}`,
      png,
      c1,
    );
    if (probe.status === 200) {
      open = r;
      break;
    }
  }
  if (!open) throw new Error('no response of contractor1 takes attachments');
  const sectionId = open.sections?.[0]?._id ?? '';
  const questionId = questionIds(open)[0] ?? '';

  const learningDoc = async () => {
    const ref = await t.post<StorageReference>(
      '/api/company/uploadLearning',
      {
        cmp_id: organisationId,
        topic: 'Safety',
        document: {
          title: 'Limits',
          desc: 'Form limits',
          totaltime: 300,
          rewards: 10,
          type: 3,
          subcat: 'Testing',
          filename: 'Limits.pdf',
          item_url: '',
        },
      },
      admin,
    );
    expect(ref.status, ref.body.message).toBe(200);
    return ref.body.data.uploadUrl ?? '';
  };
  const at = (url: string) => () => Promise.resolve(url);

  uploadRoutes.push(
    {
      name: 'answer attachment',
      url: at(
        `/api/assessment/responses/uploadAttachment?responseId=${open._id}&sectionId=${sectionId}`,
      ),
      cookie: c1,
      fields: {},
      fileField: 'file',
      file: png,
      max: 1,
    },
    {
      name: 'profile image',
      url: at('/api/profile/uploadProfileImage'),
      cookie: c1,
      fields: {},
      fileField: 'file',
      file: png,
      max: 1,
    },
    {
      name: 'contractor image',
      url: at(`/api/contractor/uploadContractorImage?contractorId=${c1Id}`),
      cookie: admin,
      fields: {},
      fileField: 'file',
      file: png,
      max: 1,
    },
    {
      name: 'auditor image',
      url: at(`/api/tpi/uploadTpiImage?tpiId=${auditorId}`),
      cookie: admin,
      fields: {},
      fileField: 'file',
      file: png,
      max: 1,
    },
    {
      name: 'learning file',
      url: learningDoc,
      cookie: admin,
      fields: {},
      fileField: 'file',
      file: { name: 'Limits.pdf', content: PDF_BYTES },
      max: 1,
    },
    {
      name: 'chat message',
      url: at('/api/chat/sendMessage'),
      cookie: c1,
      fields: { responseId: open._id, questionId, message: 'See the photo' },
      fileField: 'file',
      file: png,
      max: 1,
    },
    {
      name: 'observation',
      url: at('/api/observation/createObservation'),
      cookie: employee,
      fields: { category: 'Unsafe Act', description: 'No harness' },
      fileField: 'photo',
      file: png,
      max: 1,
    },
    {
      name: 'feedback',
      url: at('/api/feedback/createFeedback'),
      cookie: c1,
      fields: { feedbackText: 'The gate is blocked' },
      fileField: 'attachments',
      file: png,
      max: FEEDBACK_ATTACHMENTS_MAX,
    },
    {
      name: 'policy document',
      url: at('/api/document/createDocument'),
      cookie: admin,
      fields: { title: 'Limits', description: 'Read me' },
      fileField: 'attachments',
      file: png,
      max: DOCUMENT_ATTACHMENTS_MAX,
    },
  );
});
afterAll(async () => {
  await t.close();
});

async function send(
  route: UploadRoute,
  files: number,
  extraFields = 0,
): Promise<{ status: number; message: string }> {
  const parts: FormPart[] = [
    ...Object.entries(route.fields).map(([field, value]) => ({ field, value })),
    ...Array.from({ length: extraFields }, (_, i) => ({ field: `extra${i}`, value: 'x' })),
    ...Array.from({ length: files }, (_, i) => ({
      file: route.fileField,
      name: i === 0 ? route.file.name : `${i}-${route.file.name}`,
      content: route.file.content,
    })),
  ];
  const form = formBytes(parts);
  const url = await route.url();
  // What the form leaves (a learning document's reference) is made before the counts are taken.
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { cookie: route.cookie, 'content-type': form.contentType },
    payload: Buffer.concat([...form.parts, form.end]),
  });
  return { status: res.statusCode, message: res.json<{ message: string }>().message };
}

const fileRows = async () =>
  (await t.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM files`))[0]?.n;

describe('every upload route, one rule for forms over their limits (issue 64)', () => {
  it('covers the upload routes', () => {
    expect(uploadRoutes.map((r) => r.name)).toHaveLength(9);
  });

  it('takes what it allows; more files than it takes is 413 with a catalogue text, and nothing is stored', async () => {
    const catalogue = new Set([
      messages.http.tooManyFiles,
      messages.chat.oneFile,
      messages.feedback.tooManyFiles(FEEDBACK_ATTACHMENTS_MAX),
      messages.documents.tooManyFiles(DOCUMENT_ATTACHMENTS_MAX),
    ]);
    for (const route of uploadRoutes) {
      expect(await send(route, 1), route.name).toMatchObject({ status: 200 });
      const rows = await fileRows();
      const objects = await storedObjects(t);
      for (const files of [route.max + 1, 50]) {
        const res = await send(route, files);
        expect(res.status, `${route.name}, ${files} files: ${res.message}`).toBe(413);
        expect(catalogue.has(res.message), `${route.name}, ${files} files: ${res.message}`).toBe(
          true,
        );
      }
      expect(await fileRows(), route.name).toBe(rows);
      expect(await storedObjects(t), route.name).toEqual(objects);
    }
  });

  it('more fields than a form takes is 413 with a catalogue text, and nothing is stored', async () => {
    for (const route of uploadRoutes) {
      const rows = await fileRows();
      const objects = await storedObjects(t);
      const res = await send(route, 1, 60);
      expect(res, route.name).toEqual({ status: 413, message: messages.http.tooManyFields });
      expect(await fileRows(), route.name).toBe(rows);
      expect(await storedObjects(t), route.name).toEqual(objects);
    }
  });
});
