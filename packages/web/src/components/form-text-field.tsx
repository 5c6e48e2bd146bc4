import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface FormTextFieldProps extends Omit<
  OutlinedInputProps,
  'label' | 'notched' | 'margin'
> {
  label: string;
  helperText?: ReactNode;
  margin?: 'none' | 'dense' | 'normal';
}

/**
 * An outlined text field with a real <label for> and the helper text wired as its description:
 * what MUI's TextField renders, without TextField's `select` mode, which would pull Select, Menu
 * and Popover into every form (and the sign-in page). Use TextField itself for selects.
 */
export function FormTextField({
  label,
  helperText,
  error,
  required,
  disabled,
  margin = 'normal',
  fullWidth = true,
  id,
  sx,
  ...input
}: FormTextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const helperId = `${inputId}-helper-text`;
  return (
    <FormControl
      fullWidth={fullWidth}
      margin={margin}
      error={error}
      required={required}
      disabled={disabled}
      variant="outlined"
      sx={sx}
    >
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        id={inputId}
        label={label}
        aria-describedby={helperText ? helperId : undefined}
        {...input}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
