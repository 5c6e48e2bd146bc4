import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { muiField } from '../../../lib/forms';

/** One text field of an account form. */
export interface AccountField<T extends FieldValues> {
  name: FieldPath<T>;
  label: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  /** Shown under the field while it has no error. */
  help?: string;
}

/** Phone fields take 10 digits (DECISIONS.md); the server adds the country code. */
const PHONE_INPUT = { inputMode: 'numeric', maxLength: 10 } as const;

/** The text fields of an add or edit form, each with its schema error under it. */
export function AccountFields<T extends FieldValues>({
  form,
  fields,
  disabled = false,
}: {
  /** The parts of useForm()'s result the fields need (whatever the resolver's output type). */
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;
  fields: readonly AccountField<T>[];
  disabled?: boolean;
}) {
  return fields.map((field) => {
    const error = form.getFieldState(field.name, form.formState).error;
    return (
      <FormTextField
        key={field.name}
        {...muiField(form.register(field.name))}
        label={field.label}
        type={field.type ?? 'text'}
        autoComplete={field.autoComplete ?? 'off'}
        inputProps={field.type === 'tel' ? PHONE_INPUT : undefined}
        required={field.required}
        disabled={disabled}
        error={error !== undefined}
        helperText={error?.message ?? field.help}
      />
    );
  });
}
