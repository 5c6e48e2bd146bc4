import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (the one with its package.json), found from this module's place:
 * src/ when run through tsx, dist/ when compiled into one file, so that the migrations and the
 * web build are found either way.
 */
function findServerRoot(from: string): string {
  let dir = from;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: unknown };
      if (name === '@palisade/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`the @palisade/server package was not found above ${from}`);
    dir = parent;
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
