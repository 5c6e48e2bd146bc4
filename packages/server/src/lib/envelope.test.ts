import { describe, expect, it } from 'vitest';
import { isKeptEnvelope, KEPT_ENVELOPE_MIN_CHARS, ok, okJson, okSharedJson } from './envelope';

/** JSON text of an array with `n` rows, of about 40 characters each. */
const rowsJson = (n: number, tag: string) =>
  JSON.stringify(Array.from({ length: n }, (_, i) => ({ tag, i, name: `Contractor ${i}` })));

describe('okJson and okSharedJson', () => {
  it('is the envelope ok() makes, around small and large texts, with any message', () => {
    for (const data of [rowsJson(3, 'small'), rowsJson(4000, 'large')]) {
      expect(JSON.parse(okJson(data))).toEqual(ok(JSON.parse(data)));
      expect(JSON.parse(okJson(data, 'Saved "it"'))).toEqual(ok(JSON.parse(data), 'Saved "it"'));
      expect(JSON.parse(okSharedJson(data))).toEqual(ok(JSON.parse(data)));
    }
  });

  it('gives each large text its own envelope, after another of the same length was kept', () => {
    const data = rowsJson(4000, 'kept');
    expect(data.length).toBeGreaterThanOrEqual(KEPT_ENVELOPE_MIN_CHARS);
    expect(JSON.parse(okSharedJson(data))).toEqual(ok(JSON.parse(data)));
    // An equal text built apart, then one that differs in a single row but has the same length.
    const again = rowsJson(4000, 'kept');
    expect(JSON.parse(okSharedJson(again))).toEqual(ok(JSON.parse(data)));
    const other = data.replace('"i":7,', '"i":8,');
    expect(other.length).toBe(data.length);
    expect(JSON.parse(okSharedJson(other))).toEqual(ok(JSON.parse(other)));
    expect(JSON.parse(okSharedJson(data))).toEqual(ok(JSON.parse(data)));
  });

  it('lists the envelopes it keeps (isKeptEnvelope), and only those: not a small text, not one past its bound, not one it let go', () => {
    const large = rowsJson(4000, 'listed');
    expect(isKeptEnvelope(okSharedJson(large))).toBe(true);
    const small = rowsJson(3, 'listed');
    expect(isKeptEnvelope(okSharedJson(small))).toBe(false);
    // 8 MB in all (UTF-16): data and envelope of 2.1 million characters each are past it.
    const huge = `"${'x'.repeat(2_100_000)}"`;
    expect(isKeptEnvelope(okSharedJson(huge))).toBe(false);
    // Enough others to push the first out of the bound: it is not listed any more.
    for (let i = 0; i < 40; i += 1) okSharedJson(rowsJson(4000, `push ${i}`));
    expect(isKeptEnvelope(okJson(large))).toBe(false);
  });
});
