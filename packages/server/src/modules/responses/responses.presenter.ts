import { questTypeOf } from '@palisade/domain/assessments/assessment.rules';
import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import type {
  ContractorAssessmentReply,
  EsgoReply,
  ResponseReply,
  ResponseSectionReply,
  ResponseTimelineEntry,
  SaveReply,
} from '@palisade/domain/responses/response.schema';
import { effectiveDueDate, progressFromCounts } from '@palisade/domain/responses/response.rules';
import { scorePercent } from '@palisade/domain/scores/score.rules';
import type { ResponseRecord, ResponseRow, SectionRecord, StartedResponse, TimelineRecord } from './responses.repository';

/** Percent with 2 decimals; 0 of 0 is 0 (the readings of the domain rules, from counts). */
const share = (part: number, whole: number) => progressFromCounts(part, whole);

/** A section as the categories and checklist screens read it (spec §3), from its columns and rows. */
export function presentSection(s: SectionRecord): ResponseSectionReply {
  return {
    _id: s.id,
    category: { _id: s.categoryId, name: s.categoryName },
    categoryId: s.categoryId,
    totalMarks: s.totalMarks,
    scoredMarks: s.scoredMarks,
    factors: { environment: s.environment, social: s.social, governance: s.governance, others: s.others },
    progress: share(s.answeredCount, s.questionCount),
    judgedProgress: share(s.judgedCount, s.questionCount),
    complete: s.answeredCount === s.questionCount,
    hasRejected: s.rejectedCount > 0,
    questions: s.questions.map((q) => ({
      _id: q.id,
      question: { _id: q.questionId, questText: q.questText },
      questType: questTypeOf(q.answerType, q.options),
      answerStatus: q.answerStatus,
      assessStatus: q.assessStatus,
      answer: {
        yesNo: q.answer?.yesNo ?? null,
        text: q.answer?.text ?? null,
        value: q.answer?.value ?? null,
        attachment: q.attachments,
      },
      remarks: q.remarks,
      version: q.version,
      reopenedVersion: q.reopenedVersion,
      history: q.history.map((h) => ({
        at: new Date(Number(h.at)).toISOString(),
        by: { id: h.actorId, name: h.actorName, type: h.actorType },
        assessStatus: h.assessStatus,
        remarks: h.remarks,
      })),
      auditorAttachments: q.auditorAttachments,
    })),
  };
}

/**
 * A save's reply as the client asked for it (saveReplySchema): the whole response, or ('sent')
 * only the section saved, named by its id or its category's id, with only the questions sent.
 */
export function saveReply(reply: ResponseReply, sectionOrCategoryId: string, sent: readonly string[], what: SaveReply): ResponseReply {
  if (what === 'response' || !reply.sections) return reply;
  const ids = new Set(sent);
  return {
    ...reply,
    sections: reply.sections
      .filter((s) => s._id === sectionOrCategoryId || s.categoryId === sectionOrCategoryId)
      .map((s) => ({ ...s, questions: s.questions.filter((q) => ids.has(q._id)) })),
  };
}

function presentTimeline(t: TimelineRecord): ResponseTimelineEntry {
  return {
    at: new Date(Number(t.at)).toISOString(),
    by: { id: t.actorId, name: t.actorName, type: t.actorType },
    from: t.from,
    to: t.to,
    note: t.note,
  };
}

/**
 * A response as the spec's client reads it (§3): the assessment always as {_id, name, dueDate},
 * progress and scores from the count columns; sections and timeline when the record has them.
 */
export function presentResponse(r: ResponseRecord): ResponseReply {
  const reply: ResponseReply = {
    _id: r.id,
    status: r.status,
    assessment: { _id: r.assessmentId, name: r.assessmentName, dueDate: r.dueDate },
    assessmentId: r.assessmentId,
    contractorId: r.contractorId,
    contractorName: r.contractorName,
    companyId: r.organisationId,
    lastAccessTime: new Date(Number(r.lastAccessTime)).toISOString(),
    createdAt: new Date(Number(r.createdAt)).toISOString(),
    isDueDateExtended: r.isDueDateExtended,
    newDueDate: r.newDueDate,
    effectiveDueDate: effectiveDueDate({ dueDate: r.dueDate, isDueDateExtended: r.isDueDateExtended, newDueDate: r.newDueDate }),
    progress: progressFromCounts(r.completeSections, r.totalSections),
    scored: r.scoredMarks,
    total: r.totalMarks,
    assignedAuditor: r.assignedAuditor ?? null,
    counts: {
      totalQuestions: r.totalQuestions,
      answered: r.answeredQuestions,
      judged: r.judgedQuestions,
      rejected: r.rejectedQuestions,
      accepted: r.acceptedQuestions,
      totalSections: r.totalSections,
      completeSections: r.completeSections,
    },
  };
  if (r.roundLabel) reply.round = { number: r.roundNumber ?? 1, label: r.roundLabel };
  if (r.sections) reply.sections = r.sections.map(presentSection);
  if (r.timeline) reply.timeline = r.timeline.map(presentTimeline);
  return reply;
}

/**
 * An assessment as the contractor's list reads it: the assessments presenter's shape, shared with
 * the caller only (the other contractors are its competitors), and its response if started.
 */
export function presentContractorAssessment(
  assessment: AssessmentReply,
  contractorId: string,
  response: StartedResponse | undefined,
): ContractorAssessmentReply {
  return {
    ...assessment,
    contractors: [contractorId],
    responseId: response?.id ?? null,
    responseStatus: response?.status ?? null,
    responseDueDate: response
      ? effectiveDueDate({ dueDate: assessment.dueDate, isDueDateExtended: response.isDueDateExtended, newDueDate: response.newDueDate })
      : null,
  };
}

/** getESGOForContractor: each factor's sums and percent (null when there is nothing to score). */
export function presentEsgo(s: {
  envScored: number;
  envTotal: number;
  socScored: number;
  socTotal: number;
  govScored: number;
  govTotal: number;
  othScored: number;
  othTotal: number;
}): EsgoReply {
  const factor = (scored: number, total: number) => ({ scored, total, percent: scorePercent(scored, total) });
  return {
    environment: factor(s.envScored, s.envTotal),
    social: factor(s.socScored, s.socTotal),
    governance: factor(s.govScored, s.govTotal),
    others: factor(s.othScored, s.othTotal),
  };
}

/** What the audit log keeps of a response's change: status and counts. */
export function responseSnapshot(r: ResponseRow) {
  return {
    status: r.status,
    assessmentId: r.assessmentId,
    contractorId: r.contractorId,
    answered: r.answeredQuestions,
    totalQuestions: r.totalQuestions,
    completeSections: r.completeSections,
    lastAccessTime: r.lastAccessTime.toISOString(),
  };
}
