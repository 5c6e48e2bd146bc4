import { neutralisedCell } from '../text/spreadsheet-cell';
import { auditMessages } from './audit.messages';
import { actionLabel, entityLabel } from './audit.labels';
import type { AuditEntry } from './audit.schema';
import { auditSentence } from './audit.sentences';

export { actionLabel, entityLabel };

/** One CSV cell: quoted when it must be, formula-neutralised (users wrote some of these texts). */
function csvCell(value: string): string {
  const safe = neutralisedCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/**
 * The export: a header and one line a row (its columns, then the row's sentence), CRLF line ends (RFC 4180), with a byte-order mark so
 * that spreadsheet programs read it as UTF-8. roleOf names a user type.
 */
export function auditCsv(rows: readonly AuditEntry[], roleOf: (type: number) => string): string {
  const lines = [auditMessages.csvHeader.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.at,
        r.actorName ?? (r.actorId === null ? auditMessages.system : r.actorId),
        r.actorType === null ? '' : roleOf(r.actorType),
        actionLabel(r.action),
        entityLabel(r.entity),
        r.entityId,
        json(r.before),
        json(r.after),
        auditSentence(r),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The export's file name for the day it was made (YYYY-MM-DD). */
export function auditCsvFileName(isoDay: string): string {
  return `activity-${isoDay}.csv`;
}
