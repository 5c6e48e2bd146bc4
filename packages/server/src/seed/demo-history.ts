import { AnswerStatus, AssessStatus, ResponseStatus } from '@palisade/domain/statuses';
import type { DbOrTx } from '../db/client';
import { auditRepository, type AuditEntry } from '../modules/audit/audit.repository';
import { responsesRepository } from '../modules/responses/responses.repository';

const MINUTE_MS = 60 * 1000;

/** What the demo seed did to one response, and when: its history is written from it. */
export interface SeededResponse {
  id: string;
  status: ResponseStatus;
  contractor: { id: string; name: string };
  auditor: { id: string; name: string };
  createdAt: Date;
  submittedAt: Date;
  judgedAt: Date;
  /** PENDING: when the answers were last saved. */
  savedAt: Date;
  newDueDate: string | null;
}

/**
 * The activity log of a demo response, as the calls would have written it along the timeline
 * the seed gives it (inside seedDemo's transaction, after the counts are recounted): started;
 * each section's answers saved; submitted; each judged section reviewed (accepted, rejected,
 * scored); sent back or completed. So that a seeded response's history is not empty beside its
 * timeline. The entries have the shapes the services write (response-answering, section-save,
 * response-submit and review services).
 */
export async function seedResponseHistory(db: DbOrTx, seeded: readonly SeededResponse[]): Promise<void> {
  const entries: AuditEntry[] = [];
  for (const r of seeded) {
    const record = await responsesRepository.load(db, r.id);
    if (!record?.sections) throw new Error(`The demo seed lacks response ${r.id}`);
    const sections = record.sections;
    const contractor = { actorId: r.contractor.id, organisationId: record.organisationId, entity: 'response', entityId: r.id };
    const auditor = { ...contractor, actorId: r.auditor.id };
    const closed = r.status !== ResponseStatus.PENDING;
    const judged = r.status === ResponseStatus.REASSESSMENT || r.status === ResponseStatus.COMPLETED;

    entries.push({
      ...contractor,
      action: 'response.create',
      at: r.createdAt,
      after: {
        assessmentId: record.assessmentId,
        contractorId: r.contractor.id,
        status: ResponseStatus.PENDING,
        sections: sections.length,
        questions: sections.reduce((n, s) => n + s.questions.length, 0),
      },
    });

    // The answers, a section at a time, between the start and the submit (or the last save).
    const answeringEnds = closed ? r.submittedAt : r.savedAt;
    let answered = 0;
    let complete = 0;
    const withAnswers = sections.filter((s) => s.questions.some((q) => q.answerStatus === AnswerStatus.ANSWERED));
    for (const [i, s] of withAnswers.entries()) {
      const saved = s.questions.filter((q) => q.answerStatus === AnswerStatus.ANSWERED);
      answered += saved.length;
      if (saved.length === s.questions.length) complete += 1;
      const at = new Date(answeringEnds.getTime() - (withAnswers.length - i) * 5 * MINUTE_MS);
      entries.push({
        ...contractor,
        action: 'response.saveSection',
        at,
        before: { sectionId: s.id, questions: saved.map((q) => ({ id: q.id, answer: null, attachments: [], answerStatus: AnswerStatus.UNANSWERED, assessStatus: AssessStatus.NONE })) },
        after: {
          sectionId: s.id,
          questions: saved.map((q) => ({ id: q.id, answer: q.answer, attachments: [], answerStatus: q.answerStatus, assessStatus: AssessStatus.NONE })),
          answered,
          completeSections: complete,
          totalSections: sections.length,
        },
      });
    }
    if (!closed) continue;

    entries.push({
      ...contractor,
      action: 'response.changeStatus',
      at: r.submittedAt,
      before: { status: ResponseStatus.PENDING, answered: record.answeredQuestions, totalQuestions: record.totalQuestions },
      after: { status: ResponseStatus.SUBMITTED },
    });

    // The auditor's judgements, a section at a time, before the verdict (or as far as it got).
    const reviewed = sections.filter((s) => s.questions.some((q) => q.assessStatus !== AssessStatus.NONE));
    const reviewsEnd = judged ? r.judgedAt : new Date(r.submittedAt.getTime() + 60 * MINUTE_MS);
    for (const [i, s] of reviewed.entries()) {
      const at = new Date(reviewsEnd.getTime() - (reviewed.length - i) * 10 * MINUTE_MS);
      const marked = s.questions.filter((q) => q.assessStatus !== AssessStatus.NONE);
      entries.push({
        ...auditor,
        action: 'response.reviewSection',
        at,
        before: { sectionId: s.id, questions: marked.map((q) => ({ id: q.id, assessStatus: AssessStatus.NONE, remarks: null })), scoredMarks: null },
        after: {
          sectionId: s.id,
          section: s.categoryName,
          totalMarks: s.totalMarks,
          questions: marked.map((q) => ({ id: q.id, assessStatus: q.assessStatus, remarks: q.remarks })),
          scoredMarks: s.scoredMarks,
        },
      });
    }
    if (!judged) continue;

    entries.push({
      ...auditor,
      action: 'response.changeStatus',
      at: r.judgedAt,
      before: { status: ResponseStatus.SUBMITTED, isDueDateExtended: false, newDueDate: null },
      after: {
        status: r.status,
        isDueDateExtended: r.newDueDate !== null,
        newDueDate: r.newDueDate,
        scored: record.scoredMarks,
        total: record.totalMarks,
      },
    });
  }
  await auditRepository.appendMany(db, entries);
}
