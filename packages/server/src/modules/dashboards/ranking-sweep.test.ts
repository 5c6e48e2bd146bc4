import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { startRankingSweep, type RankingService } from './ranking.service';

/** A rankings service whose rebuilds the test finishes by hand, one at a time. */
function fakeRankings() {
  const listeners = new Set<() => void>();
  const pending: (() => void)[] = [];
  const rebuildDue = vi.fn(
    () =>
      new Promise<string[]>((resolve) => {
        pending.push(() => resolve(['org']));
      }),
  );
  const rankings = {
    rebuildDue,
    changed: () => {
      for (const l of listeners) l();
    },
    onChanged: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  } as unknown as RankingService;
  /** Ends the oldest rebuild under way and lets the sweep go on. */
  const finish = async () => {
    pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { rankings, rebuildDue, finish, listeners };
}

const log = { debug: vi.fn(), info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

describe('the ranking sweep', () => {
  it('rebuilds when a change of this instance nudges it, once more for nudges during a rebuild, and stops', async () => {
    const { rankings, rebuildDue, finish, listeners } = fakeRankings();
    const sweep = startRankingSweep({ rankings, intervalMs: 3_600_000, log });
    expect(rebuildDue).not.toHaveBeenCalled();
    rankings.changed();
    expect(rebuildDue).toHaveBeenCalledTimes(1);
    // Two nudges while it runs: one more rebuild after it, not two, never two at once.
    rankings.changed();
    rankings.changed();
    expect(rebuildDue).toHaveBeenCalledTimes(1);
    await finish();
    expect(rebuildDue).toHaveBeenCalledTimes(2);
    // stop() waits for the rebuild under way, and no nudge runs one after.
    let stopped = false;
    const stopping = sweep.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    await finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(listeners.size).toBe(0);
    rankings.changed();
    expect(rebuildDue).toHaveBeenCalledTimes(2);
  });
});
