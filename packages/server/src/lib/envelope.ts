import type { Envelope } from '@palisade/domain/errors';

/** A successful reply in the envelope {code: 200, message, data}. */
export function ok<T>(data: T, message = 'Success'): Envelope<T> {
  return { code: 200, message, data };
}

/**
 * The same envelope around data that is already JSON text (a cached reply): sent as it is, with
 * no parse or stringify of the data.
 */
export function okJson(dataJson: string, message = 'Success'): string {
  return `{"code":200,"message":${JSON.stringify(message)},"data":${dataJson}}`;
}
