import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import EditOutlined from '@mui/icons-material/EditOutlined';
import {
  categoryFormSchema,
  type Category,
  type CategoryForm,
} from '@palisade/domain/assessments/category.schema';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { FormTextField } from '../../../components/form-text-field';
import { useClientId, useSingleFlight } from '../../../lib/client-id';
import { muiField } from '../../../lib/forms';
import { useCreateCategory } from '../api/create-category';
import { EditCategoryDialog } from './edit-category-dialog';

const t = assessmentScreensMessages;

interface AddCategoryDialogProps {
  open: boolean;
  companyId: string;
  categories: readonly Category[];
  onClose: () => void;
  /** The new category: the section that opened the dialog takes it. */
  onCreated: (category: Category) => void;
}

/**
 * Add Category (spec §2.6): a new name and Add, and the scrollable list of the organisation's
 * categories, each with Edit (the Edit Category dialog).
 */
export function AddCategoryDialog({
  open,
  companyId,
  categories,
  onClose,
  onCreated,
}: AddCategoryDialogProps) {
  const titleId = useId();
  const listId = useId();
  const create = useCreateCategory();
  // The new category's id, the same for every try of one Add (issue 56).
  const clientId = useClientId();
  const flight = useSingleFlight();
  const [editing, setEditing] = useState<Category | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors },
  } = useForm<CategoryForm>({
    resolver: zodResolver(categoryFormSchema),
    defaultValues: { name: '' },
  });
  const name = useWatch({ control, name: 'name' });

  const close = () => {
    reset();
    clientId.renew();
    onClose();
  };

  const onSubmit = handleSubmit(({ name: newName }) => {
    if (categories.some((c) => c.name.toLowerCase() === newName.toLowerCase())) {
      setError('name', { message: assessmentMessages.categoryExists }, { shouldFocus: true });
      return;
    }
    flight.run(() =>
      create.mutateAsync({ companyId, name: newName, id: clientId.id }).then((category) => {
        reset();
        clientId.renew();
        onCreated(category);
      }),
    );
  });

  return (
    <Dialog
      open={open}
      onClose={create.isPending || flight.sending ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t.addCategory}</DialogTitle>
      <DialogContent>
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
            {...muiField(register('name'))}
            label={t.newCategory}
            required
            error={errors.name !== undefined}
            helperText={errors.name?.message}
          />
          <Button
            type="submit"
            variant="contained"
            loading={create.isPending || flight.sending}
            disabled={!name?.trim()}
            sx={{
              mt: { xs: 0, sm: 2.5 },
              minWidth: 88,
              alignSelf: { xs: 'stretch', sm: 'flex-start' },
            }}
          >
            {t.add}
          </Button>
        </Box>
        <Typography variant="h3" component="h3" id={listId} sx={{ mt: 2 }}>
          {t.availableCategories}
        </Typography>
        {categories.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {t.noCategories}
          </Typography>
        ) : (
          <List
            dense
            aria-labelledby={listId}
            sx={{
              maxHeight: 240,
              overflowY: 'auto',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              mt: 1,
            }}
          >
            {categories.map((category) => (
              <ListItem
                key={category._id}
                secondaryAction={
                  <Button
                    size="small"
                    startIcon={<EditOutlined fontSize="small" />}
                    aria-label={t.editCategoryLabel(category.name)}
                    onClick={() => setEditing(category)}
                  >
                    {t.edit}
                  </Button>
                }
                sx={{ pr: 11 }}
              >
                <ListItemText primary={category.name} sx={{ overflowWrap: 'anywhere' }} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={flight.sending}>
          {t.close}
        </Button>
      </DialogActions>
      <EditCategoryDialog
        category={editing}
        categories={categories}
        onClose={() => setEditing(null)}
      />
    </Dialog>
  );
}
