import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * React Router 7's package resolves to its development build in every build (its exports name
 * only dist/development: remix-run/react-router#12532, #14102), so production pages carried its
 * development warnings. The build takes its production build, which it ships beside it; the dev
 * server and the tests keep the warnings.
 */
export function reactRouterProduction(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return {
    name: 'palisade-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: path.join(root, 'dist/production/index.mjs') },
        ],
      },
    }),
  };
}
