import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import type { Observation } from '@palisade/domain/observations/observation.schema';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { StorageReference } from '@palisade/domain/learning/learning.schema';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { multipart, questionIds, seededResponses, sendChat } from '../../test/chat-helpers';
import { PDF_BYTES, postForm } from '../../test/documents-helpers';
import { createTestApp, PNG_BYTES, type TestApp } from '../../test/test-app';

/**
 * Issue 64: auditors could download observation photos (200 with the bytes) though they may not
 * read observations. A file's readers are exactly its object's readers: for each kind of file,
 * every role of both tenants either reads both or neither. An object read by id (a response, an
 * observation, a user) is read by that call; one that only lists show (a policy document, a
 * feedback, a learning document) is read when one of the lists the role may call names the file.
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
  /**
   * Roles that read the object though no call above shows it to them: the author handed the link
   * by its create (a contractor's feedback: an uploader reads its own upload); an employee's own
   * contractor, whom the visibility rule lets it see (employees have no call that reads users).
   */
  readersBeside?: ReadonlyArray<(typeof ROLES)[number]>;
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

  // Lists: the object is read when a list the role may call hands out the file's link.
  const admin = cookies['admin@demo.test'] ?? '';
  const organisationId = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  const listed =
    (lists: ReadonlyArray<{ url: string; body?: object }>, link: () => string) =>
    async (cookie: string): Promise<number> => {
      for (const list of lists) {
        const reply = list.body
          ? await t.post(list.url, list.body, cookie)
          : await t.get(list.url, cookie);
        if (reply.status === 200 && JSON.stringify(reply.body.data).includes(link())) return 200;
      }
      return 404;
    };
  const byCompany = { companyId: organisationId };

  const document = await postForm<{ attachments?: Array<{ fileLink: string }> }>(
    t,
    '/api/document/createDocument',
    admin,
    [
      ['title', 'Site rules'],
      ['description', 'Read before work'],
    ],
    [{ name: 'rules.pdf', content: PDF_BYTES }],
  );
  expect(document.status, document.body.message).toBe(200);
  const documentFile = JSON.stringify(document.body.data).match(/\/api\/files\/[\w-]+/)?.[0] ?? '';

  const feedback = await postForm(
    t,
    '/api/feedback/createFeedback',
    c1,
    [['feedbackText', 'The gate is blocked']],
    [{ name: 'gate.png', content: PNG_BYTES }],
  );
  expect(feedback.status, feedback.body.message).toBe(200);
  const feedbackFile = JSON.stringify(feedback.body.data).match(/\/api\/files\/[\w-]+/)?.[0] ?? '';

  const learningRef = await t.post<StorageReference>(
    '/api/company/uploadLearning',
    {
      cmp_id: organisationId,
      topic: 'Safety',
      document: {
        title: 'Working at height',
        desc: 'Harnesses',
        totaltime: 300,
        rewards: 10,
        type: 3,
        subcat: 'Testing',
        filename: 'Height.pdf',
        item_url: '',
      },
    },
    admin,
  );
  expect(learningRef.status, learningRef.body.message).toBe(200);
  const learning = await t.upload(
    learningRef.body.data.uploadUrl ?? '',
    { name: 'Height.pdf', content: PDF_BYTES },
    admin,
  );
  expect(learning.status, learning.body.message).toBe(200);
  const learningFile = JSON.stringify(learning.body.data).match(/\/api\/files\/[\w-]+/)?.[0] ?? '';

  // Issue 56: an auditor's file on a question of a SUBMITTED response of contractor1's.
  const submitted = Object.values(await seededResponses(t, c1, c1Id)).find((r) => r.status === 'SUBMITTED');
  const auditorQuestion = submitted?.sections?.[0]?.questions[0]?._id ?? '';
  const auditorUpload = await t.upload<ResponseReply>(
    `/api/assessment/responses/uploadAuditorAttachment?responseId=${submitted?._id ?? ''}&questionId=${auditorQuestion}`,
    { name: 'findings.pdf', content: PDF_BYTES },
    cookies['auditor1@demo.test'] ?? '',
  );
  expect(auditorUpload.status, auditorUpload.body.message).toBe(200);
  const auditorFile =
    auditorUpload.body.data.sections?.[0]?.questions[0]?.auditorAttachments[0]?.fileLink ?? '';
  const readSubmitted = async (cookie: string) =>
    (
      await t.post(
        '/api/assessment/responses/getResponseById',
        { responseId: submitted?._id ?? '' },
        cookie,
      )
    ).status;

  const image = await t.upload<Profile>(
    '/api/profile/uploadProfileImage',
    { name: 'me.png', content: PNG_BYTES },
    c1,
  );
  expect(image.status, image.body.message).toBe(200);
  const imageFile = JSON.stringify(image.body.data).match(/\/api\/files\/[\w-]+/)?.[0] ?? '';

  kinds.push(
    {
      name: 'policy document',
      link: documentFile,
      readObject: listed(
        [
          { url: '/api/document/getAllDocuments' },
          { url: '/api/document/getDocumentsByCompanyId', body: byCompany },
        ],
        () => documentFile,
      ),
    },
    {
      name: 'feedback attachment',
      link: feedbackFile,
      readersBeside: ['contractor1@demo.test'],
      readObject: listed(
        [
          { url: '/api/feedback/getAllFeedbacks' },
          { url: '/api/feedback/getFeedbacksByCompanyId', body: byCompany },
        ],
        () => feedbackFile,
      ),
    },
    {
      name: 'learning file',
      link: learningFile,
      readObject: listed(
        [{ url: `/api/learning/getLearningDocs?cmp_id=${organisationId}` }],
        () => learningFile,
      ),
    },
    {
      name: 'profile image',
      link: imageFile,
      readObject: listed(
        [{ url: '/api/app/getUsersByIds', body: { userIds: [c1Id] } }],
        () => imageFile,
      ),
      readersBeside: ['employee1@demo.test'],
    },
    { name: 'answer attachment', link: attachment.fileLink, readObject: readResponse },
    { name: 'chat file', link: chatFile, readObject: readResponse },
    { name: "auditor's attachment", link: auditorFile, readObject: readSubmitted },
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
        const object = kind.readersBeside?.includes(role) ? 200 : await kind.readObject(cookie);
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
