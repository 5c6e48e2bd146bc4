import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import { isoDay } from '@palisade/domain/assessments/assessment.schema';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import type { ListRoundsReply, RecurrenceReply, ResponseRoundReply } from '@palisade/domain/recurrence/recurrence.schema';
import { addDays, addMonths, roundLabel } from '@palisade/domain/recurrence/recurrence.rules';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { openDatabase } from '../../db/client';
import { files, notifications, responseSections, responses } from '../../db/schema';
import { manualClock } from '../../lib/clock';
import { createProcessBus } from '../../realtime/bus';
import { createAssessment, demoBank, start, type Bank } from '../../test/notifications-helpers';
import { demoSessions } from '../../test/demo-sessions';
import { PNG_BYTES, createTestApp, type TestApp } from '../../test/test-app';
import { createNotificationsService } from '../notifications/notifications.service';
import { createRoundSweep } from './round-sweep';

const P = '/api/recurrence';
const R = '/api/assessment/responses';
const m = messages.recurrence;
const clock = manualClock(new Date());
const TODAY = isoDay(clock.now());
const at = (day: string) => new Date(`${day}T09:00:00Z`);

let t: TestApp;
let admin: string;
let otherAdmin: string;
let auditor: string;
let c1: string;
let c2: string;
let c1Id: string;
let c2Id: string;
let organisationId: string;
let bank: Bank;

beforeAll(async () => {
  t = await createTestApp({}, { clock, notificationSweepMs: 3_600_000, rankingSweepMs: false });
  ({ admin, otherAdmin, auditor, c1, c2, c1Id, c2Id, demoOrg: organisationId } = await demoSessions(t));
  bank = await demoBank(t, admin, organisationId);
});
afterAll(async () => {
  await t.close();
});

async function recurring(name: string, intervalMonths = 3, startsOn = TODAY): Promise<{ assessment: AssessmentReply; recurrence: RecurrenceReply }> {
  clock.set(at(TODAY));
  const assessment = await createAssessment(t, admin, bank, `${name} ${Date.now().toString(36)}`, [c1Id, c2Id]);
  const res = await t.post<RecurrenceReply>(`${P}/setRecurrence`, { assessmentId: assessment._id, intervalMonths, startsOn, windowDays: 30, version: 0 }, admin);
  expect(res.status, res.body.message).toBe(200);
  return { assessment, recurrence: res.body.data };
}

async function roundResponses(assessmentId: string, roundNumber: number) {
  return t.db
    .select({ id: responses.id, contractorId: responses.contractorId, previous: responses.previousResponseId, status: responses.status, due: responses.newDueDate, questions: responses.totalQuestions })
    .from(responses)
    .where(and(eq(responses.assessmentId, assessmentId), eq(responses.roundNumber, roundNumber)));
}

/** How many section rows these responses have. */
async function sectionRows(ids: readonly string[]): Promise<number> {
  const rows = await t.db.select({ id: responseSections.id }).from(responseSections).where(inArray(responseSections.responseId, [...ids]));
  return rows.length;
}

async function answerAll(r: ResponseReply, cookie: string, yesNo: 'YES' | 'NO', attachment?: FileRecord[]): Promise<ResponseReply> {
  const section = r.sections?.[0];
  const res = await t.post<ResponseReply>(
    `${R}/updateSectionInResponse`,
    {
      assesRespId: r._id,
      sectionId: section?._id,
      responseData: { questions: (section?.questions ?? []).map((q, i) => ({ _id: q._id, answer: { yesNo, ...(i === 0 && attachment ? { attachment } : {}) } })) },
    },
    cookie,
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function read(responseId: string, cookie: string): Promise<ResponseReply> {
  const res = await t.post<ResponseReply>(`${R}/getResponseById`, { responseId }, cookie);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

describe('setRecurrence, getRecurrence, stopRecurrence', () => {
  it('makes an assessment recur quarterly: round 1 is the assessment as shared, labelled; the next round an interval on', async () => {
    const { assessment, recurrence } = await recurring('Quarterly HSE');
    expect(recurrence).toMatchObject({ intervalMonths: 3, windowDays: 30, startsOn: TODAY, active: true, version: 1, nextRoundOn: addMonths(TODAY, 3) });
    expect(recurrence.rounds).toEqual([expect.objectContaining({ roundNumber: 1, label: roundLabel(TODAY, 3), startsOn: TODAY })]);
    const got = await t.post<RecurrenceReply | null>(`${P}/getRecurrence`, { assessmentId: assessment._id }, auditor);
    expect(got.status, got.body.message).toBe(200);
    expect(got.body.data?.version).toBe(1);
    const none = await createAssessment(t, admin, bank, `Not recurring ${Date.now().toString(36)}`, [c1Id]);
    expect((await t.post(`${P}/getRecurrence`, { assessmentId: none._id }, admin)).body.data).toBeNull();
  });

  it('refuses bad input with a message naming the field, a stale version with 409, and others with 401/403/404', async () => {
    const { assessment } = await recurring('Validation');
    const base = { assessmentId: assessment._id, intervalMonths: 3, startsOn: TODAY, windowDays: 30, version: 1 };
    const bad: [Record<string, unknown>, string][] = [
      [{ intervalMonths: 2 }, m.intervalInvalid],
      [{ windowDays: 0 }, m.windowInvalid(1, 365)],
      [{ intervalMonths: 1, windowDays: 40 }, m.windowTooLong(28)],
      [{ startsOn: '2027-02-30' }, m.startsOnInvalid],
      [{ startsOn: addDays(TODAY, -400) }, m.startsOnTooOld(366)],
      [{ version: -1 }, 'version must be a whole number'],
    ];
    for (const [change, message] of bad) {
      const res = await t.post(`${P}/setRecurrence`, { ...base, ...change }, admin);
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.post(`${P}/setRecurrence`, { ...base, version: 0 }, admin)).status).toBe(409);
    expect((await t.post(`${P}/stopRecurrence`, { assessmentId: assessment._id, version: 7 }, admin)).status).toBe(409);
    expect((await t.post(`${P}/setRecurrence`, base)).status).toBe(401);
    expect((await t.post(`${P}/getRecurrence`, { assessmentId: assessment._id })).status).toBe(401);
    for (const cookie of [auditor, c1]) expect((await t.post(`${P}/setRecurrence`, base, cookie)).status).toBe(403);
    expect((await t.post(`${P}/getRecurrence`, { assessmentId: assessment._id }, c1)).status).toBe(403);
    expect((await t.post(`${P}/setRecurrence`, base, otherAdmin)).status).toBe(404);
    expect((await t.post(`${P}/getRecurrence`, { assessmentId: assessment._id }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${P}/stopRecurrence`, { assessmentId: assessment._id, version: 1 }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${P}/listRounds`, { companyId: organisationId }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${P}/listRounds`, {}, admin)).status).toBe(400);
  });
});

describe('the round sweep', () => {
  it('opens each round on its date exactly once: a response per contractor, linked, due at start + window, told, labelled; a change applies from the next round; stop ends it', async () => {
    const { assessment, recurrence } = await recurring('Sweep');
    const r1 = await start(t, assessment, c1Id, c1);
    const sweep = t.services.roundSweep;
    const round2 = addMonths(TODAY, 3);

    // The day before: nothing.
    expect(await sweep.sweep(at(addDays(round2, -1)))).toEqual([]);
    expect(await roundResponses(assessment._id, 2)).toEqual([]);

    clock.set(at(round2));
    const opened = await sweep.sweep();
    expect(opened.filter((o) => o.assessmentId === assessment._id)).toEqual([{ assessmentId: assessment._id, roundNumber: 2, label: roundLabel(round2, 3), responses: 2 }]);
    expect(await sweep.sweep()).toEqual([]);
    const rows = await roundResponses(assessment._id, 2);
    expect(rows).toHaveLength(2);
    const mine = rows.find((r) => r.contractorId === c1Id);
    expect(mine).toMatchObject({ previous: r1._id, status: 'PENDING', due: addDays(round2, 30), questions: 2 });
    // contractor2 never started round 1: its round 2 links to nothing.
    expect(rows.find((r) => r.contractorId === c2Id)?.previous).toBeNull();
    // Opened as response rows only, counted as the assessment: their questions come with the first read.
    expect(await sectionRows(rows.map((r) => r.id))).toBe(0);
    expect((await t.db.select({ pending: responses.sectionsPending }).from(responses).where(eq(responses.assessmentId, assessment._id))).filter((r) => r.pending)).toHaveLength(2);
    const other = rows.find((r) => r.contractorId === c2Id)?.id ?? '';
    const twoAtOnce = await Promise.all([read(other, c2), read(other, c2), read(other, admin)]);
    for (const r of twoAtOnce) expect(r.sections?.[0]?.questions).toHaveLength(2);
    expect(await sectionRows([other])).toBe(1);
    expect(twoAtOnce[0]?.sections?.[0]?._id).toBe(twoAtOnce[2]?.sections?.[0]?._id);
    const told = await t.db.select({ title: notifications.title }).from(notifications).where(and(eq(notifications.userId, c1Id), eq(notifications.title, m.roundOpenedTitle(roundLabel(round2, 3)))));
    expect(told.length).toBeGreaterThanOrEqual(1);
    // Its response reads its round, and its due date is the round's.
    const reply = await read(mine?.id ?? '', c1);
    expect(reply.effectiveDueDate).toBe(addDays(round2, 30));
    expect(reply.round).toEqual({ number: 2, label: roundLabel(round2, 3) });
    const round = await t.post<ResponseRoundReply>(`${P}/getResponseRound`, { responseId: mine?.id }, c1);
    expect(round.body.data).toMatchObject({ roundNumber: 2, roundLabel: roundLabel(round2, 3), previousResponseId: r1._id, previousRoundLabel: roundLabel(TODAY, 3), canCarryOver: false });
    // The contractor's assessments list shows its latest round.
    const list = await t.post<{ _id: string; response?: { _id: string } | null }[]>(`/api/assessment/getAssessmentsByContractorId`, { contractorId: c1Id }, c1);
    expect(list.status, list.body.message).toBe(200);
    const labels = await t.post<ListRoundsReply>(`${P}/listRounds`, { companyId: organisationId }, auditor);
    expect(labels.body.data.map((l) => l.label)).toContain(roundLabel(round2, 3));
    // The overview filtered by the round: only that round's responses, each labelled.
    const filtered = await t.post<{ items: ResponseReply[]; total: number }>(`${R}/getResponsesByCompanyIds`, { companyIds: [organisationId], round: roundLabel(round2, 3), pageSize: 100 }, admin);
    expect(filtered.status, filtered.body.message).toBe(200);
    expect(filtered.body.data.items.map((i) => i._id)).toContain(mine?.id);
    expect(filtered.body.data.items.every((i) => i.round?.label === roundLabel(round2, 3))).toBe(true);
    expect((await t.post(`${R}/getResponsesByCompanyIds`, { companyIds: [organisationId], round: '' }, admin)).body.message).toBe(m.roundInvalid);
    // The Performance panel by round: its responses completed in the period (none completed yet), bad input named.
    const perf = await t.post<unknown[]>(`${R}/getCapPerformanceData`, { companyId: organisationId, from: round2, to: round2, round: roundLabel(round2, 3) }, admin);
    expect(perf.status, perf.body.message).toBe(200);
    expect(perf.body.data).toEqual([]);
    expect((await t.post(`${R}/getCapPerformanceData`, { companyId: organisationId, from: round2, to: round2, round: 'x'.repeat(41) }, admin)).body.message).toBe(m.roundInvalid);

    // Monthly from now on: round 3 a month after round 2.
    const got = await t.post<RecurrenceReply>(`${P}/getRecurrence`, { assessmentId: assessment._id }, admin);
    const changed = await t.post<RecurrenceReply>(`${P}/setRecurrence`, { assessmentId: assessment._id, intervalMonths: 1, startsOn: TODAY, windowDays: 20, version: got.body.data.version }, admin);
    expect(changed.status, changed.body.message).toBe(200);
    expect(changed.body.data).toMatchObject({ nextRoundOn: addMonths(round2, 1), startsOn: recurrence.startsOn });
    // Stale: the version before the change.
    expect((await t.post(`${P}/stopRecurrence`, { assessmentId: assessment._id, version: got.body.data.version }, admin)).status).toBe(409);
    const round3 = addMonths(round2, 1);
    clock.set(at(round3));
    expect((await sweep.sweep()).filter((o) => o.assessmentId === assessment._id)).toEqual([expect.objectContaining({ roundNumber: 3, label: roundLabel(round3, 1) })]);
    expect((await roundResponses(assessment._id, 3)).find((r) => r.contractorId === c1Id)).toMatchObject({ previous: mine?.id, due: addDays(round3, 20) });

    const stopped = await t.post<RecurrenceReply>(`${P}/stopRecurrence`, { assessmentId: assessment._id, version: changed.body.data.version }, admin);
    expect(stopped.status, stopped.body.message).toBe(200);
    expect(stopped.body.data).toMatchObject({ active: false, nextRoundOn: null });
    clock.set(at(addMonths(round3, 2)));
    expect((await sweep.sweep()).filter((o) => o.assessmentId === assessment._id)).toEqual([]);
    expect(stopped.body.data.rounds.map((r) => r.roundNumber)).toEqual([1, 2, 3]);
  });

  it.runIf(process.env.PALISADE_TEST_BACKEND === 'postgres')('two instances sweeping at once on PostgreSQL open the round once', async () => {
    const { assessment } = await recurring('Two instances');
    const url = t.dbUrl ?? '';
    expect(url).not.toBe('');
    const second = await openDatabase({ databaseUrl: url, pgliteDir: 'memory' });
    try {
      const notifier = createNotificationsService({ db: second.db, publicUrl: 'http://localhost:3000', bus: createProcessBus(), clock });
      const other = createRoundSweep({ db: second.db, clock, notifier });
      const day = at(addMonths(TODAY, 3));
      const results = await Promise.all([t.services.roundSweep.sweep(day), other.sweep(day), other.sweep(day), t.services.roundSweep.sweep(day)]);
      const opened = results.flat().filter((o) => o.assessmentId === assessment._id);
      expect(opened).toHaveLength(1);
      expect(await roundResponses(assessment._id, 2)).toHaveLength(2);
      expect(await roundResponses(assessment._id, 3)).toHaveLength(0);
    } finally {
      await second.close();
    }
  });
});

describe('carry-over', () => {
  it('carries the answers and files over by reference, marks them, refuses submit until each is confirmed or changed, and shows the auditor what changed', async () => {
    const { assessment } = await recurring('Carry over');
    const r1 = await start(t, assessment, c1Id, c1);
    const sectionId = r1.sections?.[0]?._id ?? '';
    const up = await t.upload<FileRecord>(`${R}/uploadAttachment?responseId=${r1._id}&sectionId=${sectionId}`, { name: 'permit.png', content: PNG_BYTES }, c1);
    expect(up.status, up.body.message).toBe(200);
    await answerAll(r1, c1, 'YES', [up.body.data]);
    const submitted = await t.post(`${R}/changeResponseStatus`, { responseId: r1._id, status: 'SUBMITTED' }, c1);
    expect(submitted.status, submitted.body.message).toBe(200);

    const round2 = addMonths(TODAY, 3);
    clock.set(at(round2));
    await t.services.roundSweep.sweep();
    const id2 = (await roundResponses(assessment._id, 2)).find((r) => r.contractorId === c1Id)?.id ?? '';
    const offered = await t.post<ResponseRoundReply>(`${P}/getResponseRound`, { responseId: id2 }, c1);
    expect(offered.body.data).toMatchObject({ canCarryOver: true, carried: [], unconfirmed: 0 });

    // Isolation and bad input.
    expect((await t.post(`${P}/carryOver`, { responseId: id2 }, c2)).status).toBe(404);
    expect((await t.post(`${P}/carryOver`, { responseId: id2 }, admin)).status).toBe(403);
    expect((await t.post(`${P}/carryOver`, { responseId: id2 })).status).toBe(401);
    expect((await t.post(`${P}/carryOver`, {}, c1)).body.message).toBe('responseId is required');
    expect((await t.post(`${P}/getResponseRound`, { responseId: id2 }, otherAdmin)).status).toBe(404);
    expect((await t.post(`${P}/carryOver`, { responseId: r1._id }, c1)).status).toBe(400);

    const carried = await t.post<ResponseRoundReply>(`${P}/carryOver`, { responseId: id2 }, c1);
    expect(carried.status, carried.body.message).toBe(200);
    expect(carried.body.message).toBe(m.carried(2));
    expect(carried.body.data).toMatchObject({ canCarryOver: false, unconfirmed: 2 });
    expect(carried.body.data.carried.map((c) => c.state)).toEqual(['CARRIED', 'CARRIED']);
    expect((await t.post(`${P}/carryOver`, { responseId: id2 }, c1)).status).toBe(409);

    let r2 = await read(id2, c1);
    const [q1, q2] = r2.sections?.[0]?.questions ?? [];
    expect(q1?.answer).toMatchObject({ yesNo: 'YES', attachment: [expect.objectContaining({ filePath: up.body.data.filePath })] });
    expect(r2.counts.answered).toBe(2);
    // The file is the same stored file: one record, readable from the new round.
    expect(await t.rows(sql`select count(*)::int as n from ${files} where ${files.path} = ${up.body.data.filePath}`)).toEqual([{ n: 1 }]);
    expect((await t.app.inject({ method: 'GET', url: up.body.data.fileLink, headers: { cookie: c1 } })).statusCode).toBe(200);

    const refused = await t.post(`${R}/changeResponseStatus`, { responseId: id2, status: 'SUBMITTED' }, c1);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(m.unconfirmed(2));

    // The first answer changes (its carried file taken off: round 1 keeps it); the second is confirmed.
    const save = await t.post<ResponseReply>(
      `${R}/updateSectionInResponse`,
      { assesRespId: id2, sectionId: r2.sections?.[0]?._id, responseData: { questions: [{ _id: q1?._id, version: q1?.version, answer: { yesNo: 'NO', attachment: [] } }] } },
      c1,
    );
    expect(save.status, save.body.message).toBe(200);
    expect(await t.rows(sql`select (${files.unattachedSince} is null) as attached from ${files} where ${files.path} = ${up.body.data.filePath}`)).toEqual([{ attached: true }]);
    expect((await t.post(`${P}/confirmCarried`, { responseId: id2, questionIds: [] }, c1)).body.message).toBe(m.questionIdsRequired);
    expect((await t.post(`${P}/confirmCarried`, { responseId: id2, questionIds: ['nope'] }, c1)).body.message).toBe(m.notCarried('nope'));
    expect((await t.post(`${P}/confirmCarried`, { responseId: id2, questionIds: [q2?._id] }, c2)).status).toBe(404);
    const confirmed = await t.post<ResponseRoundReply>(`${P}/confirmCarried`, { responseId: id2, questionIds: [q1?._id, q2?._id] }, c1);
    expect(confirmed.status, confirmed.body.message).toBe(200);
    expect(confirmed.body.message).toBe(m.confirmed(1));
    expect(confirmed.body.data.carried.map((c) => c.state)).toEqual(['CHANGED', 'CONFIRMED']);
    expect(confirmed.body.data.unconfirmed).toBe(0);

    const ok = await t.post(`${R}/changeResponseStatus`, { responseId: id2, status: 'SUBMITTED' }, c1);
    expect(ok.status, ok.body.message).toBe(200);
    r2 = await read(id2, auditor);

    // The auditor: the changed answer beside its previous one; the other carried unchanged.
    const seen = await t.post<ResponseRoundReply>(`${P}/getResponseRound`, { responseId: id2 }, auditor);
    expect(seen.status, seen.body.message).toBe(200);
    expect(seen.body.data.changedSinceLast).toEqual([
      { questionId: q1?._id, previousAnswer: expect.objectContaining({ yesNo: 'YES', attachment: [expect.objectContaining({ filePath: up.body.data.filePath })] }) },
    ]);
    expect(seen.body.data.carried.find((c) => c.questionId === q2?._id)?.state).toBe('CONFIRMED');
    // Round 1 keeps its answers and file.
    const first = await read(r1._id, auditor);
    expect(first.sections?.[0]?.questions[0]?.answer).toMatchObject({ yesNo: 'YES', attachment: [expect.objectContaining({ filePath: up.body.data.filePath })] });
  });
});
