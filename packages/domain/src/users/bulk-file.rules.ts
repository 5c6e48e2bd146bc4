import type { z } from 'zod';
import { usersMessages } from '../messages/users';

/**
 * The rules every bulk account file follows (contractor companies of the organisation, employees
 * of a contractor): an exact header row, one account a row, blank rows skipped, each row checked
 * with the form's own schema, the first of two rows sharing a unique key kept. What differs per
 * file (header, fields, schema, keys, texts) is its BulkFileSpec.
 */

/** A valid row, numbered as in the file (the header is row 1). */
export interface BulkValid<T> {
  row: number;
  data: T;
}
/** A valid row that is not created: its key is taken, or repeats an earlier row's. */
export interface BulkSkipped<K extends string = string> {
  row: number;
  field: K;
  reason: string;
}
/** One invalid field of a row. */
export interface BulkInvalid {
  row: number;
  field: string;
  message: string;
}

export type BulkFileResult<T, K extends string = string> =
  | { ok: false; message: string }
  | { ok: true; valid: BulkValid<T>[]; invalid: BulkInvalid[]; skipped: BulkSkipped<K>[] };

/** What one kind of bulk file is. */
export interface BulkFileSpec<F extends string, T, K extends F> {
  /** The header row, exactly and in this order. */
  header: readonly string[];
  /** The field each header column fills. */
  fields: readonly F[];
  /** One row's schema (the add form's). */
  schema: z.ZodType<T, Record<string, unknown>>;
  /**
   * Keys that two rows of one file may not share, checked in this order: the first row counts,
   * later ones are skipped. A key of undefined (an empty optional cell) is never a duplicate.
   */
  unique: readonly { field: K; key: (row: T) => string | undefined }[];
  /** Applied to each valid row (e.g. emails lower-cased). */
  normalise?: (row: T) => T;
  maxRows: number;
  /** The wrong header (or missing fields) text; the no-rows text; the too-many text. */
  texts: { format: string; empty: string; tooMany: (max: number) => string };
}

/** Drops the empty cells a spreadsheet leaves after the last column. */
function withoutTrailingEmpty(cells: readonly string[]): string[] {
  const out = cells.map((c) => c.trim());
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out;
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** True when the row is exactly the spec's header (trailing empty cells aside). */
export function isBulkHeader(header: readonly string[], cells: readonly string[]): boolean {
  const got = withoutTrailingEmpty(cells);
  return got.length === header.length && header.every((h, i) => got[i] === h);
}

/**
 * Checks numbered rows: each with the schema (one entry per invalid field), then duplicates within
 * the file by the spec's unique keys.
 */
export function checkBulkRows<F extends string, T, K extends F>(
  spec: BulkFileSpec<F, T, K>,
  rows: readonly { row: number; values: Record<string, unknown> }[],
): { valid: BulkValid<T>[]; invalid: BulkInvalid[]; skipped: BulkSkipped<K>[] } {
  const valid: BulkValid<T>[] = [];
  const invalid: BulkInvalid[] = [];
  const skipped: BulkSkipped<K>[] = [];
  const seen = spec.unique.map(() => new Map<string, number>());
  for (const { row, values } of rows) {
    const parsed = spec.schema.safeParse(values);
    if (!parsed.success) {
      const named = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.') || 'row';
        if (named.has(field)) continue;
        named.add(field);
        invalid.push({ row, field, message: issue.message });
      }
      continue;
    }
    const data = spec.normalise ? spec.normalise(parsed.data) : parsed.data;
    const keys = spec.unique.map((u) => u.key(data));
    let clash: BulkSkipped<K> | undefined;
    for (const [i, u] of spec.unique.entries()) {
      const key = keys[i];
      const earlier = key === undefined ? undefined : seen[i]?.get(key);
      if (earlier !== undefined) {
        clash = { row, field: u.field, reason: usersMessages.bulkDuplicateOf(earlier) };
        break;
      }
    }
    if (clash) {
      skipped.push(clash);
      continue;
    }
    keys.forEach((key, i) => {
      if (key !== undefined) seen[i]?.set(key, row);
    });
    valid.push({ row, data });
  }
  return { valid, invalid, skipped };
}

/**
 * A bulk file already split into rows of cells (splitCsv). The first row must be the exact
 * header, else the format text. Blank rows are skipped; rows are numbered as in the file.
 */
export function parseBulkFile<F extends string, T, K extends F>(
  spec: BulkFileSpec<F, T, K>,
  rows: readonly (readonly string[])[],
): BulkFileResult<T, K> {
  const [header, ...body] = rows;
  if (!header || !isBulkHeader(spec.header, header))
    return { ok: false, message: spec.texts.format };
  const numbered: { row: number; values: Record<string, unknown> }[] = [];
  body.forEach((cells, i) => {
    if (isBlank(cells)) return;
    const values: Record<string, unknown> = {};
    spec.fields.forEach((field, col) => {
      values[field] = cells[col] ?? '';
    });
    numbered.push({ row: i + 2, values });
  });
  if (numbered.length === 0) return { ok: false, message: spec.texts.empty };
  if (numbered.length > spec.maxRows)
    return { ok: false, message: spec.texts.tooMany(spec.maxRows) };
  return { ok: true, ...checkBulkRows(spec, numbered) };
}

/**
 * Rows sent already parsed, one object a row: each must carry every field, else the format text.
 * Numbered from 2, as under a header.
 */
export function parseBulkObjects<F extends string, T, K extends F>(
  spec: BulkFileSpec<F, T, K>,
  objects: readonly Record<string, unknown>[],
): BulkFileResult<T, K> {
  if (objects.length === 0) return { ok: false, message: spec.texts.empty };
  if (objects.length > spec.maxRows)
    return { ok: false, message: spec.texts.tooMany(spec.maxRows) };
  if (!objects.every((o) => spec.fields.every((f) => f in o)))
    return { ok: false, message: spec.texts.format };
  return {
    ok: true,
    ...checkBulkRows(
      spec,
      objects.map((values, i) => ({ row: i + 2, values })),
    ),
  };
}

/** The sample file of a spec: its header and the given example rows. */
export function bulkSampleCsv(
  header: readonly string[],
  examples: readonly (readonly string[])[],
): string {
  return [header, ...examples].map((cells) => cells.join(',')).join('\n') + '\n';
}
