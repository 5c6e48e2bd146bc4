import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useHeldWhileClosing } from '../use-held-while-closing';

describe('useHeldWhileClosing', () => {
  it('follows the value, and keeps the last one while it is null', () => {
    const { result, rerender } = renderHook(
      ({ value }: { value: string | null }) => useHeldWhileClosing(value),
      {
        initialProps: { value: null as string | null },
      },
    );
    expect(result.current).toBeNull();
    rerender({ value: 'a.png' });
    expect(result.current).toBe('a.png');
    rerender({ value: null });
    expect(result.current).toBe('a.png');
    rerender({ value: 'b.pdf' });
    expect(result.current).toBe('b.pdf');
  });
});
