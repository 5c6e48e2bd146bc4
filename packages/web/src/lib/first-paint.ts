import { FIRST_PAINT_ID, FIRST_PAINT_MAX_MS } from '@palisade/domain/first-paint';

/**
 * Takes away the first paint the server put in a home's document (issue 25): the frame and the
 * heading drawn before the code arrived. Called once a screen of the app is on screen in its
 * place (a page, the sign-in form, the error screen); and at the latest FIRST_PAINT_MAX_MS after
 * the code started, so that nothing can stay hidden under it.
 */
export function dismissFirstPaint(): void {
  document.getElementById(FIRST_PAINT_ID)?.remove();
}

/** True while the server's first paint is on screen. */
export function firstPaintShown(): boolean {
  return document.getElementById(FIRST_PAINT_ID) !== null;
}

/** Starts the latest moment (main.tsx). */
export function limitFirstPaint(): void {
  if (firstPaintShown()) window.setTimeout(dismissFirstPaint, FIRST_PAINT_MAX_MS);
}
