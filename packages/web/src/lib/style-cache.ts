import createCache, { type EmotionCache } from '@emotion/cache';
import { FIRST_STYLES_ID } from '@palisade/domain/first-paint';

/**
 * The app's Emotion cache (issue 63). The server puts the rules a page's first screen makes in
 * its document (server plugins/web-index.ts, from web first-styles.json), with their ids; this
 * cache counts those ids as inserted, so the first render does not compile and insert each of
 * them again (a home's first render spent ~50 ms there, and each insert made the browser match the
 * page's styles again). Any other style is made and inserted as usual, after them in the head.
 */
export function createStyleCache(doc: Document = document): EmotionCache {
  const cache = createCache({ key: 'css' });
  const ids = doc.getElementById(FIRST_STYLES_ID)?.dataset.ids ?? '';
  for (const id of ids.split(' ')) if (id !== '') cache.inserted[id] = true;
  return cache;
}

let shared: EmotionCache | undefined;
/** The one cache of the page, made when first asked for (after the document has been parsed). */
export function styleCache(): EmotionCache {
  return (shared ??= createStyleCache());
}
