import { afterEach, describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { CacheProvider } from '@emotion/react';
import Box from '@mui/material/Box';
import { FIRST_STYLES_ID } from '@palisade/domain/first-paint';
import { createStyleCache } from '../style-cache';

/** Issue 63: the styles a page's document brought are not made again; any other style is. */
describe('the style cache', () => {
  afterEach(() => {
    document.getElementById(FIRST_STYLES_ID)?.remove();
  });

  /** The rules a cache's own sheet holds (its elements' text, or their CSSOM rules when inserted fast). */
  const rulesOf = (cache: ReturnType<typeof createStyleCache>) =>
    cache.sheet.tags.flatMap((tag) => (tag.sheet && tag.sheet.cssRules.length > 0 ? [...tag.sheet.cssRules].map((r) => r.cssText) : [tag.textContent ?? '']));

  /** The Emotion id of the Box's class (css-<id>) after rendering it with `cache`. */
  const renderBox = (cache: ReturnType<typeof createStyleCache>) => {
    const { container, unmount } = render(
      <CacheProvider value={cache}>
        <Box data-testid="box" sx={{ color: 'rgb(1, 2, 3)', marginTop: '7px' }} />
      </CacheProvider>,
    );
    const id = [...(container.firstElementChild?.classList ?? [])].find((name) => name.startsWith('css-'))?.slice(4);
    unmount();
    return id;
  };

  it('makes and inserts a style the document did not bring', () => {
    const cache = createStyleCache();
    const id = renderBox(cache);
    expect(id).toBeTruthy();
    expect(cache.inserted[id as string]).toBe(true);
    expect(rulesOf(cache).join('')).toContain('rgb(1, 2, 3)');
  });

  it('counts the ids named in the first styles element as inserted, and inserts nothing for them', () => {
    const id = renderBox(createStyleCache());
    const element = document.createElement('style');
    element.id = FIRST_STYLES_ID;
    element.dataset.ids = `other1 ${id} animation-x1`;
    document.head.append(element);

    const cache = createStyleCache();
    expect(cache.inserted).toMatchObject({ other1: true, [id as string]: true, 'animation-x1': true });
    expect(renderBox(cache)).toBe(id);
    expect(rulesOf(cache).join('')).not.toContain('rgb(1, 2, 3)');
  });

  it('takes a document without the element, or with no ids, as bringing nothing', () => {
    expect(Object.keys(createStyleCache().inserted)).toEqual([]);
    const element = document.createElement('style');
    element.id = FIRST_STYLES_ID;
    document.head.append(element);
    expect(Object.keys(createStyleCache().inserted)).toEqual([]);
  });
});
