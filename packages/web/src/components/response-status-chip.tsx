import { responseNameMessages } from '@palisade/domain/messages/response-names';
import type { ResponseStatus } from '@palisade/domain/statuses';
import { TintedChip, type PaletteTone } from './tinted-chip';

/** A response's status, or NEW for an assessment the contractor has not started. */
export type CardStatus = ResponseStatus | 'NEW';

/** The palette colour of each status: cards, chips and progress bars take it from the theme. */
export const STATUS_TONE: Record<CardStatus, PaletteTone> = {
  NEW: 'primary',
  PENDING: 'warning',
  SUBMITTED: 'info',
  REASSESSMENT: 'error',
  COMPLETED: 'success',
};

/** The status as a tinted chip: New, Pending, Submitted, Reassessment or Completed. */
export function ResponseStatusChip({ status }: { status: CardStatus }) {
  return (
    <TintedChip
      tone={STATUS_TONE[status]}
      label={responseNameMessages.statusNames[status]}
      shrink={false}
      data-status={status}
    />
  );
}
