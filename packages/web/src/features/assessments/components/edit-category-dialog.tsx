import { categoryFormSchema, type Category } from '@palisade/domain/assessments/category.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { useEditCategory } from '../api/edit-category';
import { TextEditDialog } from './text-edit-dialog';

interface EditCategoryDialogProps {
  /** The category being renamed; null when closed. */
  category: Category | null;
  /** Every category of the organisation: a name may be used once (case-insensitive). */
  categories: readonly Category[];
  onClose: () => void;
}

/** Edit Category: the Add Category rules, and the name may not be another category's. */
export function EditCategoryDialog({ category, categories, onClose }: EditCategoryDialogProps) {
  const edit = useEditCategory();
  return (
    <TextEditDialog
      item={category && { id: category._id, text: category.name }}
      title={assessmentScreensMessages.editCategory}
      label={assessmentScreensMessages.categoryName}
      maxWidth="xs"
      field={categoryFormSchema.shape.name}
      isTaken={(name, id) =>
        categories.some((c) => c._id !== id && c.name.toLowerCase() === name.toLowerCase())
      }
      takenMessage={assessmentMessages.categoryExists}
      pending={edit.isPending}
      onSave={(name, id) =>
        edit.mutate({ categoryId: id, updateData: { name } }, { onSuccess: onClose })
      }
      onClose={onClose}
    />
  );
}
