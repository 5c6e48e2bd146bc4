import { createContext, use, useEffect, useRef, useState } from 'react';
import type { Location } from 'react-router';

/** Whether a move from one address to the next must wait for the user's word. */
export type ShouldBlock = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

/** One screen's guard, as the router keeps it. */
export interface Guard {
  shouldBlock: ShouldBlock;
  /** The move was held: `proceed` carries it out. */
  hold: (proceed: () => void) => void;
}

/** What the router offers screens (app-router.tsx): guards it asks before every move. */
export interface LeaveGuards {
  /** Adds a guard; returns its removal. */
  add: (guard: Guard) => () => void;
}

export const LeaveGuardsContext = createContext<LeaveGuards | null>(null);

/** The shape of react-router's Blocker, which this replaces (it needs the data router). */
export type LeaveGuard =
  | { state: 'unblocked'; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

/**
 * A screen's guard on leaving it (the checklist while an answer is unsaved): a link, a redirect or
 * the browser's Back that `shouldBlock` stops waits, as `blocked`, until `proceed` (go on) or
 * `reset` (stay). Outside the app's router (a test's) nothing is held.
 */
export function useLeaveGuard(shouldBlock: ShouldBlock): LeaveGuard {
  const guards = use(LeaveGuardsContext);
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  const [held, setHeld] = useState<{ proceed: () => void } | null>(null);
  useEffect(
    () =>
      guards?.add({
        shouldBlock: (args) => latest.current(args),
        hold: (proceed) => setHeld({ proceed }),
      }),
    [guards],
  );
  if (!held) return { state: 'unblocked' };
  return {
    state: 'blocked',
    proceed: () => {
      setHeld(null);
      held.proceed();
    },
    reset: () => setHeld(null),
  };
}
