import { useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  assessmentFormSchema,
  type AssessmentForm as AssessmentFormValues,
  type AssessmentFormInput,
  type SectionQuestionInput,
} from '@palisade/domain/assessments/assessment.schema';
import {
  emptySection,
  hasErrorsOtherThanContractors,
  isShareEnabled,
  questionsUsedElsewhere,
  sectionsHaveFactor,
} from '@palisade/domain/assessments/assessment.rules';
import { DATE_FORMAT } from '@palisade/domain/constants';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { translateText } from '@palisade/domain/i18n/catalogue';
import { FormTextField } from '../../../components/form-text-field';
import { useSingleFlight } from '../../../lib/client-id';
import { muiField } from '../../../lib/forms';
import { useCategories } from '../api/get-categories';
import { useQuestions } from '../api/get-questions';
import { AddCategoryDialog } from './add-category-dialog';
import { QuestionDialog } from './question-dialog';
import { SectionEditor } from './section-editor';
import { ShareDialog } from './share-dialog';
import { useOrganisationToday } from '../../../lib/organisation-today';

const t = assessmentScreensMessages;
const m = assessmentMessages;
const ISO_DAY = 'YYYY-MM-DD';

/** The top-level fields of the form, as editAssessment's updateData names them. */
export type AssessmentField = keyof AssessmentFormInput;


/**
 * The form's schema for a day. An assessment saved with a due date that has passed since may keep
 * it (the server is sent only changed fields); a new due date may not be before today.
 */
export function formSchemaFor(today: string, savedDueDate?: string) {
  if (!savedDueDate || savedDueDate >= today) return assessmentFormSchema(today);
  return assessmentFormSchema(savedDueDate).superRefine((values, ctx) => {
    if (values.dueDate !== savedDueDate && values.dueDate < today) {
      ctx.addIssue({ code: 'custom', message: m.dateBeforeToday, path: ['dueDate'] });
    }
  });
}

/** Empty Add Assessment: one section, as emptySection() makes it. */
export function newAssessmentValues(): AssessmentFormInput {
  return { name: '', dueDate: '', contractors: [], sections: [emptySection()] };
}

const FIELDS: readonly AssessmentField[] = ['name', 'dueDate', 'contractors', 'sections'];

/** True when anything under a touched-fields node was touched. */
function anyTouched(node: unknown): boolean {
  if (node === true) return true;
  if (Array.isArray(node)) return node.some(anyTouched);
  if (node !== null && typeof node === 'object') return Object.values(node).some(anyTouched);
  return false;
}

/** The node at a dotted path ("sections.0.factors") of a nested object. */
function nodeAt(root: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object'
          ? (node as Record<string, unknown>)[key]
          : undefined,
      root,
    );
}

/** Message of the first issue at each path, as the server's validation would name it. */
function issuesByPath(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    // The schema's messages are made in English when it loads: each in the user's language.
    if (!byPath.has(path)) byPath.set(path, translateText(issue.message));
  }
  return byPath;
}

/** The contractors as a set of ids: order and the '' of unchecked rows do not count. */
function idSet(ids: readonly string[] | undefined): string {
  return JSON.stringify([...new Set((ids ?? []).filter(Boolean))].sort());
}

/** The top-level fields whose values differ from the starting ones (editAssessment sends only these). */
export function changedFields(
  before: AssessmentFormInput,
  after: AssessmentFormInput,
): AssessmentField[] {
  return FIELDS.filter((field) =>
    field === 'contractors'
      ? idSet(before.contractors) !== idSet(after.contractors)
      : JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
}

export interface AssessmentFormProps {
  mode: 'add' | 'edit';
  companyId: string;
  defaultValues: AssessmentFormInput;
  /** Edit: the saved due date. */
  savedDueDate?: string;
  /** Edit: a contractor has responded; the server refuses any change. */
  locked?: boolean;
  submitting: boolean;
  /**
   * The valid values, and the top-level fields the user changed; settles when the save has ended
   * (saved or refused): until then Save takes no other click.
   */
  onSave: (values: AssessmentFormValues, changed: AssessmentField[]) => Promise<unknown>;
}

/**
 * Add Assessment and Edit Assessment (spec §2.6): name, due date, the sections, Add Another
 * Category, and Share, which opens Select Companies; its Save submits. Share is enabled by the
 * domain's rule (spec §4). The dialogs live outside the <form>: React events bubble through
 * portals, and a dialog's own form must not submit this one.
 */
export function AssessmentForm({
  mode,
  companyId,
  defaultValues,
  savedDueDate,
  locked = false,
  submitting,
  onSave,
}: AssessmentFormProps) {
  const today = useOrganisationToday();
  const schema = useMemo(() => formSchemaFor(today, savedDueDate), [today, savedDueDate]);
  const {
    control,
    register,
    handleSubmit,
    setValue,
    getValues,
    setFocus,
    formState: { isDirty, touchedFields },
  } = useForm<AssessmentFormInput, unknown, AssessmentFormValues>({
    resolver: zodResolver(schema),
    defaultValues,
    // The messages shown are the schema's on the current values (below), so react-hook-form
    // need not validate before submit: its field-array validation would mark new sections.
    mode: 'onSubmit',
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'sections' });
  const values = useWatch({ control });
  const [interacted, setInteracted] = useState(false);
  const [categoryFor, setCategoryFor] = useState<number | null>(null);
  const [questionsFor, setQuestionsFor] = useState<number | null>(null);
  const [shareOpen, setShareOpen] = useState(false);
  /** Share was tried: every message shows, touched or not. */
  const [attempted, setAttempted] = useState(false);
  // Select Companies' Save sends once however often it is clicked (issue 56).
  const flight = useSingleFlight();
  const busy = submitting || flight.sending;

  const categories = useCategories(companyId);
  const bank = useQuestions(companyId);
  const categoryList = useMemo(() => categories.data ?? [], [categories.data]);
  const bankList = useMemo(() => bank.data ?? [], [bank.data]);
  const questionTexts = useMemo(
    () => new Map(bankList.map((q) => [q._id, q.questText])),
    [bankList],
  );

  const sections = useMemo(() => values.sections ?? [], [values.sections]);
  const usedElsewhere = useMemo(
    () =>
      questionsUsedElsewhere(
        sections.map((s) => ({
          questions: (s.questions ?? []).map((q) => ({ question: q.question ?? '' })),
        })),
      ),
    [sections],
  );
  const issues = useMemo(() => {
    const parsed = schema.safeParse(values);
    return issuesByPath(parsed.success ? [] : parsed.error.issues);
  }, [schema, values]);
  const errorPaths = [...issues.keys()];

  /**
   * The message to show at a path: the schema's on the current values (never a stale one), once
   * the field was touched (spec §5) or Share was tried.
   */
  const errorOf = (path: string): string | undefined =>
    attempted || anyTouched(nodeAt(touchedFields, path)) ? issues.get(path) : undefined;

  const touched = interacted || Object.keys(touchedFields).length > 0;
  const shareEnabled =
    !locked &&
    isShareEnabled({
      dirty: isDirty,
      touched,
      sectionsHaveFactor: sectionsHaveFactor(sections),
      submitting: busy,
      mode,
      errorsOtherThanContractors: hasErrorsOtherThanContractors(errorPaths),
    });

  /** A change made through a dialog: changed, touched and checked like a typed one. */
  const setFromDialog = (
    name: `sections.${number}.category` | `sections.${number}.questions`,
    value: string | SectionQuestionInput[],
  ) => {
    setInteracted(true);
    setValue(name, value, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  };

  /** Takes the user to a field in error: its input, or its section for the question list. */
  const showError = (path: string) => {
    const questions = /^sections\.(\d+)\.questions/.exec(path);
    if (questions) {
      const heading = document.getElementById(`section-${Number(questions[1]) + 1}-heading`);
      heading?.scrollIntoView({ block: 'start', behavior: 'smooth' });
      return;
    }
    const target = path.endsWith('.factors') ? `${path}.environment` : path;
    setFocus(target as FieldPath<AssessmentFormInput>);
  };

  const openShare = () => {
    if (!shareEnabled) return;
    setAttempted(true);
    // Every field but the companies must be valid first: those are chosen in the dialog.
    const first = errorPaths.find(
      (path) => path !== 'contractors' && !path.startsWith('contractors.'),
    );
    if (first === undefined) setShareOpen(true);
    else showError(first);
  };

  const submit = handleSubmit(async (valid) => {
    await onSave(valid, mode === 'add' ? [...FIELDS] : changedFields(defaultValues, getValues()));
  });

  const saveShare = (contractors: string[]) => {
    flight.run(async () => {
      setInteracted(true);
      setValue('contractors', contractors, { shouldDirty: true, shouldTouch: true });
      await submit();
    });
  };

  const takenBy = (index: number) =>
    new Set(
      sections
        .filter((_s, i) => i !== index)
        .map((s) => s.category ?? '')
        .filter(Boolean),
    );

  const sectionQuestions = (index: number): SectionQuestionInput[] =>
    getValues(`sections.${index}.questions`) ?? [];

  return (
    <>
      {locked && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          <AlertTitle>{t.lockedTitle}</AlertTitle>
          {m.cannotEdit}
        </Alert>
      )}
      <Box
        component="form"
        noValidate
        aria-label={
          mode === 'add' ? webMessages.titles.addAssessment : webMessages.titles.editAssessment
        }
        onSubmit={(event) => {
          event.preventDefault();
          openShare();
        }}
        onChange={() => setInteracted(true)}
        sx={{ display: 'grid', gap: 3 }}
      >
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography variant="h2" gutterBottom>
              {t.details}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
                columnGap: 2,
              }}
            >
              <FormTextField
                {...muiField(register('name'))}
                label={t.name}
                required
                disabled={locked}
                error={errorOf('name') !== undefined}
                helperText={errorOf('name')}
              />
              <Controller
                control={control}
                name="dueDate"
                render={({ field }) => (
                  <DatePicker
                    label={t.dueDate}
                    format={DATE_FORMAT}
                    minDate={dayjs(today)}
                    disabled={locked}
                    value={field.value ? dayjs(field.value) : null}
                    onChange={(day) => {
                      setInteracted(true);
                      field.onChange(day ? (day.isValid() ? day.format(ISO_DAY) : 'invalid') : '');
                    }}
                    onClose={field.onBlur}
                    inputRef={field.ref}
                    slotProps={{
                      textField: {
                        name: field.name,
                        required: true,
                        margin: 'normal',
                        fullWidth: true,
                        onBlur: field.onBlur,
                        error: errorOf('dueDate') !== undefined,
                        helperText: errorOf('dueDate'),
                      },
                    }}
                  />
                )}
              />
            </Box>
          </CardContent>
        </Card>

        {fields.map((section, index) => (
          <SectionEditor
            key={section.id}
            index={index}
            control={control}
            register={register}
            errorOf={errorOf}
            categories={categoryList}
            takenCategories={takenBy(index)}
            questionTexts={questionTexts}
            usedElsewhere={usedElsewhere[index] ?? new Set()}
            disabled={locked}
            onAddCategory={() => setCategoryFor(index)}
            onAddQuestion={() => setQuestionsFor(index)}
            onRemoveQuestion={(at) =>
              setFromDialog(
                `sections.${index}.questions`,
                sectionQuestions(index).filter((_q, i) => i !== at),
              )
            }
            onRemove={
              index === 0
                ? undefined
                : () => {
                    setInteracted(true);
                    remove(index);
                  }
            }
          />
        ))}

        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            gap: 2,
            '& > button': { flexGrow: { xs: 1, sm: 0 } },
          }}
        >
          <Button
            variant="outlined"
            startIcon={<AddCircleOutline />}
            disabled={locked}
            onClick={() => {
              setInteracted(true);
              append(emptySection(), { shouldFocus: false });
            }}
          >
            {t.addAnotherCategory}
          </Button>
          <Button
            type="submit"
            variant="contained"
            startIcon={<ShareOutlined />}
            disabled={!shareEnabled}
            loading={busy}
          >
            {t.share}
          </Button>
        </Box>
      </Box>

      <AddCategoryDialog
        open={categoryFor !== null}
        companyId={companyId}
        categories={categoryList}
        onClose={() => setCategoryFor(null)}
        onCreated={(category) => {
          if (categoryFor !== null) setFromDialog(`sections.${categoryFor}.category`, category._id);
          setCategoryFor(null);
        }}
      />
      <QuestionDialog
        open={questionsFor !== null}
        companyId={companyId}
        bank={bankList}
        selected={questionsFor === null ? [] : sectionQuestions(questionsFor)}
        usedElsewhere={
          questionsFor === null ? new Set() : (usedElsewhere[questionsFor] ?? new Set())
        }
        onClose={() => setQuestionsFor(null)}
        onSubmit={(questions) => {
          if (questionsFor !== null) setFromDialog(`sections.${questionsFor}.questions`, questions);
          setQuestionsFor(null);
        }}
      />
      <ShareDialog
        open={shareOpen}
        companyId={companyId}
        initial={getValues('contractors') ?? []}
        saving={busy}
        onClose={() => setShareOpen(false)}
        onSave={saveShare}
      />
    </>
  );
}
