/**
 * The catalogue's languages (issue 60). Each part of the catalogue is written once, in English,
 * and wrapped by `localised(name, texts)`: reading a text through it gives the current language's
 * (the signed-in user's, Accept-Language's before sign-in) when that language is loaded and
 * English otherwise. Keys are the parts' paths, interpolation their functions' arguments, plurals
 * each function's own rule; another language is a table of the same shape (`Translation<T>`,
 * checked by the compiler and by a test), loaded only where it is used: the web client imports a
 * language's table when a user chooses it, so English users load none (the 5 kB budget
 * for the sign-in page and homes).
 *
 * Where the current language comes from is the host's: the server reads the request's, the
 * browser the user's choice (`setLanguageSource`).
 */

/** The languages a user may choose, English first (the default). */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** A language's own name, as its readers write it (the language pickers' options). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', hi: 'हिन्दी' };

/** The locale each language formats numbers and dates with (Intl). */
export const LANGUAGE_LOCALES: Readonly<Record<Language, string>> = { en: 'en-GB', hi: 'hi-IN' };

/**
 * The test-only pseudo-language: every text of the catalogue marked ⟦…⟧, so that a rendered
 * page's unmarked text is text that does not come from the catalogue.
 */
export const PSEUDO_LANGUAGE = 'pseudo';
type Current = Language | typeof PSEUDO_LANGUAGE;

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** A part of the catalogue in another language: the same keys, each text or text function. */
export type Translation<T> = T extends (...args: infer A) => infer R
  ? (...args: A) => R extends string ? string : R
  : T extends string
    ? string
    : { readonly [K in keyof T]: Translation<T[K]> };

type Table = Record<string, unknown>;

const englishParts = new Map<string, object>();
const tables = new Map<Language, Table>();
let languageSource: () => Current = () => DEFAULT_LANGUAGE;

/** Where the current language comes from: the server's request, the browser's user. */
export function setLanguageSource(source: () => Current): void {
  languageSource = source;
}

let override: Current | undefined;

export function currentLanguage(): Current {
  return override ?? languageSource();
}

/**
 * Runs `render` with the catalogue in `language` (a mail to its recipient, an error's text to the
 * user who made the call): the texts it reads synchronously are that language's.
 */
export function withLanguage<T>(language: Current, render: () => T): T {
  const previous = override;
  override = language;
  try {
    return render();
  } finally {
    override = previous;
  }
}

/** A user's stored language where it is one, else the language of the moment (a mail's recipient). */
export function languageOf(stored: string | null | undefined): Current {
  return isLanguage(stored) ? stored : currentLanguage();
}

/**
 * The first of the reader's languages (an Accept-Language header, or the browser's list) that the
 * catalogue has, by its primary tag and quality ("hi-IN,hi;q=0.9,en;q=0.8" is Hindi); else English.
 */
export function pickLanguage(preferences: string | readonly string[] | undefined): Language {
  const entries = typeof preferences === 'string' ? preferences.split(',') : (preferences ?? []);
  let best: Language = DEFAULT_LANGUAGE;
  let bestQuality = -1;
  for (const entry of entries) {
    const [tag = '', ...params] = entry.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (isLanguage(primary) && Number.isFinite(quality) && quality > bestQuality) {
      best = primary;
      bestQuality = quality;
    }
  }
  return best;
}

/** Adds a language's tables (its part name → its translation of that part). */
export function registerLanguage(language: Language, table: Table): void {
  tables.set(language, table);
  staticTexts = undefined;
}

export function isLanguageLoaded(language: Language): boolean {
  return language === DEFAULT_LANGUAGE || tables.has(language);
}

/** The English parts loaded so far, by name (the tests compare them with each language's). */
export function englishCatalogue(): ReadonlyMap<string, object> {
  return englishParts;
}

/**
 * The texts made by text functions, with their path and arguments, for `translateText`: the first
 * ones for good (those made as modules load: schemas' messages), then the recent ones in two
 * generations (a text made while a request or a mail runs, read back at its end).
 */
interface Produced {
  /** The language whose function made it. */
  language: Current;
  part: string;
  path: readonly string[];
  args: readonly unknown[];
  /** The text's key in the function's result, when that is an object of texts ({ title, body }). */
  key?: string;
}
const FIRST_TEXTS_MAX = 2_000;
const RECENT_TEXTS_MAX = 2_000;
const firstTexts = new Map<string, Produced>();
let recentTexts = new Map<string, Produced>();
let previousTexts = new Map<string, Produced>();

function noteProduced(text: string, produced: Produced): void {
  if (firstTexts.has(text) || recentTexts.has(text)) return;
  if (firstTexts.size < FIRST_TEXTS_MAX) {
    firstTexts.set(text, produced);
    return;
  }
  if (recentTexts.size >= RECENT_TEXTS_MAX) {
    previousTexts = recentTexts;
    recentTexts = new Map();
  }
  recentTexts.set(text, produced);
}
let staticTexts: Map<string, Place[]> | undefined;

function at(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Table)[key];
  }
  return node;
}

function mark(text: unknown): unknown {
  if (typeof text === 'string') return `⟦${text}⟧`;
  if (text !== null && typeof text === 'object' && Object.getPrototypeOf(text) === Object.prototype) {
    return Object.fromEntries(Object.entries(text).map(([key, value]) => [key, mark(value)]));
  }
  return text;
}

/** The text at `path` of `part` in `language`, English where it has none. */
function localText(part: string, path: readonly string[], english: unknown, language: Current): unknown {
  if (language === DEFAULT_LANGUAGE) return english;
  if (language === PSEUDO_LANGUAGE) {
    return typeof english === 'function'
      ? (...args: unknown[]) => mark((english as (...a: unknown[]) => unknown)(...args))
      : mark(english);
  }
  const translated = at(tables.get(language)?.[part], path);
  return typeof translated === typeof english ? translated : english;
}

/** A language's text function that notes what it made (its path and arguments) for `translateText`. */
function recording(language: Current, part: string, path: readonly string[], fn: (...args: unknown[]) => unknown) {
  return (...args: unknown[]): unknown => {
    const text = fn(...args);
    if (typeof text === 'string') noteProduced(text, { language, part, path, args });
    else if (text !== null && typeof text === 'object') {
      for (const [key, value] of Object.entries(text)) if (typeof value === 'string') noteProduced(value, { language, part, path, args, key });
    }
    return text;
  };
}

function wrap<T extends object>(part: string, path: readonly string[], node: T): T {
  // Made once per key: a nested part's proxy, a text function's recording twin.
  const made = new Map<string, unknown>();
  return new Proxy(node, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key === 'symbol' || !Object.prototype.hasOwnProperty.call(target, key)) return value;
      if (typeof value === 'string') {
        // English, the common case, without any allocation.
        const language = currentLanguage();
        return language === DEFAULT_LANGUAGE ? value : localText(part, [...path, key], value, language);
      }
      if (typeof value === 'function') {
        let english = made.get(key);
        if (english === undefined) {
          english = recording(DEFAULT_LANGUAGE, part, [...path, key], value as (...args: unknown[]) => unknown);
          made.set(key, english);
        }
        const language = currentLanguage();
        if (language === DEFAULT_LANGUAGE) return english;
        const local = localText(part, [...path, key], english, language);
        if (language === PSEUDO_LANGUAGE || typeof local !== 'function' || local === english) return local;
        // A language's own function records what it makes too: a text made in it (a schema's
        // message, when its module loaded under that language) can be read again in another.
        const twinKey = `${language}\u0000${key}`;
        const kept = made.get(twinKey) as { of: unknown; twin: unknown } | undefined;
        if (kept?.of === local) return kept.twin;
        const twin = recording(language, part, [...path, key], local as (...args: unknown[]) => unknown);
        made.set(twinKey, { of: local, twin });
        return twin;
      }
      if (value !== null && typeof value === 'object') {
        let child = made.get(key);
        if (child === undefined) {
          child = wrap(part, [...path, key], value);
          made.set(key, child);
        }
        return child;
      }
      return value;
    },
  });
}

/** Wraps an English part of the catalogue so that each read gives the current language's text. */
export function localised<T extends object>(part: string, english: T): T {
  englishParts.set(part, english);
  staticTexts = undefined;
  return wrap(part, [], english);
}

/** Where a text is found in the catalogue: every place, English's first. */
type Place = { part: string; path: readonly string[] };

function staticIndex(): Map<string, Place[]> {
  if (staticTexts) return staticTexts;
  const index = new Map<string, Place[]>();
  const walk = (part: string, path: readonly string[], node: unknown): void => {
    if (typeof node === 'string') {
      const places = index.get(node);
      if (places) places.push({ part, path });
      else index.set(node, [{ part, path }]);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) walk(part, [...path, key], child);
    }
  };
  // English first: a text that is the same in two languages is found as English's.
  for (const [part, english] of englishParts) walk(part, [], english);
  for (const table of tables.values()) for (const [part, node] of Object.entries(table)) walk(part, [], node);
  staticTexts = index;
  return index;
}

/**
 * A catalogue text that was turned into a string before the user's language was known (a
 * validation schema's message, made when its module loaded) in the current language: the same
 * path's text, with the same arguments for a text function. The text may be in any loaded
 * language (a module loaded while another language was chosen keeps that language's messages).
 * Any other text is returned as it is.
 */
export function translateText(text: string, nearPart?: string): string {
  const language = currentLanguage();
  // A text made while the pseudo-language was chosen (tests): its English inside the marks.
  if (text.length > 2 && text.startsWith('⟦') && text.endsWith('⟧')) return translateText(text.slice(1, -1), nearPart);
  const places = staticIndex().get(text);
  // A text two keys share in one language (two English words may be one Hindi word): the place in
  // the part of the text it was made for, else the first.
  const known = places && (places.find((place) => place.part === nearPart) ?? places[0]);
  if (known) {
    const english = at(englishParts.get(known.part), known.path);
    if (typeof english !== 'string') return text;
    if (language === DEFAULT_LANGUAGE) return english;
    const local = localText(known.part, known.path, english, language);
    return typeof local === 'string' ? local : text;
  }
  const produced = firstTexts.get(text) ?? recentTexts.get(text) ?? previousTexts.get(text);
  if (produced) {
    if (language === produced.language) return text;
    const english = at(englishParts.get(produced.part), produced.path);
    if (typeof english !== 'function') return text;
    const local = localText(produced.part, produced.path, english, language);
    if (typeof local !== 'function') return text;
    // Its arguments that are catalogue texts too ("Name" in "Name must be at most 255 characters").
    const args = produced.args.map((arg) => (typeof arg === 'string' ? translateText(arg, produced.part) : arg));
    const result: unknown = (local as (...a: unknown[]) => unknown)(...args);
    const value = produced.key === undefined ? result : at(result, [produced.key]);
    return typeof value === 'string' ? value : text;
  }
  return text;
}
