import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * register() for an MUI TextField: the ref must reach the <input> (inputRef), not the root
 * <div>, so react-hook-form can focus the first field in error.
 */
export function muiField<TName extends string>({ ref, ...rest }: UseFormRegisterReturn<TName>) {
  return { ...rest, inputRef: ref };
}
