import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/zod-resolver';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { localPhone } from '@palisade/domain/auth/profile.schema';
import {
  CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  PHONE_DIGITS,
  TEXT_MAX_LENGTH,
} from '@palisade/domain/constants';
import {
  employeeFormSchema,
  type Employee,
  type EmployeeForm,
} from '@palisade/domain/employees/employee.schema';
import { employeeMessages } from '@palisade/domain/employees/employee.messages';
import { webMessages } from '@palisade/domain/messages/web';
import { FormTextField } from '../../../components/form-text-field';
import { muiField } from '../../../lib/forms';
import { useCreateEmployee } from '../api/create-employee';
import { useEditEmployee } from '../api/edit-employee';

const m = employeeMessages;

const EMPTY: EmployeeForm = { name: '', email: '', mobile: '', code: '' };

function valuesOf(employee: Employee | null): EmployeeForm {
  if (!employee) return EMPTY;
  return {
    name: employee.name,
    email: employee.email,
    mobile: localPhone(employee.mobile),
    code: employee.code ?? '',
  };
}

interface EmployeeFormDialogProps {
  open: boolean;
  /** The employee being edited; null adds a new one. */
  employee: Employee | null;
  onClose: () => void;
}

/**
 * Add Employee / Edit Employee: name and e-mail required, mobile (10 digits) and employee code
 * optional, checked with the server's own schema. Adding mails the invitation; a refusal (a taken
 * e-mail or code) opens the Error dialog and the form stays as typed.
 */
export function EmployeeFormDialog({ open, employee, onClose }: EmployeeFormDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const create = useCreateEmployee();
  const edit = useEditEmployee();
  const form = useForm({ resolver: zodResolver(employeeFormSchema), defaultValues: EMPTY });
  const pending = create.isPending || edit.isPending;

  useEffect(() => {
    if (open) form.reset(valuesOf(employee));
  }, [open, employee, form]);

  const close = () => {
    if (!pending) onClose();
  };
  const submit = form.handleSubmit((values) => {
    const done = { onSuccess: onClose };
    if (employee) edit.mutate({ employeeId: employee._id, updateData: values }, done);
    else create.mutate(values, done);
  });
  const { errors } = form.formState;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{employee ? m.editEmployee : m.addEmployee}</DialogTitle>
        <DialogContent>
          {!employee && <DialogContentText>{m.addHelp}</DialogContentText>}
          <FormTextField
            label={m.name}
            required
            autoFocus
            autoComplete="off"
            disabled={pending}
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
            inputProps={{ maxLength: TEXT_MAX_LENGTH }}
            {...muiField(form.register('name'))}
          />
          <FormTextField
            label={m.email}
            required
            type="email"
            autoComplete="off"
            disabled={pending}
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
            inputProps={{ maxLength: EMAIL_MAX_LENGTH }}
            {...muiField(form.register('email'))}
          />
          <FormTextField
            label={m.optional(m.mobile)}
            type="tel"
            autoComplete="off"
            disabled={pending}
            error={Boolean(errors.mobile)}
            helperText={errors.mobile?.message ?? webMessages.phoneHelp}
            inputProps={{ inputMode: 'numeric', maxLength: PHONE_DIGITS }}
            {...muiField(form.register('mobile'))}
          />
          <FormTextField
            label={m.optional(m.code)}
            autoComplete="off"
            disabled={pending}
            error={Boolean(errors.code)}
            helperText={errors.code?.message}
            inputProps={{ maxLength: CODE_MAX_LENGTH }}
            {...muiField(form.register('code'))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={pending}>
            {m.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={pending}>
            {employee ? m.save : m.add}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
