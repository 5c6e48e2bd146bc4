import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { errorMessage } from './api-client';
import { showError } from './notifier';

export interface CodeOnDemand<P> {
  /** The component once its code has arrived; null before. */
  Component: ComponentType<P> | null;
  /**
   * Fetches the code (once; later calls share it) and keeps the component. A failure is shown in
   * the Error dialog and `onFail` runs, so the caller can undo what it opened.
   */
  request: (onFail?: () => void) => void;
}

/**
 * A component whose code is not part of the page's first load (issue 13): a modal and its form
 * library, fetched when the user reaches for what opens it. `load` must be stable (module level,
 * wrapped in loadOnce); call it on pointer-enter or focus as well to start early.
 */
export function useCodeOnDemand<P>(load: () => Promise<ComponentType<P>>): CodeOnDemand<P> {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const request = useCallback(
    (onFail?: () => void) => {
      load().then(
        (loaded) => setComponent(() => loaded),
        (error: unknown) => {
          onFail?.();
          showError(errorMessage(error));
        },
      );
    },
    [load],
  );
  return { Component, request };
}

/**
 * A component whose code loads once it is first needed (the app-wide Error dialog with the first
 * error, the Success snackbar with the first confirmation) and is kept from then on. `load` must be
 * stable (module level, wrapped in loadOnce); `onFail` runs when the load fails while needed.
 */
export function useCodeWhenNeeded(
  load: () => Promise<ComponentType>,
  needed: boolean,
  onFail: () => void,
): ComponentType | null {
  const [Component, setComponent] = useState<ComponentType | null>(null);
  const failed = useRef(onFail);
  useEffect(() => {
    failed.current = onFail;
  });
  useEffect(() => {
    if (Component || !needed) return;
    let live = true;
    load().then(
      (loaded) => {
        if (live) setComponent(() => loaded);
      },
      () => {
        if (live) failed.current();
      },
    );
    return () => {
      live = false;
    };
  }, [Component, needed, load]);
  return Component;
}
