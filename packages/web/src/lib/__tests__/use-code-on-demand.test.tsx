import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { loadOnce } from '../load-once';
import { resetNotifier, useNotifier } from '../notifier';
import { useCodeOnDemand } from '../use-code-on-demand';

afterEach(() => resetNotifier());

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('useCodeOnDemand', () => {
  it('has no component until asked, then the loaded one; the code is fetched once', async () => {
    const load = vi.fn(async () => Hello);
    const get = loadOnce(load);
    const { result } = renderHook(() => useCodeOnDemand(get));
    expect(result.current.Component).toBeNull();
    expect(load).not.toHaveBeenCalled();
    act(() => result.current.request());
    act(() => result.current.request());
    await waitFor(() => expect(result.current.Component).toBe(Hello));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows a failed load in the Error dialog and lets the caller undo what it opened', async () => {
    const get = loadOnce(async (): Promise<typeof Hello> => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const onFail = vi.fn();
    const { result } = renderHook(() => ({ code: useCodeOnDemand(get), notifier: useNotifier() }));
    act(() => result.current.code.request(onFail));
    await waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
    expect(result.current.code.Component).toBeNull();
    expect(result.current.notifier.errors.map((e) => e.message)).toHaveLength(1);
  });
});
