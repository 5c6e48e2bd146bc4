import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '../../../lib/zod-resolver';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { LANGUAGE_LOCALES } from '@palisade/domain/i18n/catalogue';
import { observationMessages } from '@palisade/domain/messages/observation';
import {
  ObservationAction,
  isObservationOpen,
  mayTakeObservationAction,
  observationCategoryName,
  observationFieldLabel,
} from '@palisade/domain/observations/observation.rules';
import {
  rcaCommentFormSchema,
  rcaFormSchema,
  type Observation,
  type RcaFormValues,
} from '@palisade/domain/observations/observation.schema';
import { muiField } from '../../../lib/forms';
import { screenLocale } from '../../../lib/language';
import { showSuccess } from '../../../lib/notifier';
import { useRcaStatus } from '../api/observations-api';
import { observationListPath, type ObservationShell } from '../observation-paths';
import { ObservationImage } from './observation-image';
import { ObservationStatusChip } from './observation-status-chip';
import { reportDate, reportTime } from './observation-table';

dayjs.extend(advancedFormat);
const t = observationMessages;

const acceptTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The accept time as the detail pages show it: 'MMMM Do YYYY, h:mm:ss a' in English (the spec's
 * "March 2nd 2026, 3:04:05 pm"); in another language its own long date and twelve-hour clock
 * (Intl, "2 मार्च 2026 को 3:04:05 pm बजे"), not English's ordinal day (issue 60).
 */
export function acceptTimeText(iso: string | null): string {
  if (!iso) return t.notYetActioned;
  const locale = screenLocale();
  if (locale === LANGUAGE_LOCALES.en) return dayjs(iso).format('MMMM Do YYYY, h:mm:ss a');
  let format = acceptTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hour12: true,
    });
    acceptTimeFormats.set(locale, format);
  }
  return format.format(dayjs(iso).toDate());
}

/** The Action Taken choices, read as the form renders (in the user's language, issue 60). */
function actionOptions() {
  return [
    { value: ObservationAction.NONE, label: t.pleaseSelect },
    { value: ObservationAction.ACCEPT, label: t.accept },
    { value: ObservationAction.REJECT, label: t.reject },
    { value: ObservationAction.DUPLICATE, label: t.markDuplicate },
  ];
}

/**
 * A report and its root-cause form (company-and-auditor §2.8, §4): Activity No., the submitted
 * fields (FullName as 'Full Name'), the photo, then Action Taken, the accept time and the
 * comment. On a Submitted report Submit sends an action and/or the comment; an Accepted or
 * Rejected report keeps its action (the select shows it, disabled) and still takes a comment; a
 * report Marked as Duplicate is closed. `readOnly` (OnlyViewObservation) shows everything
 * disabled with what was saved, and no Submit. Submit announces the result and goes back to the
 * list (`listPath`, with the list's range and company).
 */
export function ObservationDetail({
  observation,
  shell,
  readOnly,
  listPath = observationListPath(shell),
}: {
  observation: Observation;
  shell: ObservationShell;
  readOnly: boolean;
  listPath?: string;
}) {
  const navigate = useNavigate();
  const rca = useRcaStatus();
  const canAct = !readOnly && mayTakeObservationAction(observation.status);
  const canComment = !readOnly && isObservationOpen(observation.status);
  const form = useForm<RcaFormValues>({
    resolver: zodResolver(canAct ? rcaFormSchema : rcaCommentFormSchema),
    defaultValues: { action: observation.action, comment: observation.rootCauseAnalysis },
  });
  const fields = observation.form_data.filter((f) => f.label.toLowerCase() !== 'photo');

  const submit = form.handleSubmit((values) => {
    const comment = values.comment.trim();
    // An action is sent only while the report is Submitted; afterwards only the comment.
    const action = canAct && values.action !== ObservationAction.NONE ? values.action : null;
    rca.mutate(
      {
        _id: observation._id,
        ...(action !== null ? { action } : {}),
        ...(comment !== '' ? { rootCauseAnalysis: comment } : {}),
      },
      {
        onSuccess: () => {
          showSuccess(action !== null ? t.statusUpdated : t.commentAdded);
          void navigate(listPath);
        },
      },
    );
  });

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <Typography variant="h2" sx={{ flexGrow: 1 }}>
              {t.activityNo} {observation.srno}
            </Typography>
            <ObservationStatusChip status={observation.status} />
          </Box>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(120px, 1fr) 2fr' }, columnGap: 2, rowGap: { xs: 0.25, sm: 1.25 } }}>
            {fields.map((f) => (
              <Box key={f.label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
                  {observationFieldLabel(f.label)}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {f.value.trim() === '' ? (f.label === 'Description' ? t.noDescription : '—') : f.label === 'Category' ? observationCategoryName(f.value) : f.value}
                </Typography>
              </Box>
            ))}
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
              {t.date}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {reportDate(observation.reportedAt)} {reportTime(observation.reportedAt)}
            </Typography>
            {shell === 'sapphire' && (
              <>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600, mt: { xs: 1, sm: 0 } }}>
                  {t.company}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {observation.managername}
                </Typography>
              </>
            )}
          </Box>
          <Box component="form" noValidate onSubmit={(e) => void submit(e)} sx={{ mt: 3 }}>
            <Controller
              control={form.control}
              name="action"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  label={t.actionTaken}
                  id="observation-action"
                  value={field.value}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  disabled={!canAct}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message}
                >
                  {actionOptions().map((o) => (
                    <MenuItem key={o.value} value={o.value}>
                      {o.label}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              label={t.acceptTime}
              id="observation-accept-time"
              value={acceptTimeText(observation.accept_time)}
              slotProps={{ input: { readOnly: true } }}
              disabled={!canComment}
            />
            <TextField
              {...muiField(form.register('comment'))}
              label={t.writeComment}
              id="observation-comment"
              multiline
              minRows={3}
              disabled={!canComment}
              error={form.formState.errors.comment !== undefined}
              helperText={form.formState.errors.comment?.message}
            />
            <Box sx={{ display: 'flex', gap: 1.5, mt: 2, flexWrap: 'wrap' }}>
              {canComment && (
                <Button type="submit" variant="contained" disabled={rca.isPending}>
                  {t.submit}
                </Button>
              )}
              <Button variant="outlined" onClick={() => void navigate(listPath)}>
                {t.back}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
      <Card sx={{ alignSelf: 'start' }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" gutterBottom>
            {t.image}
          </Typography>
          <ObservationImage image={observation.reportImage} srno={observation.srno} />
        </CardContent>
      </Card>
    </Box>
  );
}
