import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { firstStylesSchema } from '@palisade/domain/first-styles.schema';

/** The captured styles, beside this package's package.json (e2e/tests/first-styles.spec.ts writes it). */
export const FIRST_STYLES_FILE = path.resolve(import.meta.dirname, '../first-styles.json');

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
      this.emitFile({ type: 'asset', fileName: 'first-styles.json', source: JSON.stringify(firstStylesSchema.parse(JSON.parse(fs.readFileSync(FIRST_STYLES_FILE, 'utf8')))) });
    },
  };
}
