/**
 * Text no field of the portal may hold (#17): NUL, which PostgreSQL refuses in text, and lone
 * UTF-16 surrogates, which no UTF-8 encoder can write. Checked once for every request part before
 * its schema (the server's validate), so every string field of every call is covered.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isSafeText(value: string): boolean {
  return !BAD_TEXT.test(value);
}

/** Deepest nesting walked; anything deeper is refused as a whole. */
const MAX_DEPTH = 64;

/**
 * The path (`a.b.0.c`) of the first string, or object key, with a NUL or a lone surrogate in
 * `value`; null when there is none. '' for the value itself; `(depth)` when it nests too deep.
 */
export function unsafeTextPath(value: unknown, path: (string | number)[] = []): string | null {
  if (path.length > MAX_DEPTH) return '(depth)';
  if (typeof value === 'string') return isSafeText(value) ? null : path.join('.');
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = unsafeTextPath(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isSafeText(key)) return [...path, key.replace(BAD_TEXT, '?')].join('.');
      const found = unsafeTextPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
