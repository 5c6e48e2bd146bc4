import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  questionEditFormSchema,
  type Question,
  type QuestionEditForm,
} from '@palisade/domain/assessments/question.schema';
import { messages } from '@palisade/domain/messages';
import { FormTextField } from '../../../components/form-text-field';
import { muiField } from '../../../lib/forms';
import { useEditQuestion } from '../api/edit-question';

const t = messages.assessmentScreens;

interface EditQuestionDialogProps {
  /** The question being edited; null when closed. */
  question: Question | null;
  /** The organisation's bank: a text may be used once (case-insensitive). */
  bank: readonly Question[];
  onClose: () => void;
}

/** Edit Question: at least 3 characters, no markup, not another question's text (spec §5). */
export function EditQuestionDialog({ question, bank, onClose }: EditQuestionDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={question !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.editQuestion}</DialogTitle>
      {question && (
        <EditQuestionForm key={question._id} question={question} bank={bank} onClose={onClose} />
      )}
    </Dialog>
  );
}

function EditQuestionForm({
  question,
  bank,
  onClose,
}: {
  question: Question;
  bank: readonly Question[];
  onClose: () => void;
}) {
  const edit = useEditQuestion();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<QuestionEditForm>({
    resolver: zodResolver(questionEditFormSchema),
    defaultValues: { questText: question.questText },
  });

  const onSubmit = handleSubmit(({ questText }) => {
    const taken = bank.some(
      (q) => q._id !== question._id && q.questText.toLowerCase() === questText.toLowerCase(),
    );
    if (taken) {
      setError('questText', { message: messages.assessment.questionExists }, { shouldFocus: true });
      return;
    }
    edit.mutate({ questionId: question._id, updateData: { questText } }, { onSuccess: onClose });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogContent sx={{ pt: 0 }}>
        <FormTextField
          {...muiField(register('questText'))}
          label={t.question}
          autoFocus
          required
          error={errors.questText !== undefined}
          helperText={errors.questText?.message}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={edit.isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={edit.isPending} disabled={!isDirty}>
          {t.save}
        </Button>
      </DialogActions>
    </form>
  );
}
