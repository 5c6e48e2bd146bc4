import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import type { AssessmentReply } from '@palisade/domain/assessments/assessment.schema';
import { DATE_FORMAT } from '@palisade/domain/constants';
import { templatesMessages } from '@palisade/domain/templates/templates.messages';
import { duplicateDueDateOf, duplicateNameOf } from '@palisade/domain/templates/templates.rules';
import {
  duplicateFormSchema,
  type DuplicateAssessmentInput,
  type DuplicateForm,
} from '@palisade/domain/templates/templates.schema';
import { SHELL_PREFIX } from '@palisade/domain/user-types';
import { apiCall } from '../../lib/api-client';
import { useClientId } from '../../lib/client-id';
import { muiField } from '../../lib/forms';
import { FormTextField } from '../form-text-field';
import { useOrganisationToday } from '../../lib/organisation-today';
import { pickerLocale } from '../../lib/language';
import { pickerTexts } from '../../lib/picker-texts';

const m = templatesMessages;
const ISO_DAY = 'YYYY-MM-DD';

/** POST /api/templates/duplicateAssessment: a NEW copy, shared with nobody. */
export function duplicateAssessment(input: DuplicateAssessmentInput): Promise<AssessmentReply> {
  return apiCall<AssessmentReply>('/api/templates/duplicateAssessment', input);
}

/** The copy's mutation: every assessment list is read again (the Assessments modal lists it). */
export function useDuplicateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: duplicateAssessment,
    meta: { successMessage: m.duplicated },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['assessments'] }),
  });
}

/** The assessment a Duplicate button copies: what the dialog starts from. */
export interface DuplicateSource {
  _id: string;
  name: string;
  dueDate: string;
}

/**
 * Duplicate (issue 58): a button that opens the dialog asking the copy's name and due date (the
 * source's name with "(copy)", its due date or today once passed), then makes the copy and opens
 * it in Edit Assessment, where the organisation shares it when ready. The dialog's client-made id
 * makes a double click or a retry store one copy.
 */
export function DuplicateAssessmentButton({
  source,
  size = 'medium',
  variant = 'outlined',
}: {
  source: DuplicateSource;
  size?: 'small' | 'medium';
  variant?: 'outlined' | 'text' | 'contained';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<ContentCopyOutlined fontSize="small" />}
        aria-label={m.duplicateLabel(source.name)}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {m.duplicate}
      </Button>
      {open && <DuplicateDialog source={source} onClose={() => setOpen(false)} />}
    </>
  );
}

function DuplicateDialog({ source, onClose }: { source: DuplicateSource; onClose: () => void }) {
  const titleId = useId();
  const helpId = useId();
  const navigate = useNavigate();
  const copy = useDuplicateAssessment();
  const clientId = useClientId();
  const today = useOrganisationToday();
  const schema = useMemo(() => duplicateFormSchema(today), [today]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<DuplicateForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: duplicateNameOf(source.name),
      dueDate: duplicateDueDateOf(source.dueDate, today),
    },
  });
  const onSubmit = handleSubmit((values) => {
    if (copy.isPending) return;
    copy.mutate(
      { assessmentId: source._id, id: clientId.id, name: values.name, dueDate: values.dueDate },
      {
        onSuccess: (made) => {
          onClose();
          void navigate(`${SHELL_PREFIX.sapphire}/editAssessment/${encodeURIComponent(made._id)}`);
        },
      },
    );
  });
  return (
    <Dialog
      open
      onClose={copy.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={helpId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{m.duplicateTitle}</DialogTitle>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText id={helpId}>{m.duplicateHelp}</DialogContentText>
          <FormTextField
            {...muiField(register('name'))}
            label={m.nameLabel}
            autoFocus
            required
            error={errors.name !== undefined}
            helperText={errors.name?.message}
          />
          <LocalizationProvider
            dateAdapter={AdapterDayjs}
            adapterLocale={pickerLocale()}
            localeText={pickerTexts()}
          >
            <Controller
              control={control}
              name="dueDate"
              render={({ field }) => (
                <DatePicker
                  label={m.dueDateLabel}
                  format={DATE_FORMAT}
                  minDate={dayjs(today)}
                  value={field.value ? dayjs(field.value) : null}
                  onChange={(day) =>
                    field.onChange(day ? (day.isValid() ? day.format(ISO_DAY) : 'invalid') : '')
                  }
                  onClose={field.onBlur}
                  inputRef={field.ref}
                  slotProps={{
                    textField: {
                      name: field.name,
                      required: true,
                      margin: 'normal',
                      fullWidth: true,
                      onBlur: field.onBlur,
                      error: errors.dueDate !== undefined,
                      helperText: errors.dueDate?.message,
                    },
                  }}
                />
              )}
            />
          </LocalizationProvider>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={copy.isPending}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={copy.isPending}>
            {m.openCopy}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
