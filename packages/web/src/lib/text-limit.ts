import { useState } from 'react';
import { cutToLimit } from '@palisade/domain/text/text-limit';

/**
 * A long text field's limit (issue 56): the field has no maxLength (the browser would cut a paste
 * silently); each change passes through `take`, which cuts a text over the limit and remembers that
 * it did, so that the helper text can say so (LimitHelperText) until the next change that fits.
 */
export function useTextLimit(max: number) {
  const [cut, setCut] = useState(false);
  return {
    max,
    /** True when the last change was cut to the limit. */
    cut,
    /** The text as the field may hold it. */
    take(value: string): string {
      const result = cutToLimit(value, max);
      setCut(result.cut);
      return result.text;
    },
    /** Forgets a cut (the text was sent, or the form reset). */
    reset(): void {
      setCut(false);
    },
  };
}
