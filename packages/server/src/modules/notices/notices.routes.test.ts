import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import type { LearningDoc, NoticeViewReply, StorageReference, TopicDocsReply } from '@palisade/domain/learning/learning.schema';
import { completionPercent } from '@palisade/domain/learning/learning.rules';
import { messages } from '@palisade/domain/messages';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PDF_BYTES } from '../../test/documents-helpers';

const m = messages.learning;
const YT = 'https://www.youtube.com/embed/dQw4w9WgXcQ';

let t: TestApp;
let admin: string;
let otherAdmin: string;
let c1: string;
let c2: string;
let auditor1: string;
let employee1: string;
let employee2: string;
let demoOrg: string;
let otherOrg: string;
let c1Id: string;

const rows = <T>(query: SQL): Promise<T[]> => t.rows<T>(query);

const notice = (over: Record<string, unknown> = {}) => ({ title: 'Gas test at 9', desc: 'Everyone clears the area', totaltime: 60, rewards: 1, type: 3, filename: 'gas test.pdf', ...over });
const create = (cookie: string | undefined, document: Record<string, unknown>, cmp = demoOrg) =>
  t.post<StorageReference>('/api/notice/createNotice', { cmp_id: cmp, document }, cookie);
const topicDocs = (cookie: string, companyId = demoOrg, topic = 'Notices') => t.post<TopicDocsReply>('/api/company/getLearningTopicDocs', { companyId, topic }, cookie);
const view = (cookie: string | undefined, noticeId: string) => t.post<NoticeViewReply>('/api/notice/recordNoticeView', { noticeId }, cookie);

/** The organisation's audience by plain SQL: active contractors serving it and its active employees. */
async function audience(): Promise<number> {
  const [c] = await rows<{ n: number }>(
    sql`select count(distinct u.id)::int as n from users u join user_organisations uo on uo.user_id = u.id where uo.organisation_id = ${demoOrg} and u.type = 3 and u.is_active and u.deleted_at is null`,
  );
  const [e] = await rows<{ n: number }>(sql`select count(*)::int as n from users where organisation_id = ${demoOrg} and type = 5 and is_active and deleted_at is null`);
  return (c?.n ?? 0) + (e?.n ?? 0);
}
const viewsOf = async (docId: string, side?: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from notice_views where doc_id = ${docId} ${side ? sql`and contractor_id = ${side}` : sql``}`))[0]?.n ?? -1;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin@demo.test');
  otherAdmin = await t.signIn('admin@other.test');
  c1 = await t.signIn('contractor1@demo.test');
  c2 = await t.signIn('contractor2@demo.test');
  auditor1 = await t.signIn('auditor1@demo.test');
  employee1 = await t.signIn('employee1@demo.test');
  employee2 = await t.signIn('employee2@demo.test');
  demoOrg = (await t.get<Profile>('/api/auth/me', admin)).body.data.cmp_id ?? '';
  otherOrg = (await t.get<Profile>('/api/auth/me', otherAdmin)).body.data.cmp_id ?? '';
  c1Id = await t.userId('contractor1@demo.test');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/notice/createNotice', () => {
  it('creates a notice with its file (organisation) or a Youtube link (contractor)', async () => {
    const ref = await create(admin, notice());
    expect(ref.status, ref.body.message).toBe(200);
    expect(ref.body.message).toBe(m.noticeCreated);
    const up = await t.upload<LearningDoc>(ref.body.data.uploadUrl ?? '', { name: 'gas test.pdf', content: PDF_BYTES }, admin);
    expect(up.status, up.body.message).toBe(200);
    expect(up.body.data.topic).toBe('Notices');
    const yt = await create(c1, notice({ type: 4, item_url: YT, filename: '' }));
    expect(yt.status, yt.body.message).toBe(200);
    const list = await topicDocs(admin);
    expect(list.body.data.docs.map((d) => d._id)).toEqual(expect.arrayContaining([ref.body.data._id, yt.body.data._id]));
    // Notices are not learning modules.
    const lib = await t.get<LearningDoc[]>(`/api/learning/getLearningDocs?cmp_id=${demoOrg}`, admin);
    expect(lib.body.data.some((d) => d.topic === 'Notices')).toBe(false);
  });

  it("hides a contractor's name from the other contractors and their employees", async () => {
    const ref = await create(c1, notice({ title: 'Scaffold closed', type: 4, item_url: YT, filename: '' }));
    expect(ref.status, ref.body.message).toBe(200);
    const c1Name = (await rows<{ name: string }>(sql`select name from users where id = ${c1Id}`))[0]?.name ?? '';
    expect(c1Name).not.toBe('');
    const c2Id = await t.userId('contractor2@demo.test');
    const employeeOf = async (contractorId: string) =>
      (await rows<{ email: string }>(sql`select email from users where type = 5 and contractor_id = ${contractorId} and is_active and deleted_at is null order by email limit 1`))[0]?.email ?? '';
    const c1Employee = await t.signIn(await employeeOf(c1Id));
    const c2Employee = await t.signIn(await employeeOf(c2Id));
    const nameSeenBy = async (cookie: string) => {
      const res = await t.get<TopicDocsReply>('/api/notice/getAllNotices', cookie);
      expect(res.status, res.body.message).toBe(200);
      return res.body.data.docs.find((d) => d._id === ref.body.data._id)?.creatorName;
    };
    expect(await nameSeenBy(admin)).toBe(c1Name);
    expect(await nameSeenBy(c1)).toBe(c1Name);
    expect(await nameSeenBy(c1Employee)).toBe(c1Name);
    expect(await nameSeenBy(c2)).toBe(m.anotherContractor);
    expect(await nameSeenBy(c2Employee)).toBe(m.anotherContractor);
    const viaTopic = (await topicDocs(c2)).body.data.docs.find((d) => d._id === ref.body.data._id);
    expect(viaTopic?.creatorName).toBe(m.anotherContractor);
    // The organisation's own notices keep their author's name for everyone.
    const seeded = (await topicDocs(c2)).body.data.docs.find((d) => d.title === 'Winter driving on site');
    expect(seeded?.creatorName).not.toBe(m.anotherContractor);
  });

  it('answers 400 with the notice texts for each bad field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, m.titleRequired],
      [{ desc: undefined }, m.descriptionRequired],
      [{ type: undefined }, m.selectDocumentType],
      [{ totaltime: 'soon' }, m.totalTimeNumber],
      [{ totaltime: 0 }, m.timePositive],
      [{ rewards: 'x' }, m.rewardsNumber],
      [{ rewards: -2 }, m.rewardsPositive],
      [{ type: 4, item_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', filename: '' }, m.invalidUrl],
      [{ type: 4, item_url: '', filename: '' }, m.invalidUrl],
      [{ filename: '' }, m.fileRequired],
      [{ type: 2, filename: 'clip.pdf' }, m.wrongFileType],
    ];
    for (const [over, text] of cases) {
      const res = await create(admin, notice(over));
      expect(res.status, JSON.stringify(over)).toBe(400);
      // The server names the field before zod-like texts ("document.item_url: Invalid Url").
      expect(res.body.message, JSON.stringify(over)).toMatch(new RegExp(`(^|: )${text.replace(/[.*+?^${}()|[\]\\!]/g, '\\$&')}$`));
    }
  });

  it('answers 401, 403 to auditors and employees, 404 for another tenant', async () => {
    expect((await create(undefined, notice())).status).toBe(401);
    expect((await create(auditor1, notice())).status).toBe(403);
    expect((await create(employee1, notice())).status).toBe(403);
    expect((await create(admin, notice(), otherOrg)).status).toBe(404);
    expect((await create(c1, notice(), otherOrg)).status).toBe(404);
  });
});

describe('notice reads and Completed by', () => {
  it('counts each reader once; the organisation sees all readers of its audience, a contractor its own side', async () => {
    const ref = (await create(admin, notice({ type: 4, item_url: YT, filename: '' }))).body.data;
    const before = (await topicDocs(admin)).body.data;
    expect(before.usersCount).toBe(await audience());
    expect(before.docs.find((d) => d._id === ref._id)?.viewersCount).toBe(0);
    const first = await view(employee1, ref._id);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data.recorded).toBe(true);
    const again = await view(employee1, ref._id);
    expect(again.body.data).toMatchObject({ recorded: false, viewed_at: first.body.data.viewed_at });
    expect((await view(c1, ref._id)).status).toBe(200);
    expect((await view(employee2, ref._id)).status).toBe(200);
    const after = (await topicDocs(admin)).body.data;
    const d = after.docs.find((x) => x._id === ref._id);
    expect(d?.viewersCount).toBe(await viewsOf(ref._id));
    expect(d?.viewersCount).toBe(3);
    expect(d?.viewers.map((v) => v.uid).sort()).toEqual([await t.userId('employee1@demo.test'), await t.userId('employee2@demo.test'), c1Id].sort());
    // Contractor 1's side: itself and its employees only.
    const own = (await topicDocs(c1)).body.data;
    const [ownEmployees] = await rows<{ n: number }>(sql`select count(*)::int as n from users where contractor_id = ${c1Id} and type = 5 and is_active and deleted_at is null`);
    expect(own.usersCount).toBe(1 + (ownEmployees?.n ?? 0));
    const ownDoc = own.docs.find((x) => x._id === ref._id);
    expect(ownDoc?.viewersCount).toBe(await viewsOf(ref._id, c1Id));
    const employee2Id = await t.userId('employee2@demo.test');
    expect(ownDoc?.viewers.map((v) => v.uid)).not.toContain(employee2Id);
    expect(ownDoc?.viewers.length).toBe(ownDoc?.viewersCount);
    expect(ownDoc?.viewedByMe).toBe(true);
    expect(completionPercent(ownDoc?.viewersCount ?? 0, own.usersCount)).toBeLessThanOrEqual(100);
  });

  it('lists notices by company and across the caller’s organisations, with viewers when asked', async () => {
    const byCompany = await t.post<TopicDocsReply>('/api/notice/getNoticesByCompanyId?viewers=true', { companyId: demoOrg }, admin);
    expect(byCompany.status).toBe(200);
    const [n] = await rows<{ n: number }>(sql`select count(*)::int as n from learning_documents where organisation_id = ${demoOrg} and topic = 'Notices' and ready`);
    expect(byCompany.body.data.docs).toHaveLength(n?.n ?? -1);
    const seeded = byCompany.body.data.docs.find((d) => d.title === 'Winter driving on site');
    expect(seeded?.viewersCount).toBe(await viewsOf(seeded?._id ?? ''));
    expect(seeded?.viewers.length).toBe(seeded?.viewersCount);
    const noViewers = await t.post<TopicDocsReply>('/api/notice/getNoticesByCompanyId', { companyId: demoOrg }, admin);
    expect(noViewers.body.data.docs.every((d) => d.viewers.length === 0)).toBe(true);
    const all = await t.get<TopicDocsReply>('/api/notice/getAllNotices?viewers=true', employee1);
    expect(all.status).toBe(200);
    expect(all.body.data.docs.every((d) => d.companyId === demoOrg && d.viewers.length === 0)).toBe(true);
    const other = await t.get<TopicDocsReply>('/api/notice/getAllNotices', otherAdmin);
    expect(other.body.data.docs.every((d) => d.companyId === otherOrg)).toBe(true);
    expect((await t.get('/api/notice/getAllNotices?viewers=maybe', admin)).status).toBe(400);
    expect((await t.get('/api/notice/getAllNotices')).status).toBe(401);
    expect((await t.get('/api/notice/getAllNotices', auditor1)).status).toBe(403);
    expect((await t.post('/api/notice/getNoticesByCompanyId', { companyId: otherOrg }, admin)).status).toBe(404);
    expect((await t.post('/api/notice/getNoticesByCompanyId', {}, admin)).status).toBe(400);
    expect((await topicDocs(otherAdmin, demoOrg)).status).toBe(404);
    expect((await t.post('/api/company/getLearningTopicDocs', { companyId: demoOrg }, admin)).status).toBe(400);
    expect((await topicDocs(auditor1)).status).toBe(403);
    const safety = await topicDocs(admin, demoOrg, 'Safety');
    expect(safety.body.data.docs.every((d) => d.topic === 'Safety')).toBe(true);
  });

  it('answers 400, 401, 403 and 404 on recordNoticeView', async () => {
    const ref = (await create(admin, notice({ type: 4, item_url: YT, filename: '' }))).body.data;
    expect((await view(undefined, ref._id)).status).toBe(401);
    expect((await view(admin, ref._id)).status).toBe(403);
    expect((await view(auditor1, ref._id)).status).toBe(403);
    expect((await t.post('/api/notice/recordNoticeView', {}, c2)).status).toBe(400);
    expect((await view(c2, crypto.randomUUID())).status).toBe(404);
    const otherNotice = (await create(otherAdmin, notice({ type: 4, item_url: YT, filename: '' }), otherOrg)).body.data;
    expect((await view(c2, otherNotice._id)).status).toBe(404);
    // A learning document is not a notice; a notice whose file has not arrived is not readable yet.
    const learning = await t.post<StorageReference>('/api/company/uploadLearning', { cmp_id: demoOrg, topic: 'Safety', document: notice({ type: 4, item_url: YT, filename: '' }) }, admin);
    expect((await view(c2, learning.body.data._id)).status).toBe(404);
    const pending = (await create(admin, notice())).body.data;
    expect((await view(c2, pending._id)).status).toBe(404);
  });
});
