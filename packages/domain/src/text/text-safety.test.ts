import { describe, expect, it } from 'vitest';
import { isSafeText, unsafeTextPath } from './text-safety';

describe('text safety', () => {
  it('refuses NUL and lone surrogates, keeps every real character', () => {
    expect(isSafeText('Zoë 文件 😀 e\u0301')).toBe(true);
    expect(isSafeText('a\u0000b')).toBe(false);
    expect(isSafeText('a\uD800')).toBe(false);
    expect(isSafeText('\uDC00a')).toBe(false);
    expect(isSafeText('\uD83D\uDE00')).toBe(true);
  });

  it('names the path of the first bad string or key', () => {
    expect(unsafeTextPath({ name: 'ok', updateData: { items: ['fine', 'bad\u0000'] } })).toBe('updateData.items.1');
    expect(unsafeTextPath({ ['k\u0000']: 1 })).toBe('k?');
    expect(unsafeTextPath('\uD800')).toBe('');
    expect(unsafeTextPath({ a: 1, b: [true, null], c: 'fine' })).toBeNull();
  });

  it('refuses nesting deeper than it walks', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    expect(unsafeTextPath(deep)).toBe('(depth)');
  });
});
