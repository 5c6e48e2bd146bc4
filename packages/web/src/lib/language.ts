import { useSyncExternalStore } from 'react';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isLanguageLoaded,
  LANGUAGE_LOCALES,
  pickLanguage,
  setLanguageSource,
  type Language,
} from '@palisade/domain/i18n/catalogue';

/**
 * The language of this browser's screens (issue 60): the signed-in user's (its profile), else the
 * one chosen on the sign-in page, else the browser's first that the catalogue has. English needs
 * nothing loaded; another language's table is fetched when it is first used, so English users
 * load no other language (the 5 kB budget).
 */
const KEY = 'palisade.language';

let current: Language = DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();
setLanguageSource(() => current);

/** The language chosen in this browser (sign-in page, Settings), if any. */
export function chosenLanguage(): Language | undefined {
  try {
    const stored = localStorage.getItem(KEY);
    return isLanguage(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

function rememberLanguage(language: Language): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // Storage unavailable: the profile's language still applies once signed in.
  }
}

/** The language to start in: the one chosen here, else the browser's. */
export function initialLanguage(): Language {
  return chosenLanguage() ?? pickLanguage(typeof navigator === 'undefined' ? undefined : navigator.languages);
}

export function currentLanguageOfScreens(): Language {
  return current;
}

/** The Intl locale of the screens' language (numbers, dates, collation). */
export function screenLocale(): string {
  return LANGUAGE_LOCALES[current];
}

/** What a language other than English adds to the screens: MUI's texts, the pickers' dayjs locale. */
interface ScreensLocale {
  muiLocale: object;
  dayjsLocale: string;
  /** Turns the language's own settings of libraries (dayjs's month names) on or off. */
  apply: (on: boolean) => void;
}
const screensLocales = new Map<Language, ScreensLocale>();

/** MUI's texts (pagination, breadcrumbs) in the screens' language, for the theme; none in English. */
export function muiLocaleOf(language: Language): object | undefined {
  return screensLocales.get(language)?.muiLocale;
}

/** The date pickers' dayjs locale in the screens' language (undefined: dayjs's English). */
export function pickerLocale(): string | undefined {
  return screensLocales.get(current)?.dayjsLocale;
}

/** Switches asked for so far: only the latest one applies when its table arrives. */
let switches = 0;

/** Back to English at once, any switch under way forgotten (each test starts from here). */
export function resetLanguage(): void {
  switches += 1;
  screensLocales.get(current)?.apply(false);
  current = DEFAULT_LANGUAGE;
  document.documentElement.lang = DEFAULT_LANGUAGE;
  for (const listener of listeners) listener();
}

/** Fetches a language's table and screen texts when they are not loaded yet. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === DEFAULT_LANGUAGE || (isLanguageLoaded(language) && screensLocales.has(language))) return;
  if (language === 'hi') {
    const hindi = await import('../app/hindi');
    screensLocales.set(language, await hindi.installHindi());
  }
}

/**
 * Shows the screens in `language` (its table fetched first); `remember` keeps it as this browser's
 * choice (the sign-in page's, Settings'). The page's lang attribute follows it.
 */
export async function switchLanguage(language: Language, remember: boolean): Promise<void> {
  const request = ++switches;
  if (remember) rememberLanguage(language);
  await loadLanguage(language);
  // A choice made while this one's table was on its way wins.
  if (request !== switches) return;
  document.documentElement.lang = language;
  if (current === language) return;
  screensLocales.get(current)?.apply(false);
  current = language;
  screensLocales.get(current)?.apply(true);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The screens' language; a component that keys its tree by it renders again in a new one. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguageOfScreens, currentLanguageOfScreens);
}
