import { QUESTION_MIN_LENGTH } from '../constants';
import { assessmentMessages } from '../messages/assessment';
import { orgAuditorMessages } from '../responses/org-auditor.messages';
import { splitCsv } from '../users/bulk.rules';
import type { BulkQuestionSkip } from './question.schema';
import { questionTextField } from './question.schema';

/** The sample file offered next to Import Questions: a "Question" header, then one question per row, first column. */
export const QUESTIONS_SAMPLE_CSV =
  'Question\nDo you have a documented health and safety policy signed by senior management?\nAre toolbox talks held before each shift?\n';

/** First cells that name the column rather than ask a question (the sample's header and its kin). */
const QUESTIONS_HEADERS: ReadonlySet<string> = new Set(['question', 'questions', 'question text', 'questtext']);

/** True when the first row of a file is a header ("Question", any case, after a UTF-8 BOM), not a question. */
export function isQuestionsHeader(text: string | null | undefined): boolean {
  return QUESTIONS_HEADERS.has((text ?? '').replace(/^\uFEFF/, '').trim().replace(/:$/, '').toLowerCase());
}

/** The first cell of every row of an imported file (spec §2.6), in file order; blank rows stay as ''. */
export function questionsFromCsv(text: string): string[] {
  const rows = splitCsv(text);
  // A file that ends with a line break has one empty last row: not a row of the file.
  if (rows.length > 0 && rows[rows.length - 1]?.every((c) => c.trim() === '')) rows.pop();
  return rows.map((cells) => (cells[0] ?? '').trim());
}

/** A row an import will create: numbered from 1 in the order sent, with its cleaned text. */
export interface QuestionImportRow {
  row: number;
  questText: string;
}

/**
 * Which imported texts to create (spec §4: "CSV import skips empty rows and questions that already
 * exist"). `existing` holds the lower-cased texts the organisation has. A header first row (the
 * sample's "Question"), empty rows, rows failing the new-question rule, existing texts and repeats
 * of an earlier row are skipped with a reason.
 */
export function planQuestionImport(
  texts: readonly (string | null | undefined)[],
  existing: ReadonlySet<string>,
): { create: QuestionImportRow[]; skipped: BulkQuestionSkip[] } {
  const field = questionTextField(QUESTION_MIN_LENGTH);
  const seen = new Set<string>();
  const create: QuestionImportRow[] = [];
  const skipped: BulkQuestionSkip[] = [];
  texts.forEach((raw, i) => {
    const row = i + 1;
    // A UTF-8 BOM (spreadsheet programs write one) is not part of the text.
    const questText = (raw ?? '').replace(/^\uFEFF/, '').trim();
    if (row === 1 && isQuestionsHeader(questText)) {
      skipped.push({ row, questText, reason: orgAuditorMessages.importHeaderSkipped });
      return;
    }
    const parsed = field.safeParse(questText);
    if (!parsed.success) {
      skipped.push({ row, questText, reason: parsed.error.issues[0]?.message ?? assessmentMessages.questionRequired });
      return;
    }
    const key = parsed.data.toLowerCase();
    if (existing.has(key) || seen.has(key)) {
      skipped.push({ row, questText: parsed.data, reason: assessmentMessages.questionExists });
      return;
    }
    seen.add(key);
    create.push({ row, questText: parsed.data });
  });
  return { create, skipped };
}
