import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { firstPaint } from './build/first-paint';

/**
 * The code a first visit to each shell needs beyond the sign-in page's (issue 19): the router,
 * the shell and, on its home, the home page. Named by source module; the build resolves them.
 */
const FIRST_VISIT_MODULES = {
  /** The sign-in page's form, which the entry loads only at / (boot.tsx). */
  signIn: ['src/features/auth/components/login-form.tsx'],
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
      const chunks = Object.values(bundle).filter(
        (o): o is Rollup.OutputChunk => o.type === 'chunk',
      );
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
          const named = (id: string | null) =>
            id?.replaceAll('\\', '/').endsWith(`/${module}`) ?? false;
          // The module's own chunk, or the chunk a code-splitting group put it in.
          const chunk =
            chunks.find((c) => named(c.facadeModuleId)) ??
            chunks.find((c) => c.moduleIds.some(named));
          if (!chunk) this.error(`first-visit preloads: no chunk for ${module}`);
          visit(chunk);
        }
        return [...seen].map((f) => `/${f}`);
      };
      const map = <K extends string>(groups: Record<K, readonly string[]>) =>
        Object.fromEntries(
          Object.entries<readonly string[]>(groups).map(([k, v]) => [k, files(v)]),
        );
      this.emitFile({
        type: 'asset',
        fileName: 'first-visit-preloads.json',
        source: JSON.stringify({
          signIn: files(FIRST_VISIT_MODULES.signIn),
          shells: map(FIRST_VISIT_MODULES.shells),
          homes: map(FIRST_VISIT_MODULES.homes),
        }),
      });
    },
  };
}

/**
 * The first loads' code in a few files instead of ~100 small ones, each with its own request,
 * headers and compression (issues 13 and 25; HTTP/1.1 fetches six at a time). Four groups, from
 * the module graph once it is complete, before chunking: the entry's own imports ("boot"); what
 * the sign-in form and the shells both use beyond it ("ui"); what only the sign-in form uses
 * ("sign-in"); what only the shells use: the router, the query library, the frame ("shell"). So /
 * loads no shell code and a shell no sign-in code; everything else is split as the bundler does.
 */
const FIRST_LOAD_ROOTS = {
  boot: ['src/main.tsx'],
  signIn: ['src/features/auth/components/login-form.tsx'],
  shell: ['src/app/app.tsx', 'src/app/shells/app-shell.tsx'],
} as const;
const firstLoadGroup = new Map<string, 'boot' | 'ui' | 'sign-in' | 'shell'>();
function firstLoadGroups(): Plugin {
  return {
    name: 'palisade-first-load-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const byRoot = (root: string) =>
        ids.find((id) => id.replaceAll('\\', '/').endsWith(`/${root}`));
      /** The modules these import statically, themselves included. */
      const closureOf = (start: readonly string[]) => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
        return seen;
      };
      const closure = (roots: readonly string[]) =>
        closureOf(roots.map(byRoot).filter((id): id is string => id !== undefined));
      const boot = closure(FIRST_LOAD_ROOTS.boot);
      const signIn = closure(FIRST_LOAD_ROOTS.signIn);
      const shell = closure(FIRST_LOAD_ROOTS.shell);
      // Everything a page other than / can load: the targets of every dynamic import but the form.
      const form = byRoot(FIRST_LOAD_ROOTS.signIn[0]);
      const pages = closureOf(
        ids
          .flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
          .filter((id) => id !== form),
      );
      firstLoadGroup.clear();
      // Real files only: the bundler's own helper modules stay where it puts them.
      const real = (id: string) => !id.startsWith('\0') && !id.includes('?');
      for (const id of boot) if (real(id)) firstLoadGroup.set(id, 'boot');
      for (const id of signIn)
        if (real(id) && !boot.has(id)) firstLoadGroup.set(id, pages.has(id) ? 'ui' : 'sign-in');
      for (const id of shell)
        if (real(id) && !boot.has(id) && !signIn.has(id)) firstLoadGroup.set(id, 'shell');
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    firstVisitPreloads(),
    firstLoadGroups(),
    firstPaint(),
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the modules named: their dependencies stay where they are (the sign-in page's).
          includeDependenciesRecursively: false,
          groups: (['boot', 'ui', 'sign-in', 'shell'] as const).map((name) => ({
            name,
            test: (id: string) => firstLoadGroup.get(id) === name,
          })),
        },
      },
    },
  },
});
