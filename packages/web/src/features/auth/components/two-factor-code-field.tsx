import type { Ref } from 'react';
import { FormTextField } from '../../../components/form-text-field';

/**
 * The field of a two-factor code: digits on a phone's keypad (a recovery code switches to text),
 * filled by the browser's one-time-code autofill.
 */
export function TwoFactorCodeField({
  value,
  onChange,
  label,
  error,
  recovery = false,
  inputRef,
  autoFocus = true,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error?: string;
  recovery?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}) {
  return (
    <FormTextField
      name={recovery ? 'recoveryCode' : 'code'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      inputRef={inputRef}
      label={label}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      error={error !== undefined}
      helperText={error}
      inputProps={
        recovery
          ? { autoCapitalize: 'characters', spellCheck: false, maxLength: 40 }
          : { inputMode: 'numeric', maxLength: 7 }
      }
    />
  );
}
