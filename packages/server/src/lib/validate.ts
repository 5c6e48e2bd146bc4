import type { z } from 'zod';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { unsafeTextPath } from '@palisade/domain/text/text-safety';

/**
 * Parses a request part with its domain schema; a failure is a 400 whose message names the
 * field and gives the schema's own text.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  // NUL and lone surrogates, in any string of any call, before the schema (text-safety.ts).
  const unsafe = unsafeTextPath(value);
  if (unsafe === '(depth)') throw new AppError('BAD_REQUEST', messages.http.tooDeep, { field: null });
  if (unsafe !== null) throw new AppError('BAD_REQUEST', messages.http.unsafeText(unsafe), { field: unsafe || null });
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const field = first && first.path.length > 0 ? first.path.join('.') : null;
  const raw = first ? first.message : 'Invalid input';
  // zod's own texts ("Invalid input: expected string…") do not say which field; ours do.
  const message = field && /^(Invalid|Too (big|small)|Unrecognized|Expected)/.test(raw) ? `${field}: ${raw}` : raw;
  throw new AppError('BAD_REQUEST', message, {
    field,
    issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}
