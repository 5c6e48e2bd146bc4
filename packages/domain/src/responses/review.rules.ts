import { SHEET_NAME_MAX_LENGTH } from '../constants';
import { ResponseStatus } from '../statuses';

/**
 * Rules of the auditor's review and the organisation's views that response.rules.ts does not
 * already hold: why a response cannot be judged, due-date extensions, the unscored category that
 * blocks completion, and the names of the Excel export (company-and-auditor §4, §9).
 */

/** Why an auditor may not judge a response in this state, or null when it may (only SUBMITTED). */
export function notJudgeableReason(status: ResponseStatus): 'pending' | 'reassessment' | 'completed' | null {
  switch (status) {
    case ResponseStatus.PENDING:
      return 'pending';
    case ResponseStatus.REASSESSMENT:
      return 'reassessment';
    case ResponseStatus.COMPLETED:
      return 'completed';
    case ResponseStatus.SUBMITTED:
      return null;
  }
}

/** A new due date (YYYY-MM-DD) is accepted when it is the same day as the current one or later. */
export function isDueDateNotBefore(day: string, current: string): boolean {
  return day >= current;
}

/** The first section without a score (scoredMarks null; 0 is a score), in order. */
export function firstUnscoredSection<T extends { scoredMarks: number | null }>(sections: readonly T[]): T | undefined {
  return sections.find((s) => s.scoredMarks === null);
}

/**
 * The export's file name: the assessment's name with spaces as underscores (spec §9), without
 * characters a file system or a header refuses, and .xlsx; "Assessment.xlsx" when nothing is left.
 */
export function exportFileName(assessmentName: string): string {
  const base = assessmentName
    // eslint-disable-next-line no-control-regex -- control characters are exactly what we strip
    .replace(/[\u0000-\u001f\u007f"*/:<>?\\|]/g, '')
    .trim()
    .replace(/\s+/g, '_');
  return `${base.length > 0 ? base : 'Assessment'}.xlsx`;
}

/**
 * Worksheet names for these titles, in order: without the characters Excel refuses ([]:*?/\),
 * cut to 31 characters (spec §9), never blank, and unique without regard to case (Excel's rule)
 * among themselves and the `taken` names, by a " (2)", " (3)"… suffix inside the 31.
 */
export function sheetNames(titles: readonly string[], taken: readonly string[] = []): string[] {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  return titles.map((title) => {
    const clean = title.replace(/[[\]:*?/\\]/g, '').replace(/^'+|'+$/g, '').trim() || 'Sheet';
    let name = clean.slice(0, SHEET_NAME_MAX_LENGTH);
    for (let n = 2; used.has(name.toLowerCase()); n += 1) {
      const suffix = ` (${n})`;
      name = `${clean.slice(0, SHEET_NAME_MAX_LENGTH - suffix.length)}${suffix}`;
    }
    used.add(name.toLowerCase());
    return name;
  });
}
