import { describe, expect, it } from 'vitest';
import { KEPT_ENVELOPE_MIN_CHARS, ok, okJson, okSharedJson } from './envelope';

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
});
