import { afterAll, beforeAll } from 'vitest';
import { PSEUDO_LANGUAGE, setLanguageSource } from '@palisade/domain/i18n/catalogue';
import { currentLanguageOfScreens, screenLocale } from '../lib/language';
import type { MockHandler, MockReply } from './mock-fetch';

/**
 * The catalogue's test-only pseudo-language (issue 60): while a suite runs, every text read from
 * the catalogue is marked ⟦…⟧, so that what a page shows unmarked was not read from it.
 */
export function usePseudoLanguage(): void {
  beforeAll(() => setLanguageSource(() => PSEUDO_LANGUAGE));
  // The web's own source again (lib/language.ts): test files share their modules (isolate: false).
  afterAll(() => setLanguageSource(currentLanguageOfScreens));
}

/** Every string in a value (a reply's data, a fixture), however deep. */
function stringsOf(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) stringsOf(item, into);
  }
}

/**
 * The data a page was given (the mocked replies' and the fixtures' strings: names, questions):
 * shown as they are, they are not texts of the catalogue.
 */
export class ReplyData {
  readonly strings = new Set<string>();

  /** Adds the strings of fixtures the page reads besides the replies (a profile). */
  add(...values: unknown[]): this {
    for (const value of values) stringsOf(value, this.strings);
    return this;
  }

  /** The same handlers, each reply's data recorded as it is sent. */
  record(handlers: Record<string, MockHandler>): Record<string, MockHandler> {
    const keep = (reply: MockReply): MockReply => {
      this.add(reply.data);
      return reply;
    };
    return Object.fromEntries(
      Object.entries(handlers).map(([path, handler]): [string, MockHandler] => [
        path,
        typeof handler === 'function' ? (body, at) => keep(handler(body, at)) : keep(handler),
      ]),
    );
  }
}

/** Attributes whose text a user sees or hears. */
const READ_ATTRIBUTES = ['aria-label', 'placeholder', 'title', 'alt'] as const;

/** Texts that are not words of a language; each allowed where it is, by its own reason. */
export interface AllowedTexts {
  readonly [text: string]: string;
}

function isHidden(element: Element): boolean {
  return (
    element.getAttribute('aria-hidden') === 'true' ||
    element.hasAttribute('hidden') ||
    (element instanceof HTMLElement && element.style.display === 'none')
  );
}

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The words of dates and times as the screens' locale writes them (lib/dates.ts, Intl): a month's
 * name next to a day or a year, and AM or PM after a time. Dates are not texts of the catalogue.
 */
function dateWords(locale: string): RegExp[] {
  const months = new Set<string>();
  for (const month of ['long', 'short'] as const) {
    const format = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
    for (let m = 0; m < 12; m += 1) months.add(format.format(Date.UTC(2026, m, 15)));
  }
  const names = [...months].map(escapeForRegExp).join('|');
  return [
    new RegExp(`(?<![\\p{L}])(${names})(?=\\s+\\d)`, 'gu'),
    new RegExp(`(?<=\\d\\s+)(${names})(?![\\p{L}])`, 'gu'),
    /(?<=\d{1,2}:\d{2}\s?)(AM|PM|am|pm)(?![\p{L}])/gu,
  ];
}

/**
 * The texts under `root` (its text nodes outside <script>, <style> and hidden elements, the
 * attributes READ_ATTRIBUTES, and the document's title) that still hold a letter once every
 * ⟦…⟧ segment, every string of `data` (as a whole word) and every allowed text are taken out:
 * texts on screen that do not come from the catalogue.
 */
export function unmarkedTexts(
  data: ReplyData,
  allowed: AllowedTexts = {},
  root: Element = document.body,
): string[] {
  const found: string[] = [];
  // Longest first, so that a name is taken out before a shorter one inside it.
  const removable = [...data.strings, ...Object.keys(allowed)]
    .filter((s) => /\p{L}/u.test(s))
    .sort((a, b) => b.length - a.length)
    .map((s) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeForRegExp(s)}(?![\\p{L}\\p{N}])`, 'gu'));
  const dates = dateWords(screenLocale());
  // An avatar shows the first letter of a name.
  const initials = new Set(
    [...data.strings].map((s) => s.charAt(0).toUpperCase()).filter((c) => /\p{L}/u.test(c)),
  );
  const check = (text: string | null) => {
    if (!text) return;
    let rest = text;
    // Innermost first: a marked text may hold another (a function's result given to another).
    while (/⟦[^⟦⟧]*⟧/.test(rest)) rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    for (const pattern of [...removable, ...dates]) rest = rest.replace(pattern, ' ');
    rest = rest.trim();
    if (/\p{L}/u.test(rest) && !initials.has(rest)) found.push(text.trim());
  };
  check(document.title);
  const visit = (element: Element) => {
    if (isHidden(element)) return;
    const tag = element.tagName.toLowerCase();
    if (tag === 'script' || tag === 'style' || tag === 'noscript') return;
    for (const name of READ_ATTRIBUTES) check(element.getAttribute(name));
    for (const child of element.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) check(child.textContent);
      else if (child instanceof Element) visit(child);
    }
  };
  visit(root);
  return [...new Set(found)];
}
