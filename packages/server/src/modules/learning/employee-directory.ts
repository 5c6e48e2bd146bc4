/**
 * An organisation's (or a contractor's) employees in the Employee Learning table's order, kept in
 * memory: the table's count is its length, and a search matches its names and their companies'
 * (issue 21: matching a thousand of 5 000 names in the database cost 4× the page; issue 56: the
 * company's name too).
 *
 * Each entry (the name, a SOH, the company's name) is kept lower-cased in one string, followed by
 * a NUL (neither control character is in a name: a PostgreSQL text cannot hold a NUL, and a search
 * holding either matches nothing): a search is a run of indexOf over that string instead of an
 * includes per name, 5 000 of them for each request.
 */
export interface EmployeeDirectory {
  ids: readonly string[];
  /** Every entry (name SOH company) lower-cased, each followed by NUL. */
  names: string;
  /** Where each name starts in `names`, in the order of `ids`. */
  starts: Int32Array;
}

const END = '\u0000';
/** Between an employee's name and its company's: a search cannot match across the two. */
const BETWEEN = '\u0001';

/** The directory of these employees, in this order. */
export function employeeDirectory(
  rows: readonly { id: string; name: string; company?: string | null }[],
): EmployeeDirectory {
  const starts = new Int32Array(rows.length);
  let at = 0;
  const parts = rows.map((r, i) => {
    starts[i] = at;
    const part = `${r.name}${BETWEEN}${r.company ?? ''}`.toLowerCase() + END;
    at += part.length;
    return part;
  });
  return { ids: rows.map((r) => r.id), names: parts.join(''), starts };
}

/** The index of the name that holds the position `at` of the names string (the last start ≤ at). */
function nameAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The ids whose names or companies' names hold `text` anywhere, in any case (as ILIKE '%text%'
 * matched them), in the directory's order; every id for an empty text.
 */
export function matchingIds(directory: EmployeeDirectory, text: string): readonly string[] {
  if (text === '') return directory.ids;
  const wanted = text.toLowerCase();
  if (wanted.includes(END) || wanted.includes(BETWEEN)) return [];
  const ids: string[] = [];
  const { names, starts } = directory;
  for (let at = names.indexOf(wanted); at !== -1;) {
    const i = nameAt(starts, at);
    const id = directory.ids[i];
    if (id !== undefined) ids.push(id);
    // The next name: a name holding the text twice is one match.
    const next = starts[i + 1];
    if (next === undefined) break;
    at = names.indexOf(wanted, next);
  }
  return ids;
}
