import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  questionCreateFormSchema,
  type Question,
  type QuestionCreateForm,
} from '@palisade/domain/assessments/question.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { FormTextField } from '../../../components/form-text-field';
import { useClientId, useSingleFlight } from '../../../lib/client-id';
import { muiField } from '../../../lib/forms';
import { useCreateQuestion } from '../api/create-question';

const t = assessmentScreensMessages;

interface CreateQuestionTabProps {
  companyId: string;
  bank: readonly Question[];
  onCreated: (question: Question) => void;
}

/** Create New Question: a text ('Enter Text') and Add, disabled while empty (spec §2.6). */
export function CreateQuestionTab({ companyId, bank, onCreated }: CreateQuestionTabProps) {
  const create = useCreateQuestion();
  // The new question's id, the same for every try of one Add (issue 56).
  const clientId = useClientId();
  const flight = useSingleFlight();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<QuestionCreateForm>({
    resolver: zodResolver(questionCreateFormSchema),
    defaultValues: { questText: '' },
  });
  const text = useWatch({ control, name: 'questText' });

  const onSubmit = handleSubmit(({ questText }) => {
    if (bank.some((q) => q.questText.toLowerCase() === questText.toLowerCase())) {
      setError('questText', { message: assessmentMessages.questionExists }, { shouldFocus: true });
      return;
    }
    flight.run(() =>
      create.mutateAsync({ companyId, questText, id: clientId.id }).then((question) => {
        reset();
        clientId.renew();
        onCreated(question);
      }),
    );
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <FormTextField
        {...muiField(register('questText'))}
        label={t.newQuestion}
        placeholder={t.enterText}
        required
        error={errors.questText !== undefined}
        helperText={errors.questText?.message}
      />
      <Button
        type="submit"
        variant="contained"
        loading={create.isPending || flight.sending}
        disabled={!text?.trim()}
        sx={{
          mt: { xs: 0, sm: 2.5 },
          minWidth: 88,
          alignSelf: { xs: 'stretch', sm: 'flex-start' },
        }}
      >
        {t.add}
      </Button>
    </Box>
  );
}
