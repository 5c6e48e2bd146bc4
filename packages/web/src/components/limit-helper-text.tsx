import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { showsCounter } from '@palisade/domain/text/text-limit';
import { webMessages } from '@palisade/domain/messages/web';

const t = webMessages.textLimit;

export interface LimitHelperTextProps {
  /** The field's own helper text (an error, a hint), shown first. */
  text?: ReactNode;
  length: number;
  max: number;
  /** True when the last change was cut to the limit (useTextLimit). */
  cut: boolean;
}

/**
 * A long text field's helper line (issue 56): its own text, or the notice that a paste was cut to
 * the limit; and near the limit, the count "n / max" at the end. Empty when there is nothing to say.
 */
export function LimitHelperText({ text, length, max, cut }: LimitHelperTextProps) {
  const counter = showsCounter(length, max);
  if (!text && !cut && !counter) return null;
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <Box component="span" role={cut ? 'status' : undefined} sx={{ minWidth: 0 }}>
        {text ?? (cut ? t.cut(max) : null)}
      </Box>
      {counter && (
        <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
          {t.counter(length, max)}
        </Box>
      )}
    </Box>
  );
}
