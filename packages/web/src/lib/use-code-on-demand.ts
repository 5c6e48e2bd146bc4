import { useCallback, useState, type ComponentType } from 'react';
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
