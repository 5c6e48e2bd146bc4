import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from '../load-once';

describe('loadOnce', () => {
  it('starts the load once for every caller', async () => {
    const load = vi.fn(async () => 'code');
    const get = loadOnce(load);
    expect(await Promise.all([get(), get()])).toEqual(['code', 'code']);
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('code');
    const get = loadOnce(load);
    await expect(get()).rejects.toThrow('offline');
    expect(await get()).toBe('code');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
