import { zodResolver as zodResolverOfLibrary } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { translateText } from '@palisade/domain/i18n/catalogue';

/**
 * The form's errors in the screens' language (issue 60): a schema's messages are made when its
 * module loads, in English; each is read again from the catalogue in the user's language.
 */
function localiseErrors(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  const proto: unknown = Object.getPrototypeOf(node);
  if (proto !== Object.prototype && !Array.isArray(node)) return;
  for (const [key, value] of Object.entries(node)) {
    // `ref` is the field's element: not an error.
    if (key === 'ref') continue;
    if (key === 'message' && typeof value === 'string') (node as Record<string, unknown>)[key] = translateText(value);
    else localiseErrors(value);
  }
}

/** @hookform/resolvers' zodResolver, with its errors in the screens' language. */
export const zodResolver = ((...args: Parameters<typeof zodResolverOfLibrary>) => {
  const resolve = zodResolverOfLibrary(...args) as Resolver<FieldValues>;
  const localised: Resolver<FieldValues> = async (values, context, options) => {
    const result = await resolve(values, context, options);
    localiseErrors(result.errors);
    return result;
  };
  return localised;
}) as unknown as typeof zodResolverOfLibrary;
