import { useDeferredValue } from 'react';

/**
 * A query's result as a card renders it (issue 63: the homes' main-thread work). A reply arriving
 * re-renders its card through the query library's store, and React makes a store's update at
 * once, in one task, however large the card's new content (a table, a chart, a list of cards).
 * Through this, that urgent render keeps the result the card had (its skeleton: a few elements),
 * and the reply's content follows in a deferred render, which React makes in slices of a few
 * milliseconds with the browser free between them; only its commit is one task. Where the result
 * has not changed, or the render is already a transition, the value is the same at once.
 */
export function useDeferredReply<T>(result: T): T {
  return useDeferredValue(result);
}
