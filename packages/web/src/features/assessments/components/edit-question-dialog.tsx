import {
  questionEditFormSchema,
  type Question,
} from '@palisade/domain/assessments/question.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { useEditQuestion } from '../api/edit-question';
import { TextEditDialog } from './text-edit-dialog';

interface EditQuestionDialogProps {
  /** The question being edited; null when closed. */
  question: Question | null;
  /** The organisation's bank: a text may be used once (case-insensitive). */
  bank: readonly Question[];
  onClose: () => void;
}

/** Edit Question: at least 3 characters, no markup, not another question's text (spec §5). */
export function EditQuestionDialog({ question, bank, onClose }: EditQuestionDialogProps) {
  const edit = useEditQuestion();
  return (
    <TextEditDialog
      item={question && { id: question._id, text: question.questText }}
      title={assessmentScreensMessages.editQuestion}
      label={assessmentScreensMessages.question}
      maxWidth="sm"
      field={questionEditFormSchema.shape.questText}
      isTaken={(text, id) =>
        bank.some((q) => q._id !== id && q.questText.toLowerCase() === text.toLowerCase())
      }
      takenMessage={assessmentMessages.questionExists}
      pending={edit.isPending}
      onSave={(questText, id) =>
        edit.mutate({ questionId: id, updateData: { questText } }, { onSuccess: onClose })
      }
      onClose={onClose}
    />
  );
}
