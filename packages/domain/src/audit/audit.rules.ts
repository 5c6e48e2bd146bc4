import { neutralisedCell } from '../text/spreadsheet-cell';
import { auditMessages } from './audit.messages';
import type { AuditEntry } from './audit.schema';

/** The entity's label ("Response"), or the raw kind when the catalogue has none. */
export function entityLabel(entity: string): string {
  const labels: Record<string, string> = auditMessages.entities;
  return labels[entity] ?? entity;
}

/**
 * An action as people read it: `response.changeStatus` → "Response: change status",
 * `contractor.create` → "Contractor: create".
 */
export function actionLabel(action: string): string {
  const [kind = action, ...rest] = action.split('.');
  const verb = rest.join('.');
  const words = (s: string) => s.replace(/[_-]/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const head = words(kind);
  const title = head.charAt(0).toUpperCase() + head.slice(1);
  return verb ? `${title}: ${words(verb)}` : title;
}

/** One CSV cell: quoted when it must be, formula-neutralised (users wrote some of these texts). */
function csvCell(value: string): string {
  const safe = neutralisedCell(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));

/**
 * The export: a header and one line a row, CRLF line ends (RFC 4180), with a byte-order mark so
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

/** One changed field of a row: its name and its values before and after, as short text. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

const MAX_VALUE_TEXT = 60;

function valueText(v: unknown): string {
  if (v === undefined || v === null) return '—';
  const text = typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The fields a row changed: those whose value differs between before and after (every field of
 * after for a creation), in the order after names them, at most `max`.
 */
export function changedFields(before: unknown, after: unknown, max = 5): FieldChange[] {
  const b = isPlainObject(before) ? before : {};
  const a = isPlainObject(after) ? after : {};
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const out: FieldChange[] = [];
  for (const field of fields) {
    if (JSON.stringify(b[field]) === JSON.stringify(a[field])) continue;
    out.push({ field, before: valueText(b[field]), after: valueText(a[field]) });
    if (out.length === max) break;
  }
  return out;
}
