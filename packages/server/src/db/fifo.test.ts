import { describe, expect, it } from 'vitest';
import { AppError } from '@palisade/domain/errors';
import { createFifo } from './fifo';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the database FIFO', () => {
  it('runs one piece of work at a time, in arrival order', async () => {
    const fifo = createFifo(5_000);
    const order: string[] = [];
    let running = 0;
    const job = (name: string, ms: number) =>
      fifo.run(async () => {
        running += 1;
        expect(running).toBe(1);
        order.push(`start ${name}`);
        await sleep(ms);
        order.push(`end ${name}`);
        running -= 1;
        return name;
      });
    expect(await Promise.all([job('a', 30), job('b', 5), job('c', 1)])).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('gives the event loop a turn between two pieces of work', async () => {
    const fifo = createFifo(5_000);
    const seen: string[] = [];
    const first = fifo.run(async () => {
      setImmediate(() => seen.push('other work'));
      seen.push('first');
    });
    const second = fifo.run(async () => {
      seen.push('second');
    });
    await Promise.all([first, second]);
    expect(seen).toEqual(['first', 'other work', 'second']);
  });

  it('refuses work that cannot start in time with 503 at its deadline, and the queue goes on', async () => {
    const fifo = createFifo(50);
    let slowEnded = false;
    const slow = fifo.run(() => sleep(300).then(() => ((slowEnded = true), 'slow')));
    const late = fifo.run(async () => 'never');
    await expect(late).rejects.toMatchObject({ status: 503, data: { retryAfterSeconds: 2 } });
    // At its deadline, not when slow ends (an order, not a wall-clock bound a loaded machine misses).
    expect(slowEnded).toBe(false);
    expect(await slow).toBe('slow');
    expect(await fifo.run(async () => 'after')).toBe('after');
  });

  it('refuses at once when too many wait', async () => {
    const fifo = createFifo(5_000, 2);
    const busy = fifo.run(() => sleep(50));
    // Until busy has its turn (a fixed sleep lost the race to busy's turn on a loaded machine, and
    // the second waiter below was the one refused).
    while (fifo.active() === 0) await new Promise((r) => setImmediate(r));
    expect(fifo.waiting()).toBe(0);
    const waiting = [fifo.run(async () => 1), fifo.run(async () => 2)];
    await expect(fifo.run(async () => 3)).rejects.toBeInstanceOf(AppError);
    await Promise.all([busy, ...waiting]);
  });

  it('a failing piece of work does not stop the queue', async () => {
    const fifo = createFifo(5_000);
    const failing = fifo.run(async () => {
      throw new Error('boom');
    });
    await expect(failing).rejects.toThrow('boom');
    expect(await fifo.run(async () => 'next')).toBe('next');
  });
});
