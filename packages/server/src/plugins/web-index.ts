import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { FIRST_PAINT_HEADING, FIRST_PAINT_START } from '@palisade/domain/first-paint';
import { messages } from '@palisade/domain/messages';
import { DEFAULT_LANGUAGE, isLanguage } from '@palisade/domain/i18n/catalogue';
import { homeRoute, isUserType, SHELL_PREFIX, shellOf, UserType, type Shell } from '@palisade/domain/user-types';

/** What the web build writes (packages/web/vite.config.ts, firstVisitPreloads): files by shell and by home. */
const preloadsFile = z.object({
  /** The sign-in form's files; absent in a build from before it left the entry. */
  signIn: z.array(z.string()).default([]),
  shells: z.record(z.string(), z.array(z.string())),
  homes: z.record(z.string(), z.array(z.string())),
});

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
export function firstVisitPages(webDist: string): (url: string, viewer: Viewer | null) => string | null {
  const listFile = path.join(webDist, 'first-visit-preloads.json');
  if (!fs.existsSync(listFile)) return () => null;
  const firstPaintFile = path.join(webDist, 'first-paint.html');
  const firstPaint = fs.existsSync(firstPaintFile) ? fs.readFileSync(firstPaintFile, 'utf8') : null;
  const startsAfterPaint = fs.existsSync(path.join(webDist, FIRST_PAINT_START.slice(1)));
  const list = preloadsFile.parse(JSON.parse(fs.readFileSync(listFile, 'utf8')));
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const page = (files: string[]): string => {
    // Only what index.html does not already load; a file named in it is left to it.
    const links = [...new Set(files)]
      .filter((file) => /^\/assets\/[\w.-]+\.js$/.test(file) && !index.includes(`"${file}"`))
      .map(preloadLink)
      .join('');
    // The session call (boot.tsx's fetchMe) leaves with the document, ahead of the code's many
    // files; fetch() takes this response instead of asking again (same URL, mode and credentials).
    const session = `    <link rel="preload" href="/api/auth/me" as="fetch" crossorigin>\n`;
    return index.replace('<head>', `<head>\n${session}`).replace('</head>', `${links}  </head>`);
  };
  const shells = (Object.keys(SHELL_PREFIX) as Shell[]).map((shell) => {
    const code = list.shells[shell] ?? [];
    return {
      shell,
      prefix: SHELL_PREFIX[shell].toLowerCase(),
      home: HOME_OF[shell].toLowerCase(),
      shellPage: page(code),
      homePage: page([...code, ...(list.homes[shell] ?? [])]),
    };
  });
  const signInPage = page(list.signIn);
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
  return (url, viewer) => {
    const at = normalPath(url);
    const viewerShell = viewer && isUserType(viewer.type) ? shellOf(viewer.type) : null;
    const own = viewerShell === null ? undefined : shells.find((s) => s.shell === viewerShell);
    if (at === '') return viewer && own ? paintedHome(own, viewer) : signInPage;
    const shell = shells.find((s) => at === s.prefix || at.startsWith(`${s.prefix}/`));
    if (!shell) return null;
    if (at !== shell.prefix && at !== shell.home) return shell.shellPage;
    return viewer && shell === own ? paintedHome(shell, viewer) : shell.homePage;
  };
}
