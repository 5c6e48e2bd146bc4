/**
 * The reply of a bulk account upload (contractor companies, employees): what was created (in the
 * file's order), the rows skipped and the invalid fields, each list by row, and how many
 * invitations left.
 */
export function bulkReport<T, S extends { row: number }, I extends { row: number }>(report: {
  created: T[];
  skipped: readonly S[];
  invalid: readonly I[];
  invitationsSent: number;
}) {
  return {
    created: report.created,
    createdCount: report.created.length,
    skipped: [...report.skipped].sort((a, b) => a.row - b.row),
    invalid: [...report.invalid].sort((a, b) => a.row - b.row),
    invitationsSent: report.invitationsSent,
  };
}

/** Puts created rows back in the order of the rows they came from (an insert may return them in any order). */
export function inFileOrder<R extends { id: string }>(created: R[], ids: readonly string[]): R[] {
  const order = new Map(ids.map((id, i) => [id, i]));
  return [...created].sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
