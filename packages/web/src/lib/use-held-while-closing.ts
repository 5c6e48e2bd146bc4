import { useState } from 'react';

/**
 * The last non-null value while `value` is null: what a dialog shows while its closing transition
 * runs. A dialog whose title comes from a value that is cleared on close would otherwise lose its
 * name and content for that moment (an unnamed dialog to assistive technology, a blank box seen).
 */
export function useHeldWhileClosing<T>(value: T | null): T | null {
  const [held, setHeld] = useState<T | null>(value);
  // Derived state, set while rendering (React's pattern for it): no extra render of stale content.
  if (value !== null && value !== held) setHeld(value);
  return value ?? held;
}
