import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { createSharedAssessment, expectAccessible, expectNoSideScroll, shot } from '../support/helpers';
import { freePort } from '../support/servers';
import { callApi, ownSession, startOwnServer, stopOwnServer } from '../support/own-server';

/**
 * Issue 58: an assessment made to recur quarterly; the server's clock a quarter on (a server of the
 * scenario's own, restarted with its clock moved: main.ts opens the rounds due before it serves);
 * contractor1 starts round 2 from its carried-over answers, changes one, confirms the rest and
 * submits; the auditor sees the changed answer against the previous round's and completes both
 * rounds; the organisation's page of the contractor draws its score per round as two points.
 */
const CONTRACTOR = 'contractor1@demo.test';
const ADMIN = 'admin@demo.test';
const AUDITOR = 'auditor1@demo.test';
/** A quarter and a little: round 2 (three months after round 1's start) is due. */
const QUARTER_ON_MS = 100 * 24 * 60 * 60 * 1000;

interface ResponseShape {
  _id: string;
  assessmentId: string;
  sections: Array<{ _id: string; categoryId: string; questions: Array<{ _id: string; question: { questText: string } }> }>;
}

/** The auditor accepts every question of the response's first section, scores it and completes the response. */
async function completeResponse(page: Page, r: ResponseShape, scoredMarks: number): Promise<void> {
  const section = r.sections[0];
  await callApi(page, '/api/assessment/responses/updateSectionInResponse', {
    assesRespId: r._id,
    sectionId: section?._id,
    responseData: { questions: (section?.questions ?? []).map((q) => ({ _id: q._id, assessStatus: 'ACCEPTED' })), scoredMarks },
  });
  await callApi(page, '/api/assessment/responses/changeResponseStatus', { responseId: r._id, status: 'COMPLETED' });
}

base('recurring assessment: quarterly rounds, carry-over, confirmations, and the auditor’s previous answers', async ({ browser }) => {
  base.setTimeout(900_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-e2e-recurring-'));
  const port = await freePort();
  let server = await startOwnServer(dataDir, port, 0);
  const sessions: Array<{ close: () => Promise<void> }> = [];
  try {
    const name = `Quarterly Site Safety ${Date.now().toString(36)}`;
    // Set-up through the API: the organisation shares an assessment of two yes/no questions; the
    // contractor answers both YES and submits round 1.
    const admin = await ownSession(browser, server.url, ADMIN);
    sessions.push(admin);
    const assessmentId = await createSharedAssessment(admin.page, { name, contractorEmail: CONTRACTOR, sections: 1, answerTypes: ['yesNo', 'yesNo'] });
    const contractor = await ownSession(browser, server.url, CONTRACTOR);
    sessions.push(contractor);
    const me = (await (await contractor.page.request.get('/api/auth/me')).json()) as { data: { _id: string } };
    const r1 = await callApi<ResponseShape>(contractor.page, '/api/assessment/responses/createResponseForContractor', { assessmentId, contractor: { contractorId: me.data._id } });
    const section1 = r1.sections[0];
    await callApi(contractor.page, '/api/assessment/responses/updateSectionInResponse', {
      assesRespId: r1._id,
      sectionId: section1?._id,
      responseData: { questions: (section1?.questions ?? []).map((q) => ({ _id: q._id, answer: { yesNo: 'YES' } })) },
    });
    await callApi(contractor.page, '/api/assessment/responses/changeResponseStatus', { responseId: r1._id, status: 'SUBMITTED' });
    const firstQuestion = section1?.questions[0]?.question.questText ?? '';
    // The auditor completes round 1 (both accepted, 6 of 10): the trend's first point.
    const auditor1 = await ownSession(browser, server.url, AUDITOR);
    sessions.push(auditor1);
    await completeResponse(auditor1.page, r1, 6);
    await auditor1.close();

    // The organisation makes it recur every quarter, from the response's page.
    const a = admin.page;
    await a.goto(`/sapphire/Cap_AssesmentView/${r1._id}`);
    const card = a.getByRole('region', { name: 'Recurrence', exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByLabel('Every')).toHaveValue('3');
    await card.getByRole('button', { name: 'Make it recur' }).click();
    await expect(a.getByText('Recurrence saved')).toBeVisible();
    await expect(card.getByRole('status')).toContainText('Next round opens on');
    await expect(card.getByRole('list', { name: 'Rounds' }).getByRole('listitem')).toHaveCount(1);
    await expectAccessible(a);
    await shot(a, 'recurring-recurrence-card-1280');

    // A quarter later (the server back with its clock moved on): round 2 is open.
    await admin.close();
    await contractor.close();
    await stopOwnServer(server);
    server = await startOwnServer(dataDir, port, QUARTER_ON_MS);
    const c2 = await ownSession(browser, server.url, CONTRACTOR);
    sessions.push(c2);
    const c = c2.page;
    const round = (await callApi<{ responseId: string }[]>(c, '/api/assessment/responses/getResponsesByContractorId', { contractorId: me.data._id })) as unknown as ResponseShape[];
    const r2 = round.find((r) => r.assessmentId === assessmentId && r._id !== r1._id);
    expect(r2).toBeDefined();
    const r2Id = r2?._id ?? '';

    // Round 2 offers the previous answers; carried over, both are to confirm.
    await c.goto(`/atgl/Contractor/assessment/${r2Id}/categories`);
    const panel = c.getByRole('region', { name: 'Round', exact: true });
    await expect(panel).toContainText('Round 2 ·');
    await expectAccessible(c);
    await shot(c, 'recurring-round2-offer-1280');
    await panel.getByRole('button', { name: 'Carry over previous answers' }).click();
    await expect(panel.getByRole('status')).toHaveText('2 carried-over answers still to confirm or change');

    // The checklist: question 1 is changed to No; it is marked Changed.
    await c.goto(`/atgl/Contractor/assessment/${r2Id}/categories/${section1?.categoryId ?? ''}`);
    await expect(c.getByText('Carried over').first()).toBeVisible();
    await expectAccessible(c);
    await shot(c, 'recurring-checklist-carried-1280');
    await c.getByRole('radiogroup').first().getByLabel('No').check();
    await expect(c.getByText('Changed', { exact: true })).toBeVisible();
    await expect(c.getByText('Carried over', { exact: true })).toHaveCount(1);

    // Back on the categories: one to confirm; Confirm all unchanged; Submit.
    await c.goto(`/atgl/Contractor/assessment/${r2Id}/categories`);
    await expect(panel.getByRole('status')).toHaveText('1 carried-over answer still to confirm or change');
    await c.getByRole('button', { name: 'Submit' }).click();
    const confirmDialog = c.getByRole('dialog');
    await expect(confirmDialog).toContainText('1 carried-over answer is not confirmed yet');
    await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
    await panel.getByRole('button', { name: 'Confirm all unchanged' }).click();
    await expect(panel.getByRole('status')).toBeHidden();
    await c.getByRole('button', { name: 'Submit' }).click();
    await expect(confirmDialog).not.toContainText('not confirmed');
    await confirmDialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(c.getByText('Submitted: this response is now read-only.')).toBeVisible();

    // At 390 px the round panel fits.
    await c.setViewportSize({ width: 390, height: 844 });
    await c.goto(`/atgl/Contractor/assessment/${r2Id}/categories`);
    await expect(panel).toBeVisible();
    await expectNoSideScroll(c);
    await expectAccessible(c);
    await shot(c, 'recurring-round2-submitted-390');
    c2.done();

    // The auditor: question 1 changed since the last round, its previous answer beside it.
    const auditor = await ownSession(browser, server.url, AUDITOR);
    sessions.push(auditor);
    const u = auditor.page;
    await u.goto(`/auditor/assessment/${r2Id}/Categories/${section1?.categoryId ?? ''}`);
    await expect(u.getByText(firstQuestion).first()).toBeVisible();
    await expect(u.getByText('Changed since the last round', { exact: true })).toBeVisible();
    // Said as the checklist says it ("Yes"), not as stored.
    await expect(u.getByText(/Previous round \(.+\): Yes$/)).toBeVisible();
    await expect(u.getByText('Unchanged since the last round')).toBeVisible();
    await expectAccessible(u);
    await shot(u, 'recurring-auditor-previous-1280');
    await u.setViewportSize({ width: 390, height: 844 });
    await expect(u.getByText('Changed since the last round', { exact: true })).toBeVisible();
    await expectNoSideScroll(u);
    await expectAccessible(u);
    await shot(u, 'recurring-auditor-previous-390');
    // The auditor completes round 2 (9 of 10).
    await completeResponse(u, await callApi<ResponseShape>(u, '/api/assessment/responses/getResponseById', { responseId: r2Id }), 9);
    auditor.done();

    // The organisation's page of the contractor: its score per round, a line of two points.
    const admin2 = await ownSession(browser, server.url, ADMIN);
    sessions.push(admin2);
    const o = admin2.page;
    await o.goto(`/sapphire/contractors/${me.data._id}`);
    const chart = o.getByTestId('score-trend-chart');
    await expect(chart).toBeVisible();
    // Its last two points are the two rounds (the demo's earlier completed response comes before them).
    const label = (await chart.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/Q\d \d{4}: 60%; Q\d \d{4}: 90%$/);
    await expect(o.getByRole('table', { name: 'Score per round' }).getByRole('row')).toHaveCount(label.split(';').length + 1);
    await expectAccessible(o);
    await shot(o, 'recurring-trend-1280');
    await o.setViewportSize({ width: 390, height: 844 });
    await expect(chart).toBeVisible();
    await expectNoSideScroll(o);
    await expectAccessible(o);
    await shot(o, 'recurring-trend-390');
    admin2.done();
  } finally {
    for (const s of sessions) await s.close();
    await stopOwnServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
