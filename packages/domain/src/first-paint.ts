/**
 * The first paint of a home (issue 25): a fragment the web build writes (first-paint.html) and the
 * server puts in a signed-in user's home document, so the frame and the page's heading show before
 * any JavaScript has arrived; the app removes it once its own page is on screen.
 */

/** The id of the fragment's element, which the app removes. */
export const FIRST_PAINT_ID = 'first-paint';

/** Where the server writes the heading (the page's h1) into the fragment. */
export const FIRST_PAINT_HEADING = '<!--first-paint-heading-->';

/** The script that starts the app's entry once the first paint is drawn (the web build writes it). */
export const FIRST_PAINT_START = '/first-paint-start.js';

/** The longest the fragment may stay when nothing has taken it away (a page that never came). */
export const FIRST_PAINT_MAX_MS = 15_000;

/**
 * The style element of a page's first styles (issue 63): the Emotion rules its first screen makes,
 * which the server puts in the document, and the ids they stand for (its data-ids, space
 * separated), which the app's style cache (web lib/style-cache.ts) counts as inserted.
 */
export const FIRST_STYLES_ID = 'first-styles';
