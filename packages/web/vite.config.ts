import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

/**
 * The code a first visit to each shell needs beyond the sign-in page's (issue 19): the router,
 * the shell and, on its home, the home page. Named by source module; the build resolves them.
 */
const FIRST_VISIT_MODULES = {
  shells: {
    sapphire: ['src/app/app.tsx', 'src/app/shells/sapphire-shell.tsx'],
    contractor: ['src/app/app.tsx', 'src/app/shells/contractor-shell.tsx'],
    auditor: ['src/app/app.tsx', 'src/app/shells/auditor-shell.tsx'],
  },
  homes: {
    sapphire: ['src/features/home/pages/organisation-home-page.tsx'],
    contractor: ['src/features/home/pages/contractor-home-page.tsx'],
    auditor: ['src/features/home/pages/auditor-home-page.tsx'],
  },
} as const;

/**
 * Writes first-visit-preloads.json: for each shell and each home, the files of those modules and
 * everything they import, so the server lists them as modulepreload links in the first document
 * of a deep link and the browser fetches them with the entry instead of one after another.
 */
function firstVisitPreloads(): Plugin {
  return {
    name: 'palisade-first-visit-preloads',
    apply: 'build',
    generateBundle(_options, bundle: Rollup.OutputBundle) {
      const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
      const files = (modules: readonly string[]): string[] => {
        const seen = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (seen.has(chunk.fileName)) return;
          seen.add(chunk.fileName);
          for (const name of chunk.imports) {
            const next = bundle[name];
            if (next?.type === 'chunk') visit(next);
          }
        };
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
          if (!chunk) this.error(`first-visit preloads: no chunk for ${module}`);
          visit(chunk);
        }
        return [...seen].map((f) => `/${f}`);
      };
      const map = <K extends string>(groups: Record<K, readonly string[]>) =>
        Object.fromEntries(Object.entries<readonly string[]>(groups).map(([k, v]) => [k, files(v)]));
      this.emitFile({
        type: 'asset',
        fileName: 'first-visit-preloads.json',
        source: JSON.stringify({ shells: map(FIRST_VISIT_MODULES.shells), homes: map(FIRST_VISIT_MODULES.homes) }),
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    firstVisitPreloads(),
    // Brotli and gzip copies of every text asset beside it; the server sends the best one the
    // browser accepts (@fastify/static preCompressed), so serving costs no compression at all.
    compression({
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    // The API and the realtime channel live on the server; the same origin keeps the session
    // cookie first-party, so the browser code never needs a base URL.
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
