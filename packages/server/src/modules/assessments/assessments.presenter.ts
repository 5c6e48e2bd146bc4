import { questTypeOf } from '@palisade/domain/assessments/assessment.rules';
import type { AssessmentReply, Include } from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import type { Question, QuestionRow as QuestionPageRow } from '@palisade/domain/assessments/question.schema';
import type { AssessmentTree } from './assessments.repository';
import type { CategoryRow, NumberedQuestionRow, QuestionRow } from './catalogue.repository';

/** A category as the spec's client reads it (company-and-auditor §3). */
export function presentCategory(row: CategoryRow): Category {
  return { _id: row.id, name: row.name, companyId: row.organisationId, createdAt: row.createdAt.toISOString() };
}

/** A question of the bank as the spec's client reads it. */
export function presentQuestion(row: Omit<QuestionRow, 'creatorId'>): Question {
  return { _id: row.id, questText: row.questText, companyId: row.organisationId, createdAt: row.createdAt.toISOString() };
}

/** A question of a page of the bank, with its Sr.No. */
export function presentNumberedQuestion(row: NumberedQuestionRow): QuestionPageRow {
  return { ...presentQuestion(row), srNo: row.srNo };
}

/** Everything expanded: what the writes and getAllAssessments reply. */
export const INCLUDE_ALL: Include = { sections_category: true, sections_questions_question: true };

/**
 * An assessment as the spec's client reads it (§3). `include` expands each section's category to
 * {id, name} and each question to {_id, questText}; otherwise they are ids.
 */
export function presentAssessment(tree: AssessmentTree, include: Include): AssessmentReply {
  const a = tree.assessment;
  return {
    _id: a.id,
    name: a.name,
    dueDate: a.dueDate,
    status: a.status,
    version: a.version,
    contractors: tree.contractors,
    creator: { id: tree.creator.id, userType: tree.creator.type, name: tree.creator.name },
    companyId: a.organisationId,
    companyName: tree.companyName,
    sections: tree.sections.map((s) => ({
      _id: s.id,
      category: include.sections_category ? { id: s.categoryId, name: s.categoryName } : s.categoryId,
      totalMarks: s.totalMarks,
      factors: { ...s.factors },
      questions: s.questions.map((q) => ({
        _id: q.id,
        question: include.sections_questions_question ? { _id: q.questionId, questText: q.questText } : q.questionId,
        questType: questTypeOf(q.answerType, q.options),
      })),
    })),
    timeline: tree.timeline.map((t) => ({
      updatedAt: t.at.toISOString(),
      updatedBy: { id: t.actorId, name: t.actorName },
      status: t.status,
      action: t.action,
    })),
    lastAccessTime: a.lastAccessTime.toISOString(),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of an assessment: its content by ids. */
export function assessmentSnapshot(tree: AssessmentTree) {
  return {
    name: tree.assessment.name,
    dueDate: tree.assessment.dueDate,
    status: tree.assessment.status,
    contractors: tree.contractors,
    sections: tree.sections.map((s) => ({
      category: s.categoryId,
      totalMarks: s.totalMarks,
      factors: s.factors,
      questions: s.questions.map((q) => ({ question: q.questionId, answerType: q.answerType, options: q.options })),
    })),
  };
}
