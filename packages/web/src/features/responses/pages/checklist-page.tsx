import { useMemo, useState } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import type {
  ResponseReply,
  ResponseSectionReply,
} from '@palisade/domain/responses/response.schema';
import { contractorMayChange } from '@palisade/domain/responses/response.rules';
import { AnswerStatus, ResponseStatus } from '@palisade/domain/statuses';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EmptyState } from '../../../components/empty-state';
import { LabelledProgress } from '../../../components/labelled-progress';
import { Page, type Crumb } from '../../../components/page';
import { useDeleteAttachment } from '../api/delete-attachment';
import { useResponse } from '../api/get-response';
import { useUpdateSection } from '../api/update-section';
import {
  answerToSave,
  checklistSchema,
  entryStatus,
  formOf,
  type ChecklistForm,
} from '../checklist-form';
import { ChecklistQuestions, type QuestionRowModel } from '../components/checklist-questions';
import { statusNote } from '../components/response-summary';
import { ResponseStatusChip } from '../../../components/response-status-chip';
import { ASSESSMENT_LIST_PATH, categoriesPath } from '../paths';
import { PageSkeleton } from '../../../components/page-skeleton';

const t = messages.responseScreens;
const title = messages.web.titles.checklist;

function crumbsOf(responseId: string): readonly Crumb[] {
  return [
    { label: messages.nav.assessment, to: ASSESSMENT_LIST_PATH },
    { label: messages.web.titles.categories, to: categoriesPath(responseId) },
    { label: title },
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

/**
 * The answers of one section. The form starts from the section as loaded and is not reset when
 * the cached response changes under it (an attachment deleted), so unsaved answers stay.
 */
function ChecklistSection({ response, section }: ChecklistSectionProps) {
  const navigate = useNavigate();
  const update = useUpdateSection();
  const remove = useDeleteAttachment();
  const [toDelete, setToDelete] = useState<{ index: number; file: FileRecord } | null>(null);
  const schema = useMemo(() => checklistSchema(section.questions), [section.questions]);
  const { control, handleSubmit, getValues, setValue } = useForm<ChecklistForm>({
    resolver: zodResolver(schema),
    defaultValues: formOf(section.questions),
  });

  const closed =
    response.status === ResponseStatus.SUBMITTED || response.status === ResponseStatus.COMPLETED;
  const rows: QuestionRowModel[] = section.questions.map((question, index) => ({
    question,
    index,
    editable: contractorMayChange(response.status, question.assessStatus),
  }));
  const canSave = !closed && rows.some((r) => r.editable);
  const total = section.questions.length;
  const note = statusNote(response.status);

  const onSave = handleSubmit((values) => {
    const questions = rows
      .filter((r) => r.editable)
      .map(({ question, index }) => {
        const entry = values.answers[index];
        return { _id: question._id, answer: entry ? answerToSave(question, entry) : undefined };
      });
    update.mutate(
      { assesRespId: response._id, sectionId: section._id, responseData: { questions } },
      { onSuccess: () => void navigate(categoriesPath(response._id)) },
    );
  });

  const onUploaded = (index: number, file: FileRecord) => {
    const path = `answers.${index}.attachment` as const;
    setValue(path, [...getValues(path), file], { shouldDirty: true });
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
        onSuccess: () => {
          const path = `answers.${index}.attachment` as const;
          setValue(
            path,
            getValues(path).filter((f) => f.filePath !== file.filePath),
            { shouldDirty: true },
          );
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
        />
      )}

      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 2, mt: 3 }}>
        <Button component={RouterLink} to={categoriesPath(response._id)} variant="outlined">
          {t.backToCategories}
        </Button>
        {canSave && (
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

      <ConfirmDialog
        open={toDelete !== null}
        title={t.deleteTitle}
        message={toDelete ? messages.files.confirmDelete(toDelete.file.fileName) : ''}
        confirmLabel={t.delete}
        cancelLabel={t.cancel}
        destructive
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
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
      <Page title={title} breadcrumbs={crumbs}>
        {missing ? (
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
    <Page title={title} heading={section.category.name} breadcrumbs={crumbs}>
      <ChecklistSection
        key={`${response._id}:${section._id}`}
        response={response}
        section={section}
      />
    </Page>
  );
}
