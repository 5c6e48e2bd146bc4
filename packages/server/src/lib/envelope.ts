import { LRUCache } from 'lru-cache';
import type { Envelope } from '@palisade/domain/errors';
import { translateText } from '@palisade/domain/i18n/catalogue';

/** The content type of a reply sent as JSON text (okJson, okSharedJson). */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** A successful reply in the envelope {code: 200, message, data}. */
export function ok<T>(data: T, message?: string): Envelope<T> {
  return { code: 200, message: replyText(message), data };
}

/**
 * A success's text in the caller's language (issue 60): the protocol's "Success" as it is, any
 * other catalogue text made before the language was known translated.
 */
function replyText(message: string | undefined): string {
  return message === undefined ? 'Success' : translateText(message);
}

/**
 * The same envelope around data that is already JSON text (a cached reply): sent as it is, with
 * no parse or stringify of the data.
 */
export function okJson(dataJson: string, message?: string): string {
  return `{"code":200,"message":${JSON.stringify(replyText(message))},"data":${dataJson}}`;
}

/** Shared data texts from this length on have their envelope kept (okSharedJson). */
export const KEPT_ENVELOPE_MIN_CHARS = 64 * 1024;

/** What the kept envelopes may hold, their data texts counted too (UTF-16: 2 bytes a char). */
const KEPT_ENVELOPES_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Envelopes of large shared data texts, found by their data text: the organisation-wide reads
 * serve one cached text (~150 kB for a thousand contractors) to many requests, and a new envelope
 * around it for each cost ~1 ms, most of it making a string that large, again when it was hashed
 * for the compressed memo (plugins/compression.ts) and written. The same envelope each time costs
 * neither. A text found here is equal to the one asked for, so the envelope is the one it makes.
 */
const keptEnvelopes = new LRUCache<string, string>({
  maxSize: KEPT_ENVELOPES_MAX_BYTES,
  sizeCalculation: (envelope, data) => 2 * (envelope.length + data.length),
  dispose: (envelope) => keptTexts.delete(envelope),
});
/** The kept envelopes themselves, for isKeptEnvelope. */
const keptTexts = new Set<string>();

/**
 * True when the text is an envelope okSharedJson keeps: a reply that many requests are sent as it
 * is, whose compressed forms are worth keeping by the text itself (plugins/compression.ts).
 */
export function isKeptEnvelope(text: string): boolean {
  return keptTexts.has(text);
}

/**
 * okJson for a data text that a cache serves to many requests alike (an organisation's list or
 * ranking): a large one's envelope is the same string each time. Not for a text made for one
 * request (a contractor's own leaderboard), which would only push the shared ones out.
 */
export function okSharedJson(dataJson: string): string {
  if (dataJson.length < KEPT_ENVELOPE_MIN_CHARS) return okJson(dataJson);
  const kept = keptEnvelopes.get(dataJson);
  if (kept !== undefined) return kept;
  const envelope = okJson(dataJson);
  keptEnvelopes.set(dataJson, envelope);
  // One past the whole bound is not kept: not listed either.
  if (keptEnvelopes.has(dataJson)) keptTexts.add(envelope);
  return envelope;
}
