import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The captured styles, beside this package's package.json (e2e/tests/first-styles.spec.ts writes it). */
export const FIRST_STYLES_FILE = path.resolve(import.meta.dirname, '../first-styles.json');

interface PageStyles {
  ids: string[];
  rules: string[];
}
interface FirstStyles {
  signIn?: PageStyles;
  shells: Record<string, PageStyles>;
}

const isTexts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');
const isPageStyles = (value: unknown): value is PageStyles =>
  typeof value === 'object' && value !== null && 'ids' in value && 'rules' in value && isTexts(value.ids) && isTexts(value.rules);

function read(file: string): FirstStyles {
  const data: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const shells = typeof data === 'object' && data !== null && 'shells' in data ? data.shells : undefined;
  const signIn = typeof data === 'object' && data !== null && 'signIn' in data ? data.signIn : undefined;
  if (typeof shells !== 'object' || shells === null || !Object.values(shells).every(isPageStyles)) {
    throw new Error(`${file}: "shells" must map each shell to { ids, rules }`);
  }
  if (signIn !== undefined && !isPageStyles(signIn)) throw new Error(`${file}: "signIn" must be { ids, rules }`);
  return { signIn, shells: shells as Record<string, PageStyles> };
}

/**
 * Copies first-styles.json into the build (issue 63): the Emotion styles that the sign-in page and
 * each shell's home make on a first visit, which the server puts in those pages' documents
 * (server/src/plugins/web-index.ts) so that the app's first render does not compile and insert
 * them one by one. They are captured from the built app in a browser (`npm run styles:capture`);
 * a style that is not in the file is made at run time, as before, so a stale file costs speed,
 * never a wrong look. A build without the file serves the pages without first styles.
 */
export function firstStyles(): Plugin {
  return {
    name: 'palisade-first-styles',
    apply: 'build',
    generateBundle() {
      if (!fs.existsSync(FIRST_STYLES_FILE)) return;
      this.emitFile({ type: 'asset', fileName: 'first-styles.json', source: JSON.stringify(read(FIRST_STYLES_FILE)) });
    },
  };
}
