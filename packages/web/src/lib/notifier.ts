import { useSyncExternalStore } from 'react';

/**
 * The one place that feeds the Error dialog and the Success helper. It lives outside React so the
 * QueryClient's caches (which are not components) can report every failed call here.
 */
interface NotifierState {
  /** Errors waiting to be acknowledged, oldest first; the dialog shows the first. */
  errors: readonly { id: number; message: string }[];
  success: { id: number; message: string } | null;
}

let state: NotifierState = { errors: [], success: null };
let nextId = 1;
const listeners = new Set<() => void>();

function setState(next: NotifierState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens the Error dialog with the message (queued behind any dialog already open). */
export function showError(message: string): void {
  // The same text twice in a row (e.g. two queries failing on one outage) is one dialog.
  if (state.errors.at(-1)?.message === message) return;
  setState({ ...state, errors: [...state.errors, { id: nextId++, message }] });
}

/** Closes the Error dialog on screen (the Ok button). */
export function dismissError(): void {
  setState({ ...state, errors: state.errors.slice(1) });
}

/** Shows a success text (the Success helper). */
export function showSuccess(message: string): void {
  setState({ ...state, success: { id: nextId++, message } });
}

export function dismissSuccess(): void {
  setState({ ...state, success: null });
}

/** Test helper: forget everything shown so far. */
export function resetNotifier(): void {
  setState({ errors: [], success: null });
}

export function useNotifier(): NotifierState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
