import { useState } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '@palisade/domain/constants';
import { pickerLocale } from '../lib/language';
import { pickerTexts } from '../lib/picker-texts';

const ISO_DAY = 'YYYY-MM-DD';

/** A day worth applying: complete, and not a year still being typed (0002 on the way to 2025). */
function complete(day: Dayjs | null): day is Dayjs {
  return day !== null && day.isValid() && day.year() >= 1900;
}

interface DayPickerFieldProps {
  label: string;
  /** The day (YYYY-MM-DD), or '' for none. */
  value: string;
  /** A whole day (YYYY-MM-DD), or '' once the field is cleared. */
  onChange: (day: string) => void;
  /** The earliest day the calendar offers (YYYY-MM-DD). */
  minDay?: string;
  error?: boolean;
  helperText?: string;
  id?: string;
  sx?: SxProps<Theme>;
}

/**
 * An optional day in DD/MM/YYYY, typed or picked from a calendar: the date pickers of the
 * observation, dashboard and reassessment screens (MUI X DatePicker, DATE_FORMAT), as one field
 * for a filter. The field keeps what is typed until it is a whole day, and follows `value` when
 * it changes elsewhere (Clear filters).
 */
export function DayPickerField({ label, value, onChange, minDay, error, helperText, id, sx }: DayPickerFieldProps) {
  const [draft, setDraft] = useState<{ value: string; day: Dayjs | null }>({ value, day: value ? dayjs(value) : null });
  const day = draft.value === value ? draft.day : value ? dayjs(value) : null;
  if (draft.value !== value) setDraft({ value, day });
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={pickerLocale()}
      localeText={pickerTexts()}
    >
      <DatePicker
        label={label}
        format={DATE_FORMAT}
        value={day}
        minDate={minDay ? dayjs(minDay) : undefined}
        onChange={(next) => {
          setDraft({ value, day: next });
          if (next === null) {
            if (value !== '') onChange('');
          } else if (complete(next)) {
            const iso = next.format(ISO_DAY);
            if (iso !== value) onChange(iso);
          }
        }}
        slotProps={{
          field: { clearable: true },
          textField: { size: 'small', margin: 'none', id, error, helperText, sx },
        }}
      />
    </LocalizationProvider>
  );
}
