import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { firstPaint } from './build/first-paint';
import { firstStyles } from './build/first-styles';
import { reactRouterProduction } from './build/react-router-production';

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

/** Modules no first visit loads (firstVisitPreloads checks the files it names). */
const FIRST_VISIT_EXCLUDED = /\/node_modules\/zod\//;

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
      const preloads = {
        signIn: files(FIRST_VISIT_MODULES.signIn),
        shells: map(FIRST_VISIT_MODULES.shells),
        homes: map(FIRST_VISIT_MODULES.homes),
      };
      // What a first visit must not load (issue 63): the validation library is for forms, and
      // reached the homes' first load once through a rules module that also held two schemas
      // (~26 kB gzip, and its evaluation on the main thread).
      const firstVisitFiles = new Set([
        ...preloads.signIn,
        ...Object.values(preloads.shells).flat(),
        ...Object.values(preloads.homes).flat(),
      ]);
      for (const chunk of chunks) {
        if (!firstVisitFiles.has(`/${chunk.fileName}`)) continue;
        const kept = chunk.moduleIds.find((id) => FIRST_VISIT_EXCLUDED.test(id.replaceAll('\\', '/')));
        if (kept) this.error(`first visit: ${chunk.fileName} holds ${kept}, which no first visit may load`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'first-visit-preloads.json',
        source: JSON.stringify(preloads),
      });
    },
  };
}

/**
 * The first loads' code in a few files instead of ~100 small ones, each with its own request,
 * headers and compression (issues 13 and 25; HTTP/1.1 fetches six at a time). Groups, from the
 * module graph once it is complete, before chunking:
 * - "boot": the entry's own imports;
 * - "ui": what the sign-in form uses beyond them that a shell or a home uses too;
 * - "sign-in": the rest of the sign-in form (a page that needs one of its modules, a checkbox say,
 *   loads it);
 * - "shell": what only the shells use: the router, the query library, the frame;
 * - each shell's own frame and home: a module they reach goes to the group of the homes that reach
 *   it ("home-sapphire", "home-contractor-sapphire", …), so a first visit loads its home in two to
 *   four files; another page that needs one of those modules loads that group, which its user's
 *   home has usually cached already. The charts library stays where the bundler puts it (it is
 *   shared with the pages of bar charts).
 * So / loads no shell code and a shell no sign-in code. Everything else is split as the bundler
 * does.
 */
const FIRST_LOAD_ROOTS = {
  boot: ['src/main.tsx'],
  signIn: ['src/features/auth/components/login-form.tsx'],
  shell: ['src/app/app.tsx', 'src/app/shells/app-shell.tsx'],
} as const;
type Home = keyof typeof FIRST_VISIT_MODULES.homes;
const HOMES = Object.keys(FIRST_VISIT_MODULES.homes) as Home[];
/**
 * Modules of these packages are not put in a home group (the bar charts of the observation and
 * learning pages). d3-shape is: the homes' doughnuts draw with it.
 */
const CHARTS = /\/node_modules\/(@mui\/x-charts|@mui\/x-charts-vendor|@mui\/x-internal-gestures|@mui\/x-internals)\//;
const firstLoadGroup = new Map<string, string>();
function firstLoadGroups(): Plugin {
  return {
    name: 'palisade-first-load-groups',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const byRoot = (root: string) =>
        ids.find((id) => id.replaceAll('\\', '/').endsWith(`/${root}`));
      /** The modules these import statically, themselves included; `stop` ends a path. */
      const closureOf = (start: readonly string[], stop = (_id: string) => false) => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (seen.has(id) || stop(id)) continue;
          seen.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) stack.push(next);
        }
        return seen;
      };
      const closure = (roots: readonly string[], stop?: (id: string) => boolean) =>
        closureOf(
          roots.map(byRoot).filter((id): id is string => id !== undefined),
          stop,
        );
      // The charts library's modules import through index files much more than a page keeps
      // (tooltips, axes): a home's group stops at them.
      const chart = (id: string) => CHARTS.test(id.replaceAll('\\', '/'));
      const boot = closure(FIRST_LOAD_ROOTS.boot);
      const signIn = closure(FIRST_LOAD_ROOTS.signIn);
      const shell = closure(FIRST_LOAD_ROOTS.shell);
      const homes = HOMES.map(
        (home) =>
          [
            home,
            closure(
              [...FIRST_VISIT_MODULES.shells[home].slice(1), ...FIRST_VISIT_MODULES.homes[home]],
              chart,
            ),
          ] as const,
      );
      firstLoadGroup.clear();
      // Real files only, but in "boot", which also takes Vite's preload helper (one request less):
      // the bundler's other helper modules stay where it puts them.
      const real = (id: string) => !id.startsWith('\0') && !id.includes('?');
      for (const id of boot) firstLoadGroup.set(id, 'boot');
      const firstVisit = (id: string) =>
        shell.has(id) || homes.some(([, reached]) => reached.has(id));
      for (const id of signIn)
        if (real(id) && !boot.has(id)) firstLoadGroup.set(id, firstVisit(id) ? 'ui' : 'sign-in');
      for (const id of shell)
        if (real(id) && !boot.has(id) && !signIn.has(id)) firstLoadGroup.set(id, 'shell');
      for (const id of ids) {
        if (!real(id) || firstLoadGroup.has(id)) continue;
        const reaching = homes.filter(([, reached]) => reached.has(id)).map(([home]) => home);
        if (reaching.length > 0) firstLoadGroup.set(id, `home-${reaching.sort().join('-')}`);
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    firstVisitPreloads(),
    firstLoadGroups(),
    firstPaint(),
    firstStyles(),
    reactRouterProduction(),
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
          // Each module to its group's chunk (firstLoadGroups), the rest as the bundler splits it.
          groups: [{ name: (id: string) => firstLoadGroup.get(id) ?? null }],
        },
      },
    },
  },
});
