import { observationMessages } from '@palisade/domain/messages/observation';
import { ObservationStatus } from '@palisade/domain/statuses';
import { TintedChip, type PaletteTone } from '../../../components/tinted-chip';

const TONE: Record<number, PaletteTone> = {
  [ObservationStatus.SUBMITTED]: 'info',
  [ObservationStatus.ACCEPTED]: 'success',
  [ObservationStatus.REJECTED]: 'error',
  [ObservationStatus.DUPLICATE]: 'warning',
};

/** A report's status (1 Submitted, 2 Accepted, 3 Rejected, 4 Marked as Duplicate). */
export function ObservationStatusChip({ status }: { status: number }) {
  return <TintedChip tone={TONE[status] ?? 'primary'} label={observationMessages.statuses[status] ?? String(status)} shrink={false} />;
}
