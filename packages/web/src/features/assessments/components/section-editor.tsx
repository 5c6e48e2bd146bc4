import { Controller, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddCircleOutline from '@mui/icons-material/AddCircleOutline';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import type {
  AssessmentForm,
  AssessmentFormInput,
} from '@palisade/domain/assessments/assessment.schema';
import type { Category } from '@palisade/domain/assessments/category.schema';
import { ESGO_FACTORS } from '@palisade/domain/constants';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { FormTextField } from '../../../components/form-text-field';
import { muiField } from '../../../lib/forms';
import { QuestionList } from './question-list';

const t = assessmentScreensMessages;

interface SectionEditorProps {
  index: number;
  control: Control<AssessmentFormInput, unknown, AssessmentForm>;
  register: UseFormRegister<AssessmentFormInput>;
  /** The message to show at a form path, if any (the form decides when messages show). */
  errorOf: (path: string) => string | undefined;
  categories: readonly Category[];
  /** Category ids chosen by the other sections: each category once per assessment. */
  takenCategories: ReadonlySet<string>;
  questionTexts: ReadonlyMap<string, string>;
  usedElsewhere: ReadonlySet<string>;
  disabled: boolean;
  onAddCategory: () => void;
  onAddQuestion: () => void;
  onRemoveQuestion: (questionIndex: number) => void;
  /** Absent on the first section (spec §2.6). */
  onRemove?: () => void;
}

/**
 * One section of Add / Edit Assessment: category select ('Select Category' first) and Add
 * Category, Remove Section, the four factor switches, Enter Marks, Add Question and the numbered
 * question list.
 */
export function SectionEditor({
  index,
  control,
  register,
  errorOf,
  categories,
  takenCategories,
  questionTexts,
  usedElsewhere,
  disabled,
  onAddCategory,
  onAddQuestion,
  onRemoveQuestion,
  onRemove,
}: SectionEditorProps) {
  const n = index + 1;
  const headingId = `section-${n}-heading`;
  const at = (field: string) => errorOf(`sections.${index}.${field}`);
  const categoryError = at('category');
  const factorsError = at('factors');
  const marksError = at('totalMarks');
  const questionsError = at('questions');
  const questions = useWatch({ control, name: `sections.${index}.questions` }) ?? [];
  const known = new Set(categories.map((c) => c._id));

  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h2" id={headingId} sx={{ flexGrow: 1 }}>
            {t.sectionHeading(n)}
          </Typography>
          {onRemove && (
            <Button
              color="error"
              startIcon={<DeleteOutline />}
              onClick={onRemove}
              disabled={disabled}
            >
              {t.removeSection}
            </Button>
          )}
        </Box>

        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'flex-start',
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
          }}
        >
          <Controller
            control={control}
            name={`sections.${index}.category`}
            render={({ field }) => (
              <TextField
                select
                label={t.category}
                required
                // An id the list does not hold yet (still loading) shows as no choice.
                value={field.value && known.has(field.value) ? field.value : ''}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                disabled={disabled}
                error={categoryError !== undefined}
                helperText={categoryError}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{t.selectCategory}</option>
                {categories.map((c) => (
                  <option key={c._id} value={c._id} disabled={takenCategories.has(c._id)}>
                    {c.name}
                  </option>
                ))}
              </TextField>
            )}
          />
          <Button
            variant="outlined"
            startIcon={<AddCircleOutline />}
            onClick={onAddCategory}
            disabled={disabled}
            sx={{ mt: { xs: 0, sm: 2.75 }, whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t.addCategory}
          </Button>
        </Box>

        <FormControl
          component="fieldset"
          error={factorsError !== undefined}
          sx={{ mt: 1, display: 'block' }}
          disabled={disabled}
        >
          <FormLabel component="legend">{t.factors}</FormLabel>
          <FormGroup row>
            {ESGO_FACTORS.map((factor) => (
              <Controller
                key={factor}
                control={control}
                name={`sections.${index}.factors.${factor}`}
                render={({ field }) => (
                  <FormControlLabel
                    label={t[factor]}
                    control={
                      <Switch
                        checked={field.value === true}
                        onChange={(_event, on) => field.onChange(on)}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                        name={field.name}
                      />
                    }
                  />
                )}
              />
            ))}
          </FormGroup>
          {factorsError && <FormHelperText>{factorsError}</FormHelperText>}
        </FormControl>

        <FormTextField
          {...muiField(register(`sections.${index}.totalMarks`, { valueAsNumber: true }))}
          label={t.enterMarks}
          type="number"
          required
          disabled={disabled}
          inputProps={{ min: 1, step: 1, inputMode: 'numeric' }}
          error={marksError !== undefined}
          helperText={marksError}
          sx={{ maxWidth: { sm: 240 } }}
        />

        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, mb: 1 }}>
          <Typography variant="h3" component="h3" sx={{ flexGrow: 1 }}>
            {t.questions}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<PlaylistAdd />}
            onClick={onAddQuestion}
            disabled={disabled}
          >
            {t.addQuestion}
          </Button>
        </Box>
        <QuestionList
          questions={questions}
          texts={questionTexts}
          usedElsewhere={usedElsewhere}
          onRemove={disabled ? undefined : onRemoveQuestion}
        />
        {questionsError && (
          <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
            {questionsError}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
