import type { Plugin } from 'vite';
import type { CSSProperties } from 'react';
import { FIRST_PAINT_HEADING, FIRST_PAINT_ID, FIRST_PAINT_START } from '@palisade/domain/first-paint';
import { PRODUCT_NAME, SIDE_PANEL_WIDTH } from '@palisade/domain/constants';
import { navMessages } from '@palisade/domain/messages/nav';
import { theme, TOP_BAR_HEIGHT } from '../src/theme/theme';

/** How long the entry waits for a paint in a browser that reports none (no paint timing). */
const FIRST_PAINT_WAIT_MS = 500;

/** MenuIcon's path (@mui/icons-material/Menu), drawn where the top bar's toggle will be. */
const MENU_ICON_PATH = 'M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z';

/** A style object (the theme's typography variants) as CSS declarations. */
function declarations(style: CSSProperties): string {
  return Object.entries(style)
    .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
    .map(([key, value]) => `${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}:${String(value)}`)
    .join(';');
}

/**
 * The first paint of a home (issue 25): the frame of the shell (top bar; side panel from md up)
 * and the page's breadcrumb and heading, drawn by the browser from the document itself, before any
 * JavaScript has arrived. The server puts it in the document of a signed-in user's home, with the
 * heading filled in (plugins/web-index.ts); the app takes it away once its own page is on screen
 * (lib/first-paint.ts). It sits over the app (under its dialogs), in the theme's colours, type and
 * sizes, where the app's own frame and heading will be.
 */
export function firstPaintFragment(): string {
  const { palette, typography, breakpoints, shadows, zIndex } = theme;
  const sm = breakpoints.up('sm');
  const md = breakpoints.up('md');
  const css = [
    `#${FIRST_PAINT_ID}{position:fixed;inset:0;z-index:${zIndex.modal - 1};overflow:hidden;background:${palette.background.default};color:${palette.text.primary};${declarations(typography.body1)}}`,
    `#${FIRST_PAINT_ID} .fp-bar{position:absolute;top:0;left:0;right:0;height:${TOP_BAR_HEIGHT}px;display:flex;align-items:center;gap:4px;padding:0 8px;background:${palette.primary.main};color:${palette.primary.contrastText};box-shadow:${shadows[1]}}`,
    `#${FIRST_PAINT_ID} .fp-bar svg{width:24px;height:24px;padding:8px;margin-left:-12px;fill:currentColor}`,
    `#${FIRST_PAINT_ID} .fp-logo{font-weight:700;font-size:1.25rem;letter-spacing:0.5px}`,
    `#${FIRST_PAINT_ID} .fp-side{display:none}`,
    `#${FIRST_PAINT_ID} .fp-page{padding:${theme.spacing(3, 2)};max-width:1280px;margin:0 auto}`,
    `#${FIRST_PAINT_ID} .fp-main{padding-top:${TOP_BAR_HEIGHT}px}`,
    `#${FIRST_PAINT_ID} .fp-crumb{margin:0 0 ${theme.spacing(1)};color:${palette.text.primary}}`,
    `#${FIRST_PAINT_ID} h1{margin:0 0 ${theme.spacing(3)};min-height:36.5px;display:flex;align-items:center;overflow-wrap:anywhere;${declarations(typography.h1)}}`,
    `${sm}{#${FIRST_PAINT_ID} .fp-bar{gap:12px;padding:0 16px}#${FIRST_PAINT_ID} .fp-page{padding:${theme.spacing(3)}}}`,
    `${md}{#${FIRST_PAINT_ID} .fp-side{display:block;position:absolute;top:${TOP_BAR_HEIGHT}px;bottom:0;left:0;width:${SIDE_PANEL_WIDTH}px;box-sizing:border-box;background:${palette.background.paper};border-right:1px solid ${palette.divider}}#${FIRST_PAINT_ID} .fp-main{margin-left:${SIDE_PANEL_WIDTH}px}}`,
  ].join('');
  const bar = `<div class="fp-bar"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="${MENU_ICON_PATH}"/></svg><span class="fp-logo">${PRODUCT_NAME}</span></div>`;
  const page = `<div class="fp-main"><div class="fp-page"><div class="fp-crumb">${navMessages.dashboard}</div><h1>${FIRST_PAINT_HEADING}</h1></div></div>`;
  return (
    `<style>${css}</style>` +
    // Without JavaScript nothing would take it away: the document's own message shows instead.
    `<noscript><style>#${FIRST_PAINT_ID}{display:none}</style></noscript>` +
    `<div id="${FIRST_PAINT_ID}" aria-hidden="true">${bar}<div class="fp-side"></div>${page}</div>`
  );
}

/**
 * The app's entry, started once the browser has drawn the first paint: served in place of the
 * entry's script tag in a document that carries it. Loaded at once, the code would often run
 * before the browser's first frame (its files arrive with the document, as modulepreload links),
 * and the first paint would then wait for it. Its files still download meanwhile.
 */
function startAfterFirstPaint(entry: string): string {
  return [
    'let started = false;',
    `const start = () => { if (!started) { started = true; import(${JSON.stringify(entry)}); } };`,
    // Once the browser reports the first paint on screen (a frame produced is not yet a frame
    // shown). A browser without paint timing starts after FIRST_PAINT_WAIT_MS; a hidden tab, which
    // draws nothing, at once, or when it is hidden before its first paint.
    "if (document.visibilityState === 'hidden') start();",
    'else {',
    '  try {',
    "    new PerformanceObserver((_, seen) => { seen.disconnect(); setTimeout(start); }).observe({ type: 'paint', buffered: true });",
    '  } catch {}',
    `  setTimeout(start, ${FIRST_PAINT_WAIT_MS});`,
    '}',
    "document.addEventListener('visibilitychange', start, { once: true });",
    '',
  ].join('\n');
}

/**
 * Writes first-paint.html, the fragment above, beside index.html, and first-paint-start.js, which
 * starts the entry after the first frame.
 */
export function firstPaint(): Plugin {
  return {
    name: 'palisade-first-paint',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((o) => o.type === 'chunk' && o.isEntry);
      if (!entry) this.error('first paint: the build has no entry');
      this.emitFile({ type: 'asset', fileName: 'first-paint.html', source: firstPaintFragment() });
      this.emitFile({ type: 'asset', fileName: FIRST_PAINT_START.slice(1), source: startAfterFirstPaint(`/${entry.fileName}`) });
    },
  };
}
