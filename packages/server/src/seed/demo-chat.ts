import { and, asc, eq, inArray } from 'drizzle-orm';
import { chatRoomId, chatSenderType } from '@palisade/domain/chat/chat.rules';
import type { DbOrTx } from '../db/client';
import { assessments, chatRooms, responseQuestions, responses, responseSections, users } from '../db/schema';
import { newId } from '../lib/ids';
import { chatRepository } from '../modules/chat/chat.repository';

const MINUTE_MS = 60 * 1000;

/** A demo conversation: on which of contractor1's responses, which question, who says what. */
interface DemoThread {
  assessment: string;
  /** Position of the question in the response (0-based, over all sections). */
  question: number;
  lines: Array<{ from: string; text: string }>;
}

const CONTRACTOR = 'contractor1@demo.test';
const THREADS: DemoThread[] = [
  {
    assessment: 'Working at Height Audit',
    question: 0,
    lines: [
      { from: CONTRACTOR, text: 'Is a photo of the signed method statement enough as evidence here?' },
      { from: 'auditor1@demo.test', text: 'Yes, as long as the date and the supervisor’s signature are readable.' },
      { from: CONTRACTOR, text: 'Thanks, I will attach it with the next save.' },
    ],
  },
  {
    assessment: 'Working at Height Audit',
    question: 2,
    lines: [
      { from: 'auditor1@demo.test', text: 'Please attach a page of the PPE inspection log as evidence.' },
      { from: CONTRACTOR, text: 'Sure, March’s log is ready; I will add it today.' },
    ],
  },
  {
    assessment: 'Lifting Operations Review',
    question: 0,
    lines: [
      { from: 'admin@demo.test', text: 'We now need the lifting plan template from 2026 for every lift.' },
      { from: CONTRACTOR, text: 'Understood, our lifting plans follow the new template since January.' },
    ],
  },
];

/**
 * A few chat messages on contractor1's seeded responses: with auditor1, and one conversation with
 * the organisation. Idempotent: a thread whose room exists is left alone. The times are recent and
 * rise strictly, as sendMessage keeps them; the last line of each thread is unread to the other side.
 */
export async function seedDemoChat(db: DbOrTx): Promise<void> {
  const emails = [...new Set(THREADS.flatMap((t) => t.lines.map((l) => l.from)))];
  const people = new Map((await db.select().from(users).where(inArray(users.email, emails))).map((u) => [u.email, u]));
  const contractor = people.get(CONTRACTOR);
  if (!contractor) return;
  let at = Date.now() - 3 * 24 * 60 * MINUTE_MS;
  for (const thread of THREADS) {
    const [response] = await db
      .select({ id: responses.id, assessmentId: responses.assessmentId, organisationId: responses.organisationId })
      .from(responses)
      .innerJoin(assessments, eq(assessments.id, responses.assessmentId))
      .where(and(eq(responses.contractorId, contractor.id), eq(assessments.name, thread.assessment)))
      .limit(1);
    if (!response) continue;
    const questions = await db
      .select({ id: responseQuestions.id, sectionId: responseQuestions.responseSectionId })
      .from(responseQuestions)
      .innerJoin(responseSections, eq(responseSections.id, responseQuestions.responseSectionId))
      .where(eq(responseQuestions.responseId, response.id))
      .orderBy(asc(responseSections.position), asc(responseQuestions.position));
    const question = questions[thread.question];
    if (!question) continue;
    const roomId = chatRoomId(contractor.id, question.id);
    if ((await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId))).length > 0) continue;
    await chatRepository.ensureRoom(db, {
      id: roomId,
      responseId: response.id,
      assessmentId: response.assessmentId,
      sectionId: question.sectionId,
      questionId: question.id,
      organisationId: response.organisationId,
      contractorId: contractor.id,
      createdAt: new Date(at),
    });
    for (const line of thread.lines) {
      const from = people.get(line.from);
      const fromType = from ? chatSenderType(from.type) : null;
      if (!from || !fromType) continue;
      at += 7 * MINUTE_MS;
      await chatRepository.insertMessage(db, {
        id: newId(),
        roomId,
        responseId: response.id,
        fromId: from.id,
        fromType,
        fromName: from.name,
        message: line.text,
        createdAt: new Date(at),
      });
      await chatRepository.setReadMark(db, roomId, from.id, new Date(at));
    }
    at += 60 * MINUTE_MS;
  }
}
