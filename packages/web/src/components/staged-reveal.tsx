import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import Box from '@mui/material/Box';
import { useStagedReveal } from '../lib/use-staged-reveal';

/**
 * How far below the screen a part starts to be made: one that close is on screen before the user
 * has scrolled to it.
 */
const NEAR_MARGIN = '0px 0px 240px 0px';
/**
 * How long after the last part's turn the parts still out of view are made anyway, one a task:
 * a phone's first screen has then had its code, data and paint, and the rest of the page is there
 * for find-in-page, the keyboard and screen readers without a scroll.
 */
const SETTLE_MS = 2500;

interface Reveal {
  /** How many parts have had their turn. */
  shown: number;
  /** How many parts are made even out of view (the settle, after every turn). */
  settled: number;
}

/** Outside a StagedReveal, every part is shown at once. */
const RevealContext = createContext<Reveal>({
  shown: Number.POSITIVE_INFINITY,
  settled: Number.POSITIVE_INFINITY,
});

/** 0 until `start`, then after SETTLE_MS one more in each following task, up to `total`. */
function useSettle(start: boolean, total: number): number {
  const [settled, setSettled] = useState(0);
  useEffect(() => {
    if (!start || settled >= total) return;
    const timer = window.setTimeout(
      () => startTransition(() => setSettled((n) => n + 1)),
      settled === 0 ? SETTLE_MS : 0,
    );
    return () => window.clearTimeout(timer);
  }, [start, settled, total]);
  return settled;
}

/**
 * Shows a page's `parts` one a task (useStagedReveal) without rendering again what is already on
 * screen: the count lives here, below the page, so a new stage re-renders only the `Stage`
 * wrappers, and each hands back the same card element as before, which React skips. With the
 * count in the page itself, stage n rendered the page and all n cards again (28 card renders for
 * the organisation's 7, its three charts among them: issue 25's blocking time).
 *
 * A part whose turn comes while its place is below the screen waits there (an empty box of no
 * height, so nothing moves) until the user scrolls near it, or until the page has settled, then
 * one a task (issue 63: on a phone most of a home's cards are below the screen, and making them
 * with the first screen was most of its main-thread work).
 */
export function StagedReveal({ parts, children }: { parts: number; children: ReactNode }) {
  const shown = useStagedReveal(parts);
  const settled = useSettle(shown >= parts, parts);
  const reveal = useMemo(() => ({ shown, settled }), [shown, settled]);
  return <RevealContext value={reveal}>{children}</RevealContext>;
}

/** True once the element is within NEAR_MARGIN of the screen (at once without IntersectionObserver). */
function useNear(watch: boolean, eager: boolean): [boolean, (element: HTMLDivElement | null) => void] {
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  const element = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const target = element.current;
    if (near || !watch || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) startTransition(() => setNear(true));
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [near, watch]);
  return [near, (e) => void (element.current = e)];
}

/**
 * Part `step` (from 1) of the enclosing StagedReveal: its children once that part's turn has come
 * and it is near the screen (the first part always is) or the page has settled; until then, from
 * its turn, an empty box of no height where it will be, which the browser watches.
 */
export function Stage({ step, children }: { step: number; children: ReactNode }) {
  const { shown, settled } = useContext(RevealContext);
  const turn = shown >= step;
  const made = settled >= step;
  const [near, ref] = useNear(turn && !made, step === 1);
  if (!turn) return null;
  if (near || made) return children;
  return <Box ref={ref} aria-hidden />;
}
