import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';
import { FIRST_PAINT_HEADING, FIRST_PAINT_START, FIRST_STYLES_ID } from '@palisade/domain/first-paint';
import { firstStylesSchema, type PageStyles } from '@palisade/domain/first-styles.schema';
import { messages } from '@palisade/domain/messages';
import { DEFAULT_LANGUAGE, isLanguage } from '@palisade/domain/i18n/catalogue';
import { exactCopy } from '../lib/brotli-text';
import { homeRoute, isUserType, SHELL_PREFIX, shellOf, UserType, type Shell } from '@palisade/domain/user-types';

/** What the web build writes (packages/web/vite.config.ts, firstVisitPreloads): files by shell and by home. */
const preloadsFile = z.object({
  /** The sign-in form's files; absent in a build from before it left the entry. */
  signIn: z.array(z.string()).default([]),
  shells: z.record(z.string(), z.array(z.string())),
  homes: z.record(z.string(), z.array(z.string())),
});

/**
 * The page's first styles (issue 63), in the document: the browser parses them once, with the
 * page, and the app's Emotion cache (web lib/style-cache.ts) counts the ids in data-ids as
 * inserted, so that its first render neither compiles nor inserts those rules one by one (each
 * insert also made the browser match the whole page's styles again). Not as Emotion's own
 * server-rendered elements (data-emotion): its cache moves those within the head, and the browser
 * then parses their rules again. An id missing here (a style the capture did not see, a changed
 * theme) is inserted as before.
 */
function styleElement(styles: PageStyles | undefined): string {
  if (!styles || styles.ids.length === 0) return '';
  return `    <style id="${FIRST_STYLES_ID}" data-ids="${styles.ids.join(' ')}">${styles.rules.join('')}</style>\n`;
}

const HOME_OF: Record<Shell, string> = {
  sapphire: homeRoute(UserType.ORGANISATION),
  contractor: homeRoute(UserType.CONTRACTOR),
  auditor: homeRoute(UserType.AUDITOR),
};

/** Who asks for the document: the session's user, when the request carries a live one. */
export interface Viewer {
  /** The user's type (a UserType; any other number has no shell). */
  type: number;
  name: string;
  /** The user's language (issue 60), when chosen. */
  language?: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A modulepreload link as the pages carry it, one a line. */
const preloadLink = (file: string) => `    <link rel="modulepreload" crossorigin href="${file}">\n`;
const PRELOAD_LINK = /<link rel="modulepreload" crossorigin href="[^"]+">/g;
/** index.html's entry: its script tag, with the file as the first group. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/** A first visit's document. */
export interface FirstVisitPage {
  html: string;
  /** The same document for every viewer (one page of a few), which is worth keeping compressed. */
  shared: boolean;
}

/** The path without query, trailing slash or case (the app's routes ignore case). */
function normalPath(url: string): string {
  return (url.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '').toLowerCase();
}

/**
 * The app page for a deep link (issue 19): index.html that asks for the session first and names
 * the code the address needs beyond the sign-in page's (the router and the shell; on a home, the
 * home page) as modulepreload links, so the browser fetches them with the first document instead
 * of one after another once the entry has run; and the sign-in page (/) likewise, with its form's
 * code (issue 13: not in the entry that every deep link loads). Returns null where index.html is
 * right as it is (public pages, or a build without the preload list).
 * The pages are put together once, at start.
 */
export function firstVisitPages(webDist: string): (url: string, viewer: Viewer | null) => FirstVisitPage | null {
  const listFile = path.join(webDist, 'first-visit-preloads.json');
  if (!fs.existsSync(listFile)) return () => null;
  const firstPaintFile = path.join(webDist, 'first-paint.html');
  const firstPaint = fs.existsSync(firstPaintFile) ? fs.readFileSync(firstPaintFile, 'utf8') : null;
  const startsAfterPaint = fs.existsSync(path.join(webDist, FIRST_PAINT_START.slice(1)));
  const list = preloadsFile.parse(JSON.parse(fs.readFileSync(listFile, 'utf8')));
  const stylesFile = path.join(webDist, 'first-styles.json');
  const styles = fs.existsSync(stylesFile)
    ? firstStylesSchema.parse(JSON.parse(fs.readFileSync(stylesFile, 'utf8')))
    : firstStylesSchema.parse({});
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const page = (files: string[], firstStyles: PageStyles | undefined): string => {
    // Only what index.html does not already load; a file named in it is left to it.
    const links = [...new Set(files)]
      .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file) && !index.includes(`"${file}"`))
      .map(preloadLink)
      .join('');
    // The session call (boot.tsx's fetchMe) leaves with the document, ahead of the code's many
    // files; fetch() takes this response instead of asking again (same URL, mode and credentials).
    const session = `    <link rel="preload" href="/api/auth/me" as="fetch" crossorigin>\n`;
    return index
      .replace('<head>', `<head>\n${session}`)
      .replace('</head>', () => `${links}${styleElement(firstStyles)}  </head>`);
  };
  const shells = (Object.keys(SHELL_PREFIX) as Shell[]).map((shell) => {
    const code = list.shells[shell] ?? [];
    return {
      shell,
      prefix: SHELL_PREFIX[shell].toLowerCase(),
      home: HOME_OF[shell].toLowerCase(),
      shellPage: page(code, styles.shells[shell]),
      homePage: page([...code, ...(list.homes[shell] ?? [])], styles.shells[shell]),
    };
  });
  const signInPage = page(list.signIn, styles.signIn);
  /**
   * A signed-in user's home (or /, which leads there) with its first paint (issue 25): the frame
   * and the home's heading drawn from the document, before the code has arrived.
   */
  const paintedHome = (shell: (typeof shells)[number], viewer: Viewer): string => {
    // The fragment's frame is the build's English: another language's user gets the page in its
    // own language from the app instead (issue 60), the document named in it.
    if (viewer.language && viewer.language !== DEFAULT_LANGUAGE && isLanguage(viewer.language)) {
      return shell.homePage.replace(/<html lang="[^"]*"/, `<html lang="${viewer.language}"`);
    }
    if (firstPaint === null) return shell.homePage;
    const fragment = firstPaint.replace(FIRST_PAINT_HEADING, () => escapeHtml(messages.web.welcome(viewer.name)));
    const page = shell.homePage.replace(/<body>/, () => `<body>\n    ${fragment}`);
    if (!startsAfterPaint) return page;
    // The entry starts once the first paint is drawn. Its files still download with the
    // document, at low priority: nothing of the first paint waits for them, and fetched at the
    // scripts' usual high priority they compete with it (Lighthouse then counts ~300 kB of code
    // on a slow phone's network into the first paint). The entry's own link is among them.
    return page
      .replace(ENTRY_SCRIPT, (tag, entry: string) => `${tag.replace(entry, FIRST_PAINT_START)}\n${preloadLink(entry).trimEnd()}`)
      .replace(PRELOAD_LINK, (link) => link.replace('crossorigin href=', 'crossorigin fetchpriority="low" href='));
  };
  const shared = (html: string): FirstVisitPage => ({ html, shared: true });
  const own = (html: string): FirstVisitPage => ({ html, shared: false });
  return (url, viewer) => {
    const at = normalPath(url);
    const viewerShell = viewer && isUserType(viewer.type) ? shellOf(viewer.type) : null;
    const ownShell = viewerShell === null ? undefined : shells.find((s) => s.shell === viewerShell);
    if (at === '') return viewer && ownShell ? own(paintedHome(ownShell, viewer)) : shared(signInPage);
    const shell = shells.find((s) => at === s.prefix || at.startsWith(`${s.prefix}/`));
    if (!shell) return null;
    if (at !== shell.prefix && at !== shell.home) return shared(shell.shellPage);
    return viewer && shell === ownShell ? own(paintedHome(shell, viewer)) : shared(shell.homePage);
  };
}

/** Brotli for a document made for one viewer: ~1 ms for a home's 140 kB, within ~10 % of quality 11. */
const DOCUMENT_BROTLI: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
};
/** Brotli for a shared document, made once (~12 ms). */
const SHARED_DOCUMENT_BROTLI: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 9 },
};

/**
 * First-visit documents in the encoding the browser takes: with their first styles a home's is
 * ~140 kB of text, ~7 kB in Brotli. (@fastify/compress does not reach the not-found handler that
 * sends them.) A shared page is compressed once and kept (there are a few of them); a page made for
 * one viewer is compressed as it is sent.
 */
export function createDocumentEncoder() {
  const kept = new Map<string, Partial<Record<DocumentEncoding, Buffer>>>();
  const encode = (html: string, encoding: DocumentEncoding, shared: boolean): Buffer =>
    encoding === 'br'
      ? zlib.brotliCompressSync(html, shared ? SHARED_DOCUMENT_BROTLI : DOCUMENT_BROTLI)
      : zlib.gzipSync(html, { level: shared ? 9 : 6 });
  return (page: FirstVisitPage, encoding: DocumentEncoding): Buffer => {
    if (!page.shared) return encode(page.html, encoding, false);
    const forms = kept.get(page.html) ?? {};
    const hit = forms[encoding];
    if (hit) return hit;
    const out = exactCopy(encode(page.html, encoding, true));
    kept.set(page.html, { ...forms, [encoding]: out });
    return out;
  };
}
export type DocumentEncoding = 'br' | 'gzip';
