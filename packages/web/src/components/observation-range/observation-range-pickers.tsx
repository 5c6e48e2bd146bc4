import Box from '@mui/material/Box';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { ISO_DAY, useObservationRange } from '../../lib/observation-range';

const t = messages.observation;

/**
 * Start Date and End Date of the observation pages (foundation-and-contractor §2): in the top
 * bar on wide screens (`onBar`), at the head of the page on phones. Both read and write the
 * range in the URL, so either drives the table. An end before the start moves with the start.
 */
export function ObservationRangePickers({ onBar = false }: { onBar?: boolean }) {
  const { start, end, setRange } = useObservationRange();
  const fieldSx = onBar
    ? {
        width: 170,
        '& .MuiInputBase-root': { bgcolor: 'background.paper', borderRadius: 1 },
        '& .MuiInputLabel-root': { color: 'text.primary', bgcolor: 'background.paper', px: 0.5, borderRadius: 0.5 },
      }
    : { flex: '1 1 150px', minWidth: 0 };
  const idPrefix = onBar ? 'bar' : 'page';
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: onBar ? 'nowrap' : 'wrap', width: onBar ? 'auto' : '100%' }}>
        <DatePicker
          label={t.startDate}
          format={DATE_FORMAT}
          value={dayjs(start)}
          onChange={(day) => {
            if (!day?.isValid()) return;
            const next = day.format(ISO_DAY);
            setRange({ start: next, end: next > end ? next : end });
          }}
          slotProps={{ textField: { size: 'small', margin: 'none', id: `${idPrefix}-observation-start`, sx: fieldSx } }}
        />
        <DatePicker
          label={t.endDate}
          format={DATE_FORMAT}
          value={dayjs(end)}
          minDate={dayjs(start)}
          onChange={(day) => {
            if (!day?.isValid()) return;
            const next = day.format(ISO_DAY);
            if (next >= start) setRange({ start, end: next });
          }}
          slotProps={{ textField: { size: 'small', margin: 'none', id: `${idPrefix}-observation-end`, sx: fieldSx } }}
        />
      </Box>
    </LocalizationProvider>
  );
}
