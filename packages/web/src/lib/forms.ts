import type { FieldValues, Resolver, UseFormRegisterReturn } from 'react-hook-form';

/**
 * register() for an MUI TextField: the ref must reach the <input> (inputRef), not the root
 * <div>, so react-hook-form can focus the first field in error.
 */
export function muiField<TName extends string>({ ref, ...rest }: UseFormRegisterReturn<TName>) {
  return { ...rest, inputRef: ref };
}

/**
 * A resolver whose real one (zod and the schema) loads on first validation: the sign-in page is
 * the first screen of every visit, and zod is a fifth of its weight. The load starts at once in
 * the background (`preload`), so the first submit rarely waits for it.
 */
export function lazyResolver<TValues extends FieldValues, TContext, TOutput>(
  load: () => Promise<Resolver<TValues, TContext, TOutput>>,
): Resolver<TValues, TContext, TOutput> {
  let loading: Promise<Resolver<TValues, TContext, TOutput>> | null = null;
  const get = () => (loading ??= load());
  void get().catch(() => {
    // A failed preload is retried on submit, where the error reaches the form.
    loading = null;
  });
  return async (values, context, options) => (await get())(values, context, options);
}
