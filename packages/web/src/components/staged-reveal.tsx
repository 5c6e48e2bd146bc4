import { createContext, useContext, type ReactNode } from 'react';
import { useStagedReveal } from '../lib/use-staged-reveal';

/** How many parts are on screen; outside a StagedReveal, all of them. */
const ShownParts = createContext(Number.POSITIVE_INFINITY);

/**
 * Shows a page's `parts` one a task (useStagedReveal) without rendering again what is already on
 * screen: the count lives here, below the page, so a new stage re-renders only the `Stage`
 * wrappers, and each hands back the same card element as before, which React skips. With the
 * count in the page itself, stage n rendered the page and all n cards again (28 card renders for
 * the organisation's 7, its three charts among them: issue 25's blocking time).
 */
export function StagedReveal({ parts, children }: { parts: number; children: ReactNode }) {
  const shown = useStagedReveal(parts);
  return <ShownParts value={shown}>{children}</ShownParts>;
}

/** Part `step` (from 1) of the enclosing StagedReveal: its children once that part is shown. */
export function Stage({ step, children }: { step: number; children: ReactNode }) {
  return useContext(ShownParts) >= step ? children : null;
}
