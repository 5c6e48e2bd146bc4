import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { recurrenceMessages } from '@palisade/domain/recurrence/recurrence.messages';
import { RECURRENCE_INTERVALS, RECURRENCE_WINDOW_DEFAULT_DAYS } from '@palisade/domain/recurrence/recurrence.rules';
import { recurrenceFieldsSchema, type RecurrenceFieldsInput, type RecurrenceReply } from '@palisade/domain/recurrence/recurrence.schema';
import { ConfirmDialog } from '../confirm-dialog';
import { DayPickerField } from '../day-picker-field';
import { FormTextField } from '../form-text-field';
import { NativeSelectField } from '../native-select-field';
import { formatDate } from '../../lib/dates';
import { useRecurrence, useSetRecurrence, useStopRecurrence } from './recurrence-api';

const s = recurrenceMessages.screens;

function defaultsOf(current: RecurrenceReply | null | undefined): RecurrenceFieldsInput {
  return {
    intervalMonths: current?.intervalMonths ?? 3,
    startsOn: current?.startsOn ?? dayjs().format('YYYY-MM-DD'),
    windowDays: current?.windowDays ?? RECURRENCE_WINDOW_DEFAULT_DAYS,
  };
}

/** The form, started from the recurrence as read (keyed by its version, so a reload restarts it). */
function RecurrenceForm({ assessmentId, current, canEdit }: { assessmentId: string; current: RecurrenceReply | null; canEdit: boolean }) {
  const save = useSetRecurrence();
  const stop = useStopRecurrence();
  const [stopping, setStopping] = useState(false);
  const form = useForm<RecurrenceFieldsInput>({ resolver: zodResolver(recurrenceFieldsSchema), defaultValues: defaultsOf(current) });
  const { control, handleSubmit, formState } = form;
  const onSubmit = handleSubmit((values) => save.mutate({ assessmentId, ...values, version: current?.version ?? 0 }));
  const firstOnly = !current || current.rounds.length <= 1;
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2 }}>
      {current && (
        <Typography variant="body2" color="text.secondary" role="status">
          {current.active && current.nextRoundOn ? s.nextRound(formatDate(current.nextRoundOn)) : s.stoppedNote}
        </Typography>
      )}
      {canEdit && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'start' }}>
            <Controller
              control={control}
              name="intervalMonths"
              render={({ field }) => (
                <NativeSelectField
                  label={s.every}
                  value={String(field.value)}
                  options={RECURRENCE_INTERVALS.map((n) => ({ value: String(n), label: s.intervals[n] ?? String(n) }))}
                  onChange={(v) => field.onChange(Number(v))}
                  sx={{ mt: 2 }}
                />
              )}
            />
            <Controller
              control={control}
              name="startsOn"
              render={({ field, fieldState }) =>
                firstOnly ? (
                  <DayPickerField label={s.startsOn} value={field.value} onChange={field.onChange} error={Boolean(fieldState.error)} helperText={fieldState.error?.message} sx={{ mt: 2 }} />
                ) : (
                  <FormTextField label={s.startsOn} value={formatDate(field.value)} disabled />
                )
              }
            />
            <Controller
              control={control}
              name="windowDays"
              render={({ field, fieldState }) => (
                <FormTextField
                  label={s.windowDays}
                  type="number"
                  inputProps={{ min: 1, max: 365 }}
                  value={Number.isNaN(field.value) ? '' : field.value}
                  onChange={(e) => field.onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
                  onBlur={field.onBlur}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                />
              )}
            />
          </Box>
          {current && <Typography variant="body2" color="text.secondary">{s.changeNote}</Typography>}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, justifyContent: 'flex-end' }}>
            {current?.active && (
              <Button variant="outlined" color="error" onClick={() => setStopping(true)}>
                {s.stop}
              </Button>
            )}
            <Button type="submit" variant="contained" loading={save.isPending} disabled={formState.isSubmitting}>
              {current ? s.save : s.makeRecur}
            </Button>
          </Box>
        </>
      )}
      {current && current.rounds.length > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {s.rounds}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.5 }} aria-label={s.rounds}>
            {current.rounds.map((r) => (
              <Typography component="li" variant="body2" key={r.roundNumber}>
                {`${s.roundOf(r.roundNumber, r.label)} · ${s.due(formatDate(r.dueDate))}`}
              </Typography>
            ))}
          </Box>
        </Box>
      )}
      <ConfirmDialog
        open={stopping}
        title={s.stop}
        message={s.stopConfirm}
        confirmLabel={s.stop}
        cancelLabel={s.cancel}
        destructive
        loading={stop.isPending}
        onConfirm={() => {
          if (!current) return;
          stop.mutate({ assessmentId, version: current.version }, { onSettled: () => setStopping(false) });
        }}
        onCancel={() => setStopping(false)}
      />
    </Box>
  );
}

/**
 * An assessment's recurrence (issue 58), for the organisation (edits) and its auditors (reads):
 * how often it repeats, from when, the answering window; its rounds; Stop recurring.
 */
export function RecurrenceCard({ assessmentId, canEdit }: { assessmentId: string; canEdit: boolean }) {
  const query = useRecurrence(assessmentId);
  const current = query.data;
  return (
    <Card sx={{ mb: 3 }} component="section" aria-labelledby={`recurrence-${assessmentId}`}>
      <CardContent sx={{ display: 'grid', gap: 1, p: { xs: 2, sm: 3 } }}>
        <Typography id={`recurrence-${assessmentId}`} variant="h6" component="h2">
          {s.cardTitle}
        </Typography>
        {query.isPending && <LinearProgress aria-label={s.loading} />}
        {query.isSuccess && current === null && !canEdit && <Typography color="text.secondary">{s.doesNotRecur}</Typography>}
        {query.isSuccess && (current !== null || canEdit) && (
          <RecurrenceForm key={current?.version ?? 0} assessmentId={assessmentId} current={current ?? null} canEdit={canEdit} />
        )}
      </CardContent>
    </Card>
  );
}
