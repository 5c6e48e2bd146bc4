import { z } from 'zod';
import { REMARKS_MAX_LENGTH } from '@palisade/domain/constants';
import { reviewMessages } from '@palisade/domain/messages/review';
import type {
  ResponseQuestionReply,
  ResponseSectionReply,
} from '@palisade/domain/responses/response.schema';
import type { ReviewSectionInResponseInput } from '@palisade/domain/responses/review.schema';
import {
  canScoreSection,
  sectionScoreMessage,
  sectionScoreProblem,
} from '@palisade/domain/responses/response.rules';
import { AnswerStatus, AssessStatus } from '@palisade/domain/statuses';

/**
 * The auditor's checklist form: a judgement (ACCEPTED, REJECTED, or NONE while not chosen) and
 * remarks per question, in the section's order, and the section's score as typed.
 */
export interface ReviewForm {
  judgements: { assessStatus: AssessStatus; remarks: string }[];
  score: string;
}

/** The form as a section starts it: its saved judgements, remarks and score. */
export function reviewFormOf(section: ResponseSectionReply): ReviewForm {
  return {
    judgements: section.questions.map((q) => ({
      assessStatus: q.assessStatus,
      remarks: q.remarks ?? '',
    })),
    score: section.scoredMarks === null ? '' : String(section.scoredMarks),
  };
}

/** The judgements as the rules read them (answerStatus does not matter to them). */
function states(judgements: readonly { assessStatus: AssessStatus }[]) {
  return judgements.map((j) => ({
    assessStatus: j.assessStatus,
    answerStatus: AnswerStatus.ANSWERED,
  }));
}

/** The Score field is enabled once every question is ACCEPTED in the form (spec §4). */
export function formCanScore(judgements: readonly { assessStatus: AssessStatus }[]): boolean {
  return canScoreSection(states(judgements));
}

/**
 * The typed score as a number: null when blank, NaN when not written as a plain decimal number
 * ("1e1", "0x10" and "Infinity" are not marks, though Number() reads them).
 */
export function scoreValue(score: string): number | null {
  const trimmed = score.trim();
  if (trimmed === '') return null;
  return /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * What is wrong with the typed score, as the spec's text, or null (spec §5): with every question
 * accepted a score above 0 is needed ('Please enter the score'); it is a whole number ('Marks
 * must be a whole number'), not negative ('Marks should be positive') and not above the section's
 * marks ('Marks should not be more than {total}').
 */
export function scoreProblem(
  score: string,
  totalMarks: number,
  allAccepted: boolean,
): string | null {
  if (!allAccepted) return null;
  const value = scoreValue(score);
  const problem = sectionScoreProblem(value, totalMarks, allAccepted);
  return problem === null ? null : sectionScoreMessage(problem, totalMarks);
}

/** The form's schema: remarks within the limit, the score by scoreProblem. */
export function reviewSchema(totalMarks: number) {
  return z
    .object({
      judgements: z.array(
        z.object({
          assessStatus: z.enum([AssessStatus.NONE, AssessStatus.ACCEPTED, AssessStatus.REJECTED]),
          remarks: z.string().max(REMARKS_MAX_LENGTH, reviewMessages.remarksTooLong),
        }),
      ),
      score: z.string(),
    })
    .superRefine((form, ctx) => {
      const problem = scoreProblem(form.score, totalMarks, formCanScore(form.judgements));
      if (problem) ctx.addIssue({ code: 'custom', path: ['score'], message: problem });
    });
}

/**
 * What Save sends: every question's judgement and remarks (blank remarks as null) and, when every
 * question is accepted, the score; otherwise no score (the server clears one that no longer holds).
 */
export function reviewToSave(
  responseId: string,
  section: Pick<ResponseSectionReply, '_id'> & {
    questions: readonly Pick<ResponseQuestionReply, '_id'>[];
  },
  form: ReviewForm,
): ReviewSectionInResponseInput {
  const questions = section.questions.map((q, i) => {
    const entry = form.judgements[i];
    const remarks = entry?.remarks.trim() ?? '';
    return {
      _id: q._id,
      assessStatus: entry?.assessStatus ?? AssessStatus.NONE,
      remarks: remarks === '' ? null : remarks,
    };
  });
  const score = scoreValue(form.score);
  return {
    assesRespId: responseId,
    sectionId: section._id,
    responseData:
      formCanScore(form.judgements) && score !== null
        ? { questions, scoredMarks: score }
        : { questions },
  };
}
