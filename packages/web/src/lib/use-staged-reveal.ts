import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a page's `total` parts to show: the first at once, then one more in each following
 * task, each added in a transition of its own once the previous one is on screen. A home's cards
 * are each a render, a commit (their DOM and styles) and effects (their data calls): made in one
 * go, they are one long task that blocks the phone's main thread for a few hundred milliseconds
 * (issue 25: total blocking time); made one by one, each is short and input is answered between
 * them. The parts come in the page's order, so nothing already shown moves. Pages use it through
 * components/staged-reveal.tsx, where a new stage does not render the parts already shown again.
 */
export function useStagedReveal(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setShown((n) => n + 1)));
    return () => window.clearTimeout(timer);
  }, [shown, total]);
  return Math.min(shown, total);
}
