import { useId, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { DATE_FORMAT } from '@palisade/domain/constants';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { formatDate } from '../../../lib/dates';
import { pickerLocale } from '../../../lib/language';
import { pickerTexts } from '../../../lib/picker-texts';

const r = reviewScreensMessages;
const ISO_DAY = 'YYYY-MM-DD';

interface ReassessmentDialogProps {
  open: boolean;
  /** The response's current effective due date (YYYY-MM-DD): the earliest new one. */
  dueDate: string;
  loading: boolean;
  /** Sends REASSESSMENT, with the new due date when one was chosen. */
  onConfirm: (extendedDueDate?: string) => void;
  onClose: () => void;
}

/**
 * Mark for Reassessment (spec §4): "Do you want to change the due date?" No sends REASSESSMENT;
 * Yes shows a date picker whose earliest day is the current due date, then sends REASSESSMENT
 * with that date.
 */
export function ReassessmentDialog({
  open,
  dueDate,
  loading,
  onConfirm,
  onClose,
}: ReassessmentDialogProps) {
  const id = useId();
  const [step, setStep] = useState<'ask' | 'date'>('ask');
  const [day, setDay] = useState<Dayjs | null>(null);
  const min = dayjs(dueDate);
  const valid = day !== null && day.isValid() && !day.isBefore(min, 'day');

  const close = () => {
    if (loading) return;
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
      slotProps={{
        transition: {
          onExited: () => {
            setStep('ask');
            setDay(null);
          },
        },
      }}
    >
      <DialogTitle id={`${id}-title`}>{r.markReassessment}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {step === 'ask' ? r.changeDueDate : r.currentDueDate(formatDate(dueDate))}
        </DialogContentText>
        {step === 'date' && (
          <LocalizationProvider
            dateAdapter={AdapterDayjs}
            adapterLocale={pickerLocale()}
            localeText={pickerTexts()}
          >
            <DatePicker
              label={r.newDueDate}
              format={DATE_FORMAT}
              minDate={min}
              value={day}
              onChange={setDay}
              autoFocus
              slotProps={{
                textField: {
                  margin: 'normal',
                  fullWidth: true,
                  required: true,
                  helperText: r.newDueDateHelp(formatDate(dueDate)),
                  name: 'extendedDueDate',
                },
              }}
            />
          </LocalizationProvider>
        )}
      </DialogContent>
      <DialogActions>
        {step === 'ask' ? (
          <>
            <Button onClick={close} disabled={loading}>
              {r.cancel}
            </Button>
            <Button onClick={() => onConfirm()} loading={loading} variant="outlined">
              {r.no}
            </Button>
            <Button onClick={() => setStep('date')} disabled={loading} variant="contained">
              {r.yes}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('ask')} disabled={loading}>
              {r.back}
            </Button>
            <Button
              variant="contained"
              disabled={!valid}
              loading={loading}
              onClick={() => {
                if (day && valid) onConfirm(day.format(ISO_DAY));
              }}
            >
              {r.markReassessment}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
