/** A byte range of a file: start to end, both inclusive. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header (RFC 9110 §14) for a file of `size` bytes: one range `bytes=a-b`, `bytes=a-`
 * or `bytes=-n`. Null when there is none or it is not one such range (the whole file is sent);
 * 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, a = '', b = ''] = match;
  if (a === '' && b === '') return null;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
