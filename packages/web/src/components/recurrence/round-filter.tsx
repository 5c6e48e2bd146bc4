import { recurrenceMessages } from '@palisade/domain/recurrence/recurrence.messages';
import type { SxProps, Theme } from '@mui/material/styles';
import { NativeSelectField } from '../native-select-field';
import { useRounds } from './recurrence-api';

const s = recurrenceMessages.screens;

/**
 * The round filter of the organisation's lists (issue 58): All rounds, or one round's label
 * ("Q3 2027") across its recurring assessments. Nothing while the organisation has no rounds.
 */
export function RoundFilter({ companyId, value, onChange, sx }: { companyId: string | null; value: string; onChange: (round: string) => void; sx?: SxProps<Theme> }) {
  const rounds = useRounds(companyId);
  const labels = rounds.data ?? [];
  if (labels.length === 0 && value === '') return null;
  return (
    <NativeSelectField
      label={s.roundFilter}
      value={value}
      options={[{ value: '', label: s.allRounds }, ...labels.map((r) => ({ value: r.label, label: r.label }))]}
      onChange={onChange}
      sx={sx}
    />
  );
}
