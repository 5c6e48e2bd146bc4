import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AnswerType } from '@palisade/domain/statuses';
import { auditSentence } from '@palisade/domain/audit/audit.sentences';
import { assessmentSectionQuestions, auditLog, questions, responseQuestions, responses, responseSections, responseTimeline } from '../db/schema';
import { createTestApp, type TestApp } from '../test/test-app';
import { DEMO_QUESTION_BANK } from './demo';
import { seedDemoDashboards } from './demo-dashboards';
import { DEMO_TEXT_ANSWERS } from './demo-responses';

// Issue 19: the demo's answers fit their questions, in every seeded response (the demo's own and
// the two years of monthly checks that `npm start` adds).
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoDashboards(t.db);
});
afterAll(async () => {
  await t.close();
});

/** An open question: it asks for a description, a way, an amount or a choice, never a Yes/No. */
const isOpen = (text: string) => /^(Describe|How|What|Which)\b/.test(text);

describe('the demo seed', () => {
  it('gives no open question ("Describe", "How", "What") a Yes/No answer type, in any assessment', async () => {
    const rows = await t.db
      .select({ text: questions.questText, answerType: assessmentSectionQuestions.answerType })
      .from(assessmentSectionQuestions)
      .innerJoin(questions, eq(questions.id, assessmentSectionQuestions.questionId));
    expect(rows.length).toBeGreaterThan(0);
    const openOnes = rows.filter((r) => isOpen(r.text));
    expect(openOnes.length).toBeGreaterThan(0);
    expect(openOnes.filter((r) => r.answerType === AnswerType.YES_NO).map((r) => r.text)).toEqual([]);
  });

  it('answers no open question Yes/No, and every text answer is the one written for its question', async () => {
    const rows = await t.db
      .select({ text: responseQuestions.questText, answerType: responseQuestions.answerType, answer: responseQuestions.answer })
      .from(responseQuestions);
    const answered = rows.filter((r) => r.answer !== null);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((r) => isOpen(r.text) && r.answer?.yesNo !== null).map((r) => r.text)).toEqual([]);

    const texts = answered.filter((r) => r.answer?.text !== null && r.answer?.text !== undefined);
    expect(texts.length).toBeGreaterThan(0);
    // 'Describe the measures you take to reduce noise and dust on site.' among them, with its own text.
    expect(texts.map((r) => r.text)).toContain('Describe the measures you take to reduce noise and dust on site.');
    for (const r of texts) expect({ question: r.text, answer: r.answer?.text }).toEqual({ question: r.text, answer: DEMO_TEXT_ANSWERS[r.text] });

    // "How many" is a number, "Which" one of the question's choices.
    for (const r of answered.filter((x) => x.text.startsWith('How many'))) expect(typeof r.answer?.value).toBe('number');
    for (const r of answered.filter((x) => x.text.startsWith('Which'))) expect(r.answer?.value).not.toBeNull();
  });

  it("asks each section only its own category's questions", async () => {
    const rows = await t.db
      .select({ text: responseQuestions.questText, category: responseSections.categoryName })
      .from(responseQuestions)
      .innerJoin(responseSections, eq(responseSections.id, responseQuestions.responseSectionId));
    expect(rows.length).toBeGreaterThan(0);
    const misplaced = rows.filter((r) => !(DEMO_QUESTION_BANK[r.category] ?? []).includes(r.text));
    expect([...new Set(misplaced.map((r) => `${r.category}: ${r.text}`))]).toEqual([]);
  });

  it('gives every seeded response the history that goes with its timeline (issue 56)', async () => {
    const all = await t.db.select({ id: responses.id, organisationId: responses.organisationId }).from(responses);
    const timeline = await t.db.select().from(responseTimeline);
    const log = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'response'));
    expect(all.length).toBeGreaterThan(100);
    for (const r of all) {
      const entries = log.filter((e) => e.entityId === r.id);
      const changes = timeline.filter((x) => x.responseId === r.id && x.fromStatus !== null).sort((a, b) => a.at.getTime() - b.at.getTime());
      // Started once; one status change a timeline step, by the same person, at the same time, to the same status.
      expect(entries.filter((e) => e.action === 'response.create'), r.id).toHaveLength(1);
      const logged = entries.filter((e) => e.action === 'response.changeStatus').sort((a, b) => a.at.getTime() - b.at.getTime());
      expect(logged.map((e) => [e.actorId, e.at.getTime(), (e.after as { status: string }).status])).toEqual(changes.map((c) => [c.actorId, c.at.getTime(), c.toStatus]));
      expect(entries.every((e) => e.organisationId === r.organisationId)).toBe(true);
      for (const e of entries) expect(auditSentence(e)).not.toMatch(/[{}]|null|undefined|Response: /);
    }
    // A completed one reads as a person would say it.
    const sentences = log.map((e) => auditSentence(e));
    expect(sentences.some((x) => /^Completed the response, scored \d+\/\d+$/.test(x))).toBe(true);
    expect(sentences.some((x) => /^Accepted \d+ questions?, scored \d+\/\d+ in \w/.test(x))).toBe(true);
    expect(sentences.some((x) => /^Accepted \d+ questions?, rejected 1 in \w/.test(x))).toBe(true);
    expect(sentences.some((x) => /^Sent the response back for reassessment, due date extended to \d{2}\/\d{2}\/\d{4}$/.test(x))).toBe(true);
  });
});
