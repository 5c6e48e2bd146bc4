import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Stage, StagedReveal } from '../staged-reveal';

/** Lets the timers and the transitions they start run to the end. */
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('StagedReveal', () => {
  it('adds one part a task and renders each part once: a new stage does not render the shown ones again', async () => {
    const renders: Record<string, number> = {};
    function Card({ name }: { name: string }) {
      renders[name] = (renders[name] ?? 0) + 1;
      return <li>{name}</li>;
    }
    const names = ['bands', 'esgo', 'performance', 'leaderboard'];
    render(
      <StagedReveal parts={names.length}>
        <ol>
          {names.map((name, i) => (
            <Stage key={name} step={i + 1}>
              <Card name={name} />
            </Stage>
          ))}
        </ol>
      </StagedReveal>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['bands']);
    for (let n = 2; n <= names.length; n += 1) {
      await nextTask();
      expect(screen.getAllByRole('listitem')).toHaveLength(n);
    }
    await nextTask();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(names);
    expect(renders).toEqual({ bands: 1, esgo: 1, performance: 1, leaderboard: 1 });
  });

  it('shows every part outside a StagedReveal', () => {
    render(
      <Stage step={3}>
        <p>third</p>
      </Stage>,
    );
    expect(screen.getByText('third').textContent).toBe('third');
  });

  describe('below the screen', () => {
    /** The observers made, with the elements each watches; jsdom has no IntersectionObserver. */
    const observers: { watched: Element[]; callback: IntersectionObserverCallback; options?: IntersectionObserverInit }[] = [];
    class FakeIntersectionObserver {
      private readonly entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { watched: [], callback, options };
        observers.push(this.entry);
      }
      observe(element: Element) {
        this.entry.watched.push(element);
      }
      disconnect() {
        this.entry.watched = [];
      }
    }
    /** Tells the observers watching `element` that it has come near the screen. */
    const scrollNear = (element: Element) =>
      act(async () => {
        for (const o of observers.filter((o) => o.watched.includes(element))) {
          const entry = { isIntersecting: true, target: element } as unknown as IntersectionObserverEntry;
          o.callback([entry], o as unknown as IntersectionObserver);
        }
      });

    afterEach(() => {
      vi.unstubAllGlobals();
      vi.useRealTimers();
      observers.length = 0;
    });

    function renderParts() {
      return render(
        <StagedReveal parts={3}>
          <Stage step={1}>
            <p>first</p>
          </Stage>
          <Stage step={2}>
            <p>second</p>
          </Stage>
          <Stage step={3}>
            <p>third</p>
          </Stage>
        </StagedReveal>,
      );
    }

    it('holds an empty box of no height for a part out of view, and makes it when the user scrolls near it', async () => {
      vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
      const { container } = renderParts();
      await nextTask();
      await nextTask();
      expect(screen.getByText('first')).toBeTruthy();
      expect(screen.queryByText('second')).toBeNull();
      expect(screen.queryByText('third')).toBeNull();
      const waiting = [...container.querySelectorAll('[aria-hidden="true"]')];
      expect(waiting).toHaveLength(2);
      expect(waiting.every((box) => box.childElementCount === 0 && box.textContent === '')).toBe(true);
      // Watched a little below the screen, so the part is made before it shows.
      expect(observers[0]?.options?.rootMargin).toMatch(/^0px 0px \d+px 0px$/);
      await scrollNear(waiting[1] as Element);
      expect(screen.getByText('third')).toBeTruthy();
      expect(screen.queryByText('second')).toBeNull();
      await scrollNear(waiting[0] as Element);
      expect(screen.getByText('second')).toBeTruthy();
    });

    it('makes the parts still out of view once the page has settled', async () => {
      vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
      vi.useFakeTimers();
      renderParts();
      /** Moves the clock in steps of 100 ms, so that each step's transition renders and commits. */
      const wait = async (ms: number) => {
        for (let t = 0; t < ms; t += 100) await act(() => vi.advanceTimersByTimeAsync(100));
      };
      await wait(2000);
      expect(screen.queryByText('second')).toBeNull();
      expect(screen.queryByText('third')).toBeNull();
      await wait(1500);
      expect(screen.getByText('second')).toBeTruthy();
      expect(screen.getByText('third')).toBeTruthy();
    });
  });
});
