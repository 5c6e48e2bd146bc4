import { startTransition, useEffect, useState } from 'react';

/**
 * How many cards a list's first render makes: a 1280 px screen's first view holds four rows of
 * three, a phone's two or three cards.
 */
export const FIRST_ROWS = 12;

/**
 * How many of a list's `count` rows to render: the first `first` at once, then all of them from
 * the next task on, in a transition. A page of 50 response cards made in one go is a task of a
 * few hundred milliseconds on a phone, and the first card shows only after the last is made; made
 * this way, the first screen shows as soon as its own cards are made (issue 63: a move within
 * 300 ms), and the rest follow below it before the user can scroll, without moving what is shown.
 * Once every row has been rendered, later rows (Load more, new filters) come at once.
 */
export function useFirstRows(count: number, first = FIRST_ROWS): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || count <= first) return;
    const timer = window.setTimeout(() => startTransition(() => setAll(true)));
    return () => window.clearTimeout(timer);
  }, [all, count, first]);
  return all ? count : Math.min(count, first);
}
