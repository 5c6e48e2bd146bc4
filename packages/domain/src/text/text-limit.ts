import { TEXT_COUNTER_FROM_SHARE } from '../constants';

/**
 * A text cut to a field's limit (issue 56: a paste longer than the limit was cut silently): the
 * first `max` characters (UTF-16 units, as the schemas count), never half of a character made of
 * two units, and whether anything was cut.
 */
export function cutToLimit(text: string, max: number): { text: string; cut: boolean } {
  if (text.length <= max) return { text, cut: false };
  const last = text.charCodeAt(max - 1);
  // A high surrogate at the end would be half an emoji: it goes too.
  const end = last >= 0xd800 && last <= 0xdbff ? max - 1 : max;
  return { text: text.slice(0, end), cut: true };
}

/** True when a field's count is shown: its text is near its limit (TEXT_COUNTER_FROM_SHARE). */
export function showsCounter(length: number, max: number): boolean {
  return length >= Math.ceil(max * TEXT_COUNTER_FROM_SHARE);
}
