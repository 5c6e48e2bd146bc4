import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Cookie } from '@playwright/test';
import { serverUrl, test } from '../support/fixtures';
import { FIRST_VISIT_HOMES, sessionCookies } from '../support/first-visit-homes';

/**
 * Issue 63, the homes' main-thread work: the styles Emotion makes on the sign-in page and on each
 * shell's home come with the document (packages/web/first-styles.json, put in the page by the
 * server), so the first render neither compiles nor inserts them. This scenario visits each page
 * as a new visitor does (empty cache; a phone's and a desktop's width) and records every rule the
 * app still inserts at run time.
 * - By default it checks the file: at least MIN_COVERED of the styles each page makes came with
 *   its document. A change of the pages' styles that leaves the file behind fails here, with the
 *   command that captures it again.
 * - With UPDATE_FIRST_STYLES=1 (`npm run styles:capture`) it hides the document's styles from the
 *   app, so that it makes all of them, and writes what it made to the file.
 */

const FIRST_STYLES_FILE = path.resolve(import.meta.dirname, '../../packages/web/first-styles.json');
const UPDATE = process.env.UPDATE_FIRST_STYLES === '1';
/**
 * Of the styles a page makes on a first visit, the share that must have come with its document.
 * Not all: some styles follow the data (a status chip's colour), and the data of a worker's server
 * has moved on from the demo's by the time this runs (a CI run saw 9 of a contractor home's 92
 * made at run time). A stale file (a theme or a library changed) brings next to none.
 */
const MIN_COVERED = 0.75;
/** After the home's data: its cards below the screen are made within ~2.5 s (staged-reveal.tsx). */
const SETTLE_MS = 4000;
const WIDTHS = [390, 1280] as const;

/**
 * Each page, and for a shell the menu's Assessment page after it: the move a user makes most (the
 * first-visit scenario times it), whose styles then need not be made either.
 */
const PAGES = [
  { kind: 'signIn', email: null, path: '/', ready: 'input[type="email"], input[name="email"]', next: null },
  ...FIRST_VISIT_HOMES.map((home) => ({ kind: home.shell, email: home.email, path: home.path, ready: home.data, next: home.list })),
] as const;
type Kind = (typeof PAGES)[number]['kind'];

interface Inserted {
  /** Every rule inserted into Emotion's own sheets (not its global ones), in order. */
  rules: string[];
}
declare global {
  interface Window {
    __firstStyles?: Inserted;
  }
}

/** The id Emotion keeps a rule under: a class's (after `css-`) or a keyframes' name. */
function idOf(rule: string): string | null {
  return (/@keyframes (animation-[\w-]+)/.exec(rule) ?? /\.css-([\w-]+)/.exec(rule))?.[1] ?? null;
}

interface Visit {
  /** Rules the app inserted at run time. */
  rules: string[];
  /** The Emotion ids of the classes on the page's elements at the end (an empty style's `0` too). */
  shown: string[];
  /** The ids the document's style element named. */
  shipped: string[];
}

async function visit(browser: Browser, page: (typeof PAGES)[number], width: number, cookies: Cookie[]): Promise<Visit> {
  // As a visitor's browser: an empty cache, and motion as most systems leave it.
  const context = await browser.newContext({ baseURL: serverUrl(), viewport: { width, height: 900 }, reducedMotion: 'no-preference' });
  await context.addCookies(cookies);
  await context.addInitScript((hide: boolean) => {
    const inserted: Inserted = { rules: [] };
    window.__firstStyles = inserted;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the sheet as `this`
    const insertRule = CSSStyleSheet.prototype.insertRule;
    CSSStyleSheet.prototype.insertRule = function (this: CSSStyleSheet, rule: string, index?: number) {
      const owner = this.ownerNode;
      if (owner instanceof HTMLStyleElement && owner.dataset.emotion === 'css') inserted.rules.push(rule);
      return insertRule.call(this, rule, index);
    };
    if (!hide) return;
    // Before the app's scripts (modules run after the document is parsed): the app's style cache
    // then finds no styles of the document's to count as made, and makes every one itself.
    new MutationObserver((_, observer) => {
      document.getElementById('first-styles')?.remove();
      if (document.readyState !== 'loading') observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, UPDATE);
  const tab = await context.newPage();
  const served = await tab.request.get(page.path);
  const shipped = /<style id="first-styles" data-ids="([^"]*)"/.exec(await served.text())?.[1]?.split(' ') ?? [];
  await tab.goto(page.path);
  await expect(tab.locator(page.ready).first()).toBeVisible();
  await tab.waitForTimeout(SETTLE_MS);
  if (page.next) {
    // Through the menu, as a user goes (a phone's is behind the top bar's button).
    const menu = tab.getByRole('navigation', { name: 'Main navigation' });
    if (!(await menu.isVisible())) await tab.getByRole('button', { name: 'Toggle menu' }).click();
    await menu.getByRole('link', { name: 'Assessment', exact: true }).click();
    await expect(tab).toHaveURL(page.next.path);
    await expect(tab.locator(page.next.data).first()).toBeVisible();
  }
  const result = await tab.evaluate(() => {
    const shown = new Set<string>();
    for (const element of document.querySelectorAll('[class*="css-"]')) {
      for (const name of element.classList) if (name.startsWith('css-')) shown.add(name.slice(4));
    }
    return { rules: window.__firstStyles?.rules ?? [], shown: [...shown] };
  });
  await context.close();
  return { ...result, shipped };
}

// Short-lived contexts: a trace or screenshot of each would only add time.
test.use({ trace: 'off', screenshot: 'off' });

test(`the sign-in page and each home bring the styles of their first screen and of the move to Assessment (${UPDATE ? 'capturing them' : 'checking first-styles.json'})`, async ({ browser }) => {
  const captured: Record<Kind, { ids: string[]; rules: string[] }> = {
    signIn: { ids: [], rules: [] },
    sapphire: { ids: [], rules: [] },
    contractor: { ids: [], rules: [] },
    auditor: { ids: [], rules: [] },
  };
  const rows: { page: string; width: number; 'from the document': number; 'made at run time': number }[] = [];
  for (const page of PAGES) {
    const cookies = page.email === null ? [] : await sessionCookies(browser, page.email);
    for (const width of WIDTHS) {
      const { rules, shown, shipped } = await visit(browser, page, width, cookies);
      const made = new Set(rules.map(idOf).filter((id): id is string => id !== null));
      const fromDocument = new Set(shipped);
      rows.push({
        page: page.kind,
        width,
        'from the document': shown.filter((id) => fromDocument.has(id) && !made.has(id)).length,
        // Every style made at run time, shown at the end or not (a skeleton's, say).
        'made at run time': made.size,
      });
      const into = captured[page.kind];
      for (const rule of rules) {
        const id = idOf(rule);
        if (id === null || into.rules.includes(rule)) continue;
        if (!into.ids.includes(id)) into.ids.push(id);
        into.rules.push(rule);
      }
    }
  }
  console.log('Emotion styles of each first visit (class ids on the settled page):');
  console.table(rows);
  if (UPDATE) {
    const { signIn, ...shells } = captured;
    for (const [kind, styles] of Object.entries(captured)) expect(styles.ids.length, `${kind}: styles captured`).toBeGreaterThan(0);
    fs.writeFileSync(FIRST_STYLES_FILE, `${JSON.stringify({ signIn, shells }, null, 1)}\n`);
    console.log(`wrote ${FIRST_STYLES_FILE}: ${Object.entries(captured).map(([k, v]) => `${k} ${v.ids.length} ids`).join(', ')}`);
    return;
  }
  for (const row of rows) {
    const made = row['made at run time'];
    const all = row['from the document'] + made;
    expect(
      all === 0 ? 0 : row['from the document'] / all,
      `${row.page} at ${row.width} px: ${made} of its ${all} styles were made at run time; run \`npm run styles:capture\` after changing what its first screen shows`,
    ).toBeGreaterThanOrEqual(MIN_COVERED);
  }
});
