import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  categoryFormSchema,
  type Category,
  type CategoryForm,
} from '@palisade/domain/assessments/category.schema';
import { messages } from '@palisade/domain/messages';
import { FormTextField } from '../../../components/form-text-field';
import { muiField } from '../../../lib/forms';
import { useEditCategory } from '../api/edit-category';

const t = messages.assessmentScreens;

interface EditCategoryDialogProps {
  /** The category being renamed; null when closed. */
  category: Category | null;
  /** Every category of the organisation: a name may be used once (case-insensitive). */
  categories: readonly Category[];
  onClose: () => void;
}

/** Edit Category: the Add Category rules, and the name may not be another category's. */
export function EditCategoryDialog({ category, categories, onClose }: EditCategoryDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={category !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.editCategory}</DialogTitle>
      {category && (
        <EditCategoryForm
          key={category._id}
          category={category}
          categories={categories}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function EditCategoryForm({
  category,
  categories,
  onClose,
}: {
  category: Category;
  categories: readonly Category[];
  onClose: () => void;
}) {
  const edit = useEditCategory();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<CategoryForm>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { name: category.name },
  });

  const onSubmit = handleSubmit(({ name }) => {
    const taken = categories.some(
      (c) => c._id !== category._id && c.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken) {
      setError('name', { message: messages.assessment.categoryExists }, { shouldFocus: true });
      return;
    }
    edit.mutate({ categoryId: category._id, updateData: { name } }, { onSuccess: onClose });
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <DialogContent sx={{ pt: 0 }}>
        <FormTextField
          {...muiField(register('name'))}
          label={t.categoryName}
          autoFocus
          required
          error={errors.name !== undefined}
          helperText={errors.name?.message}
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
