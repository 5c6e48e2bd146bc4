import { ESGO_FACTORS } from '../constants';
import { AnswerType } from '../statuses';
import { hasChoices, type AssessmentFormInput, type AssessmentReply, type QuestTypeReply, type SectionInput } from './assessment.schema';

/** Where the Share button stands (spec §4). */
export interface ShareState {
  /** The form differs from its starting values. */
  dirty: boolean;
  /** The user has touched at least one field. */
  touched: boolean;
  /** Every section has at least one factor switched on. */
  sectionsHaveFactor: boolean;
  submitting: boolean;
  mode: 'add' | 'edit';
  /** The form has errors on fields other than contractors (chosen in the Share dialog itself). */
  errorsOtherThanContractors: boolean;
}

/**
 * Share on Add and Edit Assessment is enabled only when the form is changed and touched, every
 * section has a factor on and it is not submitting; on add it also needs no errors other than
 * contractors (spec §4). The server checks every rule again on submit.
 */
export function isShareEnabled(state: ShareState): boolean {
  if (!state.dirty || !state.touched || !state.sectionsHaveFactor || state.submitting) return false;
  switch (state.mode) {
    case 'add':
      return !state.errorsOtherThanContractors;
    case 'edit':
      return true;
  }
}

/** True when every section has at least one of the four factors on (and there is a section). */
export function sectionsHaveFactor(sections: readonly { factors?: Partial<Record<(typeof ESGO_FACTORS)[number], boolean>> }[]): boolean {
  return sections.length > 0 && sections.every((s) => ESGO_FACTORS.some((f) => s.factors?.[f] === true));
}

/** True when any error path is outside `contractors` (form error paths such as "sections.0.category"). */
export function hasErrorsOtherThanContractors(errorPaths: readonly string[]): boolean {
  return errorPaths.some((p) => p !== 'contractors' && !p.startsWith('contractors.'));
}

/**
 * For each section, the question ids used in the other sections: the question picker flags them
 * as used (spec §4: "A question already used in another section is flagged as used").
 */
export function questionsUsedElsewhere(sections: readonly { questions?: readonly { question: string }[] }[]): Set<string>[] {
  const where = new Map<string, Set<number>>();
  sections.forEach((s, i) => {
    for (const q of s.questions ?? []) {
      if (!q.question) continue;
      const at = where.get(q.question) ?? new Set<number>();
      at.add(i);
      where.set(q.question, at);
    }
  });
  return sections.map((_, i) => {
    const used = new Set<string>();
    for (const [id, at] of where) if ([...at].some((j) => j !== i)) used.add(id);
    return used;
  });
}

/** A new section: no category, no questions, marks 0 and every factor off (spec §2.6). */
export function emptySection(): SectionInput {
  return {
    category: '',
    totalMarks: 0,
    factors: { environment: false, social: false, governance: false, others: false },
    questions: [],
  };
}

/** The flags the checklist reads next to the answer type. */
export function questTypeOf(answerType: AnswerType, options: readonly string[]): QuestTypeReply {
  return {
    answerType,
    options: hasChoices(answerType) ? [...options] : [],
    yesNo: answerType === AnswerType.YES_NO,
    text: answerType === AnswerType.SHORT_ANSWER || answerType === AnswerType.LONG_ANSWER || answerType === AnswerType.NUMERIC,
    attachment: true,
  };
}

/** Edit Assessment's starting values from an assessment as the server sends it (any include). */
export function assessmentToForm(a: AssessmentReply): AssessmentFormInput {
  return {
    name: a.name,
    dueDate: a.dueDate,
    contractors: [...a.contractors],
    sections: a.sections.map((s) => ({
      category: typeof s.category === 'string' ? s.category : s.category.id,
      totalMarks: s.totalMarks,
      factors: { ...s.factors },
      questions: s.questions.map((q) => ({
        question: typeof q.question === 'string' ? q.question : q.question._id,
        questType: { answerType: q.questType.answerType, options: [...q.questType.options] },
      })),
    })),
  };
}
