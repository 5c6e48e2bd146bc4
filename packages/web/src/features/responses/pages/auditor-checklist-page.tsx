import { useId, useMemo } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { navMessages } from '@palisade/domain/messages/nav';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { webMessages } from '@palisade/domain/messages/web';
import type {
  ResponseReply,
  ResponseSectionReply,
} from '@palisade/domain/responses/response.schema';
import { auditorMayJudge } from '@palisade/domain/responses/response.rules';
import { AssessStatus, ResponseStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { LabelledProgress } from '../../../components/labelled-progress';
import { Page, type Crumb } from '../../../components/page';
import { ResponseStatusChip } from '../../../components/response-status-chip';
import { useResponse } from '../api/get-response';
import { useUpdateSection } from '../api/update-section';
import { ReviewQuestions } from '../components/review-questions';
import { PreviousRoundAnswer } from '../../../components/recurrence/carry-marks';
import { auditorPaths } from '../paths';
import {
  formCanScore,
  reviewFormOf,
  reviewSchema,
  reviewToSave,
  type ReviewForm,
} from '../review-form';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useProfile } from '../../../lib/session';

const t = responseScreensMessages;
const r = reviewScreensMessages;
/** The page's name, in the screens' language (read when shown: issue 60). */
const title = () => webMessages.titles.checklist;

function crumbsOf(responseId: string): readonly Crumb[] {
  return [
    { label: navMessages.assessment, to: auditorPaths.list },
    { label: webMessages.titles.categories, to: auditorPaths.categories(responseId) },
    { label: title() },
  ];
}

/** Why the auditor may not judge now, in words. */
function readOnlyNote(status: ResponseReply['status']): string {
  switch (status) {
    case ResponseStatus.PENDING:
      return r.pendingNote;
    case ResponseStatus.REASSESSMENT:
      return r.reassessmentNote;
    case ResponseStatus.SUBMITTED:
    case ResponseStatus.COMPLETED:
      return r.completedNote;
  }
}

/** The live count of accepted questions (only this re-renders while judging). */
function AcceptedCount({
  control,
  section,
}: {
  control: Control<ReviewForm>;
  section: ResponseSectionReply;
}) {
  const judgements = useWatch({ control, name: 'judgements' });
  const total = section.questions.length;
  const judged = judgements.filter((j) => j.assessStatus !== AssessStatus.NONE).length;
  const accepted = judgements.filter((j) => j.assessStatus === AssessStatus.ACCEPTED).length;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {`${r.judgedOf(judged, total)} · ${r.acceptedOf(accepted, total)}`}
      </Typography>
      <LabelledProgress
        value={total === 0 ? 0 : (judged / total) * 100}
        label={t.progressOf(section.category.name)}
        color={judged === total ? 'success' : 'primary'}
      />
    </Box>
  );
}

/** The Score field with "/ {totalMarks}": enabled once every question is accepted in the form. */
function ScoreField({
  control,
  section,
  editable,
}: {
  control: Control<ReviewForm>;
  section: ResponseSectionReply;
  editable: boolean;
}) {
  const judgements = useWatch({ control, name: 'judgements' });
  const enabled = editable && formCanScore(judgements);
  const helpId = useId();
  return (
    <Box>
      <Controller
        control={control}
        name="score"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            label={r.score}
            margin="none"
            size="small"
            disabled={!enabled}
            error={enabled && fieldState.invalid}
            helperText={enabled ? fieldState.error?.message : undefined}
            sx={{ width: { xs: '100%', sm: 260 } }}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                'aria-label': r.scoreOf(section.category.name),
                'aria-describedby': !enabled && editable ? helpId : undefined,
                maxLength: 6,
              },
              input: {
                endAdornment: (
                  <InputAdornment position="end">{r.outOf(section.totalMarks)}</InputAdornment>
                ),
              },
            }}
          />
        )}
      />
      {/* Outside the disabled field, so the hint keeps a readable contrast. */}
      {!enabled && editable && (
        <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {r.scoreHelp}
        </Typography>
      )}
    </Box>
  );
}

/**
 * The judgements of one section. The form starts from the section as loaded; Save sends every
 * judgement and remark (and the score once all are accepted), says "Your response is saved" and
 * goes back to the categories (spec §4).
 */
function ReviewSection({
  response,
  section,
}: {
  response: ResponseReply;
  section: ResponseSectionReply;
}) {
  const navigate = useNavigate();
  const update = useUpdateSection();
  const editable = auditorMayJudge(response.status);
  const profile = useProfile();
  const schema = useMemo(() => reviewSchema(section.totalMarks), [section.totalMarks]);
  const { control, handleSubmit } = useForm<ReviewForm>({
    resolver: zodResolver(schema),
    defaultValues: reviewFormOf(section),
  });

  const onSave = handleSubmit((values) => {
    update.mutate(reviewToSave(response._id, section, values), {
      onSuccess: () => void navigate(auditorPaths.categories(response._id)),
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSave}>
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <ResponseStatusChip status={response.status} />
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {`${response.assessment.name} · ${response.contractorName}`}
            </Typography>
          </Box>
          <AcceptedCount control={control} section={section} />
          {!editable && <Alert severity="info">{readOnlyNote(response.status)}</Alert>}
        </CardContent>
      </Card>

      {section.questions.length === 0 ? (
        <EmptyState />
      ) : (
        <ReviewQuestions
          questions={section.questions}
          control={control}
          responseId={response._id}
          sectionId={section._id}
          editable={editable}
          userId={profile._id}
          questionExtra={(question) => <PreviousRoundAnswer responseId={response._id} question={question} />}
        />
      )}

      <Card sx={{ mt: 3 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <ScoreField control={control} section={section} editable={editable} />
        </CardContent>
      </Card>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 2, mt: 3 }}>
        <Button
          component={RouterLink}
          to={auditorPaths.categories(response._id)}
          variant="outlined"
        >
          {t.backToCategories}
        </Button>
        {editable && (
          <Button
            type="submit"
            variant="contained"
            loading={update.isPending}
            sx={{ minWidth: 120 }}
          >
            {t.save}
          </Button>
        )}
      </Box>
    </Box>
  );
}

/**
 * /auditor/assessment/{responseId}/Categories/{categoryId}: the auditor's checklist of one
 * section (its categoryId). Judging is SUBMITTED-only. In PENDING the checklist URL goes back to
 * the list (the contractor's draft is its own: DECISIONS.md States, as the spec says); in
 * REASSESSMENT the auditor still opens it, read-only, to read and chat; a COMPLETED response is
 * read-only, its chat too.
 */
export function AuditorChecklistPage() {
  const { responseId = '', categoryId = '' } = useParams();
  const query = useResponse(responseId);
  const response = query.data;
  const section = response?.sections?.find((s) => s.categoryId === categoryId);
  const crumbs = crumbsOf(responseId);

  if (response?.status === ResponseStatus.PENDING)
    return <Navigate to={auditorPaths.list} replace />;

  if (!response || !section) {
    const missing = query.isError || (response !== undefined && !section);
    return (
      <Page title={title()} breadcrumbs={crumbs}>
        {missing ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <EmptyState text={query.isError ? t.notFound : t.sectionNotFound} />
            <Button
              component={RouterLink}
              to={query.isError ? auditorPaths.list : auditorPaths.categories(responseId)}
            >
              {query.isError ? t.backToList : t.backToCategories}
            </Button>
          </Box>
        ) : (
          <PageSkeleton summaryHeight={96} rows={5} rowHeight={56} />
        )}
      </Page>
    );
  }

  return (
    <Page title={title()} heading={section.category.name} breadcrumbs={crumbs}>
      <ReviewSection
        key={`${response._id}:${section._id}:${response.status}`}
        response={response}
        section={section}
      />
    </Page>
  );
}
