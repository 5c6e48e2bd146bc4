import { useCallback, useLayoutEffect, useMemo, useRef, useState, useTransition } from 'react';
import { flushSync } from 'react-dom';
import {
  NavigationType,
  Router,
  useRoutes,
  type UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  type Navigator,
  type RouteObject,
} from 'react-router';
import { LeaveGuardsContext, type Guard, type LeaveGuards } from '../lib/leave-guard';
import { NavigationPendingContext } from './route-page';

/** The history the router follows: the browser's in the app (a memory one in tests). */
export type RouterHistory = Pick<
  ReturnType<typeof createBrowserHistory>,
  | 'action'
  | 'location'
  | 'listen'
  | 'push'
  | 'replace'
  | 'go'
  | 'createHref'
  | 'createURL'
  | 'encodeLocation'
>;

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * The router, in react-router's declarative mode (issue 13: the data router's code is a sixth of
 * a home's JavaScript, and the app uses none of its loaders or actions). Each move renders in a
 * transition, so while the next screen's code loads the current one stays up and `pending` shows
 * the progress bar (app-shell.tsx); a move asked with { flushSync: true } (the observation range
 * while typing) applies at once instead, before the next key. A screen's leave guard
 * (lib/leave-guard.ts) is asked before every move, the browser's Back and Forward included.
 */
export function AppRouter({ history, routes }: { history: RouterHistory; routes: RouteObject[] }) {
  const [pending, startTransition] = useTransition();
  const [view, setView] = useState({ action: history.action, location: history.location });
  const flushNext = useRef(false);
  const guards = useRef(new Set<Guard>());
  const leaveGuards = useMemo<LeaveGuards>(
    () => ({
      add: (guard) => {
        guards.current.add(guard);
        return () => guards.current.delete(guard);
      },
    }),
    [],
  );
  /** The guard that holds a move from one address to the next, if one does. */
  const holder = useCallback(
    (currentLocation: Location, nextLocation: Location) =>
      [...guards.current].find((g) => g.shouldBlock({ currentLocation, nextLocation })),
    [],
  );
  const navigator = useMemo<Navigator>(() => {
    const move =
      (how: 'push' | 'replace'): Navigator['push'] =>
      (to, state, options) => {
        const go = () => {
          flushNext.current = options?.flushSync === true;
          history[how](to, state);
        };
        const next: Location = { ...history.encodeLocation(to), state: state as unknown, key: '' };
        const guard = holder(history.location, next);
        if (guard) guard.hold(go);
        else go();
      };
    return {
      createHref: (to) => history.createHref(to),
      createURL: (to) => history.createURL(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: move('push'),
      replace: move('replace'),
    };
  }, [history, holder]);
  useLayoutEffect(() => {
    let shown = history.location;
    // The browser's Back and Forward have moved the address already: a held one is moved back
    // (that move is not a move of the user's), and goes again, unasked, if they agree.
    let restoring = false;
    let agreed = false;
    return history.listen(({ action, location, delta }) => {
      if (action === NavigationType.Pop) {
        if (restoring) {
          restoring = false;
          return;
        }
        const guard = agreed || !delta ? undefined : holder(shown, location);
        agreed = false;
        if (guard && delta) {
          restoring = true;
          history.go(-delta);
          guard.hold(() => {
            agreed = true;
            history.go(delta);
          });
          return;
        }
      }
      shown = location;
      const next = { action, location };
      if (flushNext.current) {
        flushNext.current = false;
        flushSync(() => setView(next));
      } else startTransition(() => setView(next));
    });
  }, [history, holder]);
  return (
    <NavigationPendingContext value={pending}>
      <LeaveGuardsContext value={leaveGuards}>
        <Router location={view.location} navigationType={view.action} navigator={navigator}>
          <RouteTree routes={routes} />
        </Router>
      </LeaveGuardsContext>
    </NavigationPendingContext>
  );
}
