import type { Envelope } from '@palisade/domain/errors';

/** A successful reply in the envelope {code: 200, message, data}. */
export function ok<T>(data: T, message = 'Success'): Envelope<T> {
  return { code: 200, message, data };
}
