import { useState } from 'react';
import Box from '@mui/material/Box';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_FORMAT } from '@palisade/domain/constants';
import { observationMessages } from '@palisade/domain/messages/observation';
import { ISO_DAY, useObservationRange } from '../../lib/observation-range';
import { pickerLocale } from '../../lib/language';
import { pickerTexts } from '../../lib/picker-texts';

const t = observationMessages;

/** A day worth applying: complete, and not a year still being typed (0002 on the way to 2025). */
function complete(day: Dayjs | null): day is Dayjs {
  return day !== null && day.isValid() && day.year() >= 1900;
}

/**
 * The picker's own value while the user types; the range (URL) takes it once it is a whole day,
 * and the picker follows the range when it changes elsewhere (the other picker, a link).
 */
function useDraft(iso: string): [Dayjs | null, (day: Dayjs | null) => void] {
  const [draft, setDraft] = useState<{ iso: string; day: Dayjs | null }>({ iso, day: dayjs(iso) });
  if (draft.iso !== iso) {
    const next = { iso, day: dayjs(iso) };
    setDraft(next);
    return [next.day, (day) => setDraft({ iso, day })];
  }
  return [draft.day, (day) => setDraft({ iso, day })];
}

/**
 * Start Date and End Date of the observation pages (foundation-and-contractor §2): in the top
 * bar on wide screens (`onBar`), at the head of the page on phones. Both read and write the
 * range in the URL, so either drives the table. Neither moves the other: an end before the start
 * is kept, the End Date shows as invalid and the page says why (issue 56).
 */
export function ObservationRangePickers({ onBar = false }: { onBar?: boolean }) {
  const { start, end, backwards, setRange } = useObservationRange();
  const fieldSx = onBar
    ? {
        width: 170,
        '& .MuiInputBase-root': { bgcolor: 'background.paper', borderRadius: 1 },
        '& .MuiInputLabel-root': { color: 'text.primary', bgcolor: 'background.paper', px: 0.5, borderRadius: 0.5 },
      }
    : { flex: '1 1 150px', minWidth: 0 };
  const idPrefix = onBar ? 'bar' : 'page';
  const [startDraft, setStartDraft] = useDraft(start);
  const [endDraft, setEndDraft] = useDraft(end);
  // A day applies as soon as it is whole; a year still being typed (0002) does not, so the
  // field's own typing is never reset under the user's fingers.
  const applyStart = (day: Dayjs | null) => {
    if (!complete(day)) return;
    const next = day.format(ISO_DAY);
    if (next !== start) setRange({ start: next, end });
  };
  const applyEnd = (day: Dayjs | null) => {
    if (!complete(day)) return;
    const next = day.format(ISO_DAY);
    if (next !== end) setRange({ start, end: next });
  };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={pickerLocale()} localeText={pickerTexts()}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: onBar ? 'nowrap' : 'wrap', width: onBar ? 'auto' : '100%' }}>
        <DatePicker
          label={t.startDate}
          format={DATE_FORMAT}
          value={startDraft}
          onChange={(day) => {
            setStartDraft(day);
            applyStart(day);
          }}
          slotProps={{
            textField: { size: 'small', margin: 'none', id: `${idPrefix}-observation-start`, sx: fieldSx },
          }}
        />
        <DatePicker
          label={t.endDate}
          format={DATE_FORMAT}
          value={endDraft}
          onChange={(day) => {
            setEndDraft(day);
            applyEnd(day);
          }}
          slotProps={{
            textField: {
              size: 'small',
              margin: 'none',
              id: `${idPrefix}-observation-end`,
              sx: fieldSx,
              // Red only with the page's message saying why (the table card's alert).
              error: backwards,
            },
          }}
        />
      </Box>
    </LocalizationProvider>
  );
}
