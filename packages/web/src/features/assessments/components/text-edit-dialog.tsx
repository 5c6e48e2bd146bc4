import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { z } from 'zod';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { FormTextField } from '../../../components/form-text-field';
import { muiField } from '../../../lib/forms';

const t = assessmentScreensMessages;

/** The one item a text-edit dialog changes: its id and current text. */
export interface EditedText {
  id: string;
  text: string;
}

interface TextEditDialogProps {
  /** The item being edited; null when closed. */
  item: EditedText | null;
  title: string;
  label: string;
  maxWidth: 'xs' | 'sm';
  /** The domain schema of the one field (the same rule the server applies). */
  field: z.ZodType<string, string>;
  /** True when another item already uses the text (case-insensitive); refused with takenMessage. */
  isTaken: (text: string, id: string) => boolean;
  takenMessage: string;
  pending: boolean;
  onSave: (text: string, id: string) => void;
  onClose: () => void;
}

/** Edit Category and Edit Question: one text field, its domain rule, and no duplicate. */
export function TextEditDialog(props: TextEditDialogProps) {
  const titleId = useId();
  const { item, title, maxWidth, onClose } = props;
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {item && <TextEditForm key={item.id} {...props} item={item} />}
    </Dialog>
  );
}

function TextEditForm({
  item,
  label,
  field,
  isTaken,
  takenMessage,
  pending,
  onSave,
  onClose,
}: TextEditDialogProps & { item: EditedText }) {
  const schema = useMemo(() => z.object({ text: field }), [field]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<{ text: string }>({
    resolver: zodResolver(schema),
    defaultValues: { text: item.text },
  });

  const onSubmit = handleSubmit(({ text }) => {
    if (isTaken(text, item.id)) {
      setError('text', { message: takenMessage }, { shouldFocus: true });
      return;
    }
    onSave(text, item.id);
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogContent sx={{ pt: 0 }}>
        <FormTextField
          {...muiField(register('text'))}
          label={label}
          autoFocus
          required
          error={errors.text !== undefined}
          helperText={errors.text?.message}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t.cancel}
        </Button>
        <Button type="submit" variant="contained" loading={pending} disabled={!isDirty}>
          {t.save}
        </Button>
      </DialogActions>
    </form>
  );
}
