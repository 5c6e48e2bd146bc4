import { z } from 'zod';
import { PAGE_MAX } from './constants';
import { assessmentMessages } from './messages/assessment';

/** The paged lists' two fields, one definition for every call that pages (texts from the catalogue). */
const m = assessmentMessages;

/** A page number of a paged list, from 1 (no upper bound). */
export const pageField = z.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid);

/** A page number of a paged list, from 1 to PAGE_MAX. */
export const pageNumberField = pageField.max(PAGE_MAX, m.pageInvalid);

/** A page size: one of the screen's sizes. */
export function pageSizeField<const N extends number>(sizes: readonly N[]) {
  return z.union(
    sizes.map((n) => z.literal(n)),
    { error: m.pageSizeOneOf(sizes) },
  );
}
