import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams, type Location } from 'react-router';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { filesMessages } from '@palisade/domain/messages/files';
import { navMessages } from '@palisade/domain/messages/nav';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { webMessages } from '@palisade/domain/messages/web';
import type {
  ResponseReply,
  ResponseSectionReply,
} from '@palisade/domain/responses/response.schema';
import { contractorMayChange } from '@palisade/domain/responses/response.rules';
import type { UploadAttachmentReply } from '@palisade/domain/responses/response.schema';
import { AnswerStatus, ResponseStatus } from '@palisade/domain/statuses';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LabelledProgress } from '../../../components/labelled-progress';
import { Page, type Crumb } from '../../../components/page';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useResponse } from '../api/get-response';
import { useLeaveGuard } from '../../../lib/leave-guard';
import { showSuccess } from '../../../lib/notifier';
import { useProfile } from '../../../lib/session';
import { useAnswerAutosave } from '../use-answer-autosave';
import { ResponseLoadError } from '../components/response-load-error';
import { checklistSchema, entryStatus, formOf, type ChecklistForm } from '../checklist-form';
import { ChecklistQuestions, type QuestionRowModel } from '../components/checklist-questions';
import { statusNote } from '../components/response-summary';
import { ResponseStatusChip } from '../../../components/response-status-chip';
import { ASSESSMENT_LIST_PATH, categoriesPath } from '../paths';
import { PageSkeleton } from '../../../components/page-skeleton';
import { CarryMark } from '../../../components/recurrence/carry-marks';

const t = responseScreensMessages;
/** The page's name, in the screens' language (read when shown: issue 60). */
const title = () => webMessages.titles.checklist;

function crumbsOf(responseId: string): readonly Crumb[] {
  return [
    { label: navMessages.assessment, to: ASSESSMENT_LIST_PATH },
    { label: webMessages.titles.categories, to: categoriesPath(responseId) },
    { label: title() },
  ];
}

/** The live share of answered questions of the form (only this re-renders while typing). */
function AnsweredCount({
  control,
  section,
}: {
  control: Control<ChecklistForm>;
  section: ResponseSectionReply;
}) {
  const answers = useWatch({ control, name: 'answers' });
  const total = section.questions.length;
  const answered = section.questions.filter((q, i) => {
    const entry = answers[i];
    return entry ? entryStatus(q, entry) === AnswerStatus.ANSWERED : false;
  }).length;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {t.answeredOf(answered, total)}
      </Typography>
      <LabelledProgress
        value={total === 0 ? 0 : (answered / total) * 100}
        label={t.progressOf(section.category.name)}
        color={answered === total ? 'success' : 'primary'}
      />
    </Box>
  );
}

interface ChecklistSectionProps {
  response: ResponseReply;
  section: ResponseSectionReply;
}

/** While anything is unsaved: the in-app navigation asks first, and so does the browser's unload. */
function useLeavePrompt(hasUnsaved: () => boolean, unsaved: boolean) {
  const blocker = useLeaveGuard(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) =>
        hasUnsaved() && currentLocation.pathname !== nextLocation.pathname,
      [hasUnsaved],
    ),
  );
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers read the prompt from returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
  return blocker;
}

/**
 * The answers of one section, each saved as the contractor works (issue 18). The form starts
 * from the section as loaded and is not reset when the cached response changes under it, so
 * answers being typed stay; a question changed in another tab is reloaded on its own.
 */
function ChecklistSection({ response, section }: ChecklistSectionProps) {
  const navigate = useNavigate();
  const profile = useProfile();
  const remove = useDeleteAttachment();
  const [toDelete, setToDelete] = useState<{ index: number; file: FileRecord } | null>(null);
  const [flushing, setFlushing] = useState(false);
  const schema = useMemo(() => checklistSchema(section.questions), [section.questions]);
  const form = useForm<ChecklistForm>({
    resolver: zodResolver(schema),
    defaultValues: formOf(section.questions),
  });
  const { control, getValues, setValue } = form;

  const closed =
    response.status === ResponseStatus.SUBMITTED || response.status === ResponseStatus.COMPLETED;
  const rows: QuestionRowModel[] = section.questions.map((question, index) => ({
    question,
    index,
    editable: contractorMayChange(response.status, question),
  }));
  const canSave = !closed && rows.some((r) => r.editable);
  const total = section.questions.length;
  const note = statusNote(response.status);
  const autosave = useAnswerAutosave({
    userId: profile._id,
    responseId: response._id,
    sectionId: section._id,
    questions: section.questions,
    form,
    editable: (index) => rows[index]?.editable ?? false,
  });
  const blocker = useLeavePrompt(autosave.hasUnsaved, autosave.unsaved);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    setFlushing(true);
    void autosave.flush().then((ok) => {
      setFlushing(false);
      if (!ok) return;
      showSuccess(assessmentMessages.responseSaved);
      void navigate(categoriesPath(response._id));
    });
  };

  const onUploaded = (index: number, file: UploadAttachmentReply) => {
    const path = `answers.${index}.attachment` as const;
    const { questionVersion, ...record } = file;
    setValue(path, [...getValues(path), record]);
    const question = section.questions[index];
    if (question && questionVersion !== undefined)
      autosave.setVersion(question._id, questionVersion);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const { index, file } = toDelete;
    const question = section.questions[index];
    if (!question) return;
    remove.mutate(
      {
        responseId: response._id,
        sectionId: section._id,
        questionId: question._id,
        filePath: file.filePath,
      },
      {
        onSuccess: (reply) => {
          const path = `answers.${index}.attachment` as const;
          setValue(
            path,
            getValues(path).filter((f) => f.filePath !== file.filePath),
          );
          const after = reply.sections
            ?.flatMap((s) => s.questions)
            .find((q) => q._id === question._id);
          if (after) autosave.setVersion(after._id, after.version);
          setToDelete(null);
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={onSave}>
      <Card sx={{ mb: 3 }}>
        <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
            <ResponseStatusChip status={response.status} />
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {response.assessment.name}
            </Typography>
          </Box>
          <AnsweredCount control={control} section={section} />
          {note && (
            <Alert severity={response.status === ResponseStatus.REASSESSMENT ? 'warning' : 'info'}>
              {note}
            </Alert>
          )}
        </CardContent>
      </Card>

      {total === 0 ? (
        <EmptyState />
      ) : (
        <ChecklistQuestions
          rows={rows}
          control={control}
          responseId={response._id}
          sectionId={section._id}
          onUploaded={onUploaded}
          onDelete={(index, file) => setToDelete({ index, file })}
          saveStates={autosave.states}
          onRetry={autosave.retry}
          queue={autosave.enqueue}
          questionExtra={(question, editable) => (
            <CarryMark responseId={response._id} question={question} editable={editable} />
          )}
        />
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 2, mt: 3 }}>
        <Button component={RouterLink} to={categoriesPath(response._id)} variant="outlined">
          {t.backToCategories}
        </Button>
        {canSave && (
          <Button type="submit" variant="contained" loading={flushing} sx={{ minWidth: 120 }}>
            {t.save}
          </Button>
        )}
      </Box>

      <ConfirmDialog
        open={toDelete !== null}
        title={t.deleteTitle}
        message={toDelete ? filesMessages.confirmDelete(toDelete.file.fileName) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t.leaveTitle}
        message={t.leaveMessage}
        confirmLabel={t.leave}
        cancelLabel={t.stay}
        destructive
        onConfirm={() => {
          autosave.discard();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      />
    </Box>
  );
}

/**
 * /atgl/Contractor/assessment/{responseId}/categories/{categoryId}: the checklist of one section
 * (its categoryId). Save is there unless the response is SUBMITTED or COMPLETED; it shows "Your
 * response is saved" and goes back to the categories (spec §4).
 */
export function ChecklistPage() {
  const { responseId = '', categoryId = '' } = useParams();
  const query = useResponse(responseId);
  const response = query.data;
  const section = response?.sections?.find((s) => s.categoryId === categoryId);
  const crumbs = crumbsOf(responseId);

  if (!response || !section) {
    const missing = query.isError || (response !== undefined && !section);
    return (
      <Page title={title()} breadcrumbs={crumbs}>
        {query.isError ? (
          <ResponseLoadError
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        ) : missing ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <EmptyState text={query.isError ? t.notFound : t.sectionNotFound} />
            <Button
              component={RouterLink}
              to={query.isError ? ASSESSMENT_LIST_PATH : categoriesPath(responseId)}
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
      <ChecklistSection
        key={`${response._id}:${section._id}`}
        response={response}
        section={section}
      />
    </Page>
  );
}
