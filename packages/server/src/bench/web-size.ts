import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { z } from 'zod';

/** The gzip budget of the JavaScript the login route loads. */
export const LOGIN_JS_BUDGET_KB = 140;

/**
 * Chunks the sign-in page fetches right after it first renders (the sign-in schema and zod, for
 * the form's checks): not in front of the page, so not in the budget, but reported beside it.
 */
export const LOGIN_BESIDE_CHUNKS = ['auth.schema'];

export interface AssetSize {
  /** Relative to dist. */
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
  /** Why it counts: referenced by index.html, or a static import in the Vite manifest. */
  via: 'index.html' | 'manifest';
}

export type WebSizeReport =
  | { built: false; distDir: string }
  | {
      built: true;
      distDir: string;
      files: AssetSize[];
      jsGzipBytes: number;
      cssGzipBytes: number;
      /** Fetched right after the page renders (LOGIN_BESIDE_CHUNKS), beyond `files`. */
      besideGzipBytes: number;
      budgetKb: number;
    };

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    src: z.string().optional(),
    isEntry: z.boolean().optional(),
    isDynamicEntry: z.boolean().optional(),
    name: z.string().optional(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
);
type Manifest = z.infer<typeof manifestSchema>;

/** Where index.html loads scripts, module preloads and style sheets from (same-origin only). */
function referencedByIndex(html: string): string[] {
  const urls: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const isScript = /^<script/i.test(tag);
    const rel = /\brel=["']?([^"'\s>]+)/i.exec(tag)?.[1]?.toLowerCase();
    if (!isScript && rel !== 'modulepreload' && rel !== 'stylesheet') continue;
    const url = (isScript ? /\bsrc=["']?([^"'\s>]+)/i : /\bhref=["']?([^"'\s>]+)/i).exec(tag)?.[1];
    if (url && !/^[a-z]+:|^\/\//i.test(url))
      urls.push(url.replace(/[?#].*$/, '').replace(/^\.?\//, ''));
  }
  return urls;
}

/** The files the entry loads before anything renders: its static imports, transitively, and their CSS. */
function staticClosure(
  manifest: Manifest,
  roots: (chunk: Manifest[string]) => boolean = (chunk) => chunk.isEntry === true,
): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.push(chunk.file, ...(chunk.css ?? []));
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (roots(chunk)) visit(key);
  return files;
}

/** Sizes what the login route loads: the entry of the built web app (index.html and the Vite manifest). */
export function loginRouteSize(distDir: string): WebSizeReport {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return { built: false, distDir };
  const found = new Map<string, AssetSize['via']>();
  for (const file of referencedByIndex(fs.readFileSync(indexFile, 'utf8')))
    found.set(file, 'index.html');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let besideGzipBytes = 0;
  if (fs.existsSync(manifestFile)) {
    const manifest = manifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
    for (const file of staticClosure(manifest)) if (!found.has(file)) found.set(file, 'manifest');
    const beside = staticClosure(
      manifest,
      (chunk) => chunk.name !== undefined && LOGIN_BESIDE_CHUNKS.includes(chunk.name),
    );
    for (const file of new Set(beside)) {
      const full = path.join(distDir, file);
      if (!found.has(file) && /\.m?js$/.test(file) && fs.existsSync(full))
        besideGzipBytes += zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
    }
  }
  const files: AssetSize[] = [];
  for (const [file, via] of found) {
    const kind = /\.m?js$/.test(file) ? 'js' : /\.css$/.test(file) ? 'css' : null;
    const full = path.join(distDir, file);
    if (!kind || !fs.existsSync(full)) continue;
    const content = fs.readFileSync(full);
    files.push({
      file,
      kind,
      via,
      bytes: content.length,
      gzipBytes: zlib.gzipSync(content, { level: 9 }).length,
    });
  }
  const total = (kind: AssetSize['kind']) =>
    files.filter((f) => f.kind === kind).reduce((sum, f) => sum + f.gzipBytes, 0);
  return {
    built: true,
    distDir,
    files,
    jsGzipBytes: total('js'),
    cssGzipBytes: total('css'),
    besideGzipBytes,
    budgetKb: LOGIN_JS_BUDGET_KB,
  };
}

export const kb = (bytes: number): string => `${(bytes / 1000).toFixed(1)} kB`;

/** The lines the benchmark prints about the web app's size. */
export function formatWebSize(report: WebSizeReport): string[] {
  if (!report.built) return ['Login route JS: web not built: run npm run build'];
  const js = report.jsGzipBytes / 1000;
  const verdict = js <= report.budgetKb ? 'within' : 'OVER';
  return [
    `Login route JS: ${kb(report.jsGzipBytes)} gzip (level 9), ${verdict} the ${report.budgetKb} kB budget; ${report.cssGzipBytes > 0 ? `CSS ${kb(report.cssGzipBytes)} gzip` : 'no CSS files'}`,
    `  then, once it has rendered, ${kb(report.besideGzipBytes)} gzip more for the form's checks (${LOGIN_BESIDE_CHUNKS.join(', ')} and zod)`,
    ...report.files.map(
      (f) =>
        `  ${f.file.padEnd(48)} ${kb(f.bytes).padStart(10)} → ${kb(f.gzipBytes).padStart(9)} gzip  (${f.via})`,
    ),
  ];
}
