// Lighthouse's global LH namespace, which its median-run types name.
/// <reference types="lighthouse/types/internal/global" />
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { z } from 'zod';
import { SHELL_PREFIX } from '@palisade/domain/user-types';
import { signInAs, spawnServer } from './spawn-server';

const run = promisify(execFile);

/** #25's targets for what a browser receives on the first screens. */
export const WEB_TARGETS = {
  performance: 95,
  accessibility: 100,
  lcpMs: 2500,
  /** Issue 63: Total Blocking Time of each page's median run, also on a slower core. */
  tbtMs: 200,
  /** Transferred JavaScript (compressed bytes on the wire), sign-in page. */
  signInJsBytes: 140_000,
  /** Transferred JavaScript, each home. */
  homeJsBytes: 250_000,
  /** #13: the JavaScript of the organisation home's first load, as sent gzip. */
  organisationFirstLoadGzipBytes: 250_000,
} as const;

/**
 * Lighthouse runs per page. One run's performance score moves by ±5 on this machine for the same
 * page (86–97 for an unchanged home in one session); Lighthouse's guidance on variability is to run
 * five times and read the median run (its computeMedianRun: the run nearest the median FCP and TTI).
 */
export const LIGHTHOUSE_RUNS_DEFAULT = 5;

/** The pages measured: the sign-in page and each role's home, as `npm start` serves them. */
const PAGES: { name: string; path: string; as: string | null }[] = [
  { name: 'sign-in /', path: '/', as: null },
  { name: 'contractor home', path: `${SHELL_PREFIX.contractor}/dashboard`, as: 'contractor1@demo.test' },
  { name: 'organisation home', path: `${SHELL_PREFIX.sapphire}/Dashboard`, as: 'admin@demo.test' },
  { name: 'auditor home', path: `${SHELL_PREFIX.auditor}/dashboard`, as: 'auditor1@demo.test' },
];

export interface PageReport {
  name: string;
  path: string;
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number };
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** Bytes on the wire, as the browser received them (compressed). */
  jsTransferBytes: number;
  totalTransferBytes: number;
  /** API JSON replies whose body is over 1 kB, and how many of them arrived compressed. */
  apiJsonOver1kB: number;
  apiJsonCompressed: number;
  /** The scripts the page's first document names, and their bytes as the server sends them. */
  firstLoad: FirstLoadJs;
  /** How many runs the page had; the figures above are the median run's. */
  runs: number;
  /** The lowest and highest performance score of those runs. */
  performanceRange: [number, number];
  /**
   * Lighthouse's benchmark index of the median run (lhr.environment.benchmarkIndex: how fast this
   * machine's core ran Lighthouse's fixed loop at that moment; higher is faster). Its throttled
   * mobile model slows the recorded work by a fixed factor, so a slower core gives a longer TBT
   * for the same page: the index lets figures from two machines be read side by side.
   */
  benchmarkIndex: number;
  /** The lowest and highest benchmark index of the page's runs. */
  benchmarkIndexRange: [number, number];
}

export interface FirstLoadJs {
  files: number;
  gzipBytes: number;
  brotliBytes: number;
}

/**
 * The JavaScript files a page's first document names: its scripts and modulepreload links (the
 * entry, and what the server lists for a deep link: the router, the shell and the home, #19).
 */
export function firstDocumentScripts(html: string): string[] {
  const files = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
    const file = tag.startsWith('<script') ? attr('src') : attr('rel') === 'modulepreload' ? attr('href') : undefined;
    if (file?.endsWith('.js')) files.add(file);
  }
  return [...files];
}

/** The body's length as sent (not decoded) with this Accept-Encoding; fails on another encoding. */
function bytesSent(url: string, encoding: 'gzip' | 'br', cookie: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => {
        const sent = response.headers['content-encoding'] ?? 'identity';
        // Files under the compression threshold (1 kB) are sent as they are.
        if (response.statusCode !== 200 || (sent !== encoding && bytes > 1024)) {
          reject(new Error(`${url}: ${response.statusCode ?? '?'} ${sent} for ${encoding}`));
        } else resolve(bytes);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** #13's measure: the first load's JavaScript of a page as the server sends it, gzip and Brotli. */
async function firstLoadJs(baseUrl: string, pagePath: string, cookie: string | null): Promise<FirstLoadJs> {
  const response = await fetch(`${baseUrl}${pagePath}`, { headers: cookie ? { cookie } : {} });
  const files = firstDocumentScripts(await response.text());
  let gzipBytes = 0;
  let brotliBytes = 0;
  for (const file of files) {
    gzipBytes += await bytesSent(`${baseUrl}${file}`, 'gzip', cookie);
    brotliBytes += await bytesSent(`${baseUrl}${file}`, 'br', cookie);
  }
  return { files: files.length, gzipBytes, brotliBytes };
}

export type WebDeliveryReport =
  | { measured: false; reason: string }
  | { measured: true; pages: PageReport[]; lighthouse: string };

/** The median of a non-empty list of numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const metric = z.object({ numericValue: z.number() });
const networkRequest = z.object({
  url: z.string(),
  resourceType: z.string().optional(),
  mimeType: z.string().optional(),
  transferSize: z.number().optional(),
  resourceSize: z.number().optional(),
});
/** The parts of Lighthouse's result read here. */
const lighthouseResult = z.object({
  lighthouseVersion: z.string(),
  environment: z.object({ benchmarkIndex: z.number() }),
  categories: z.record(z.string(), z.object({ score: z.number().nullable() })),
  audits: z.object({
    'first-contentful-paint': metric,
    'largest-contentful-paint': metric,
    'total-blocking-time': metric,
    interactive: metric,
    'network-requests': z.object({ details: z.object({ items: z.array(networkRequest) }) }),
  }),
});
type LighthouseResult = z.infer<typeof lighthouseResult>;

function chromiumPath(): string | null {
  const candidates = [process.env.CHROME_PATH, process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((c): c is string => !!c && fs.existsSync(c)) ?? null;
}

/** The browser's network log: only Network.responseReceived events are read (other events carry other shapes). */
const devtoolsLog = z.array(z.object({ method: z.string(), params: z.unknown() }));
const responseReceived = z.object({ response: z.object({ url: z.string(), headers: z.record(z.string(), z.string()) }) });

interface LighthouseRun {
  lhr: LighthouseResult;
  /** The report as Lighthouse wrote it, for its own median-run choice. */
  report: LH.Result;
  /** Content-Encoding of each response, by URL, from the browser's own network log. */
  encodings: Map<string, string>;
}

async function lighthouse(root: string, chrome: string, url: string, cookie: string | null): Promise<LighthouseRun> {
  const cli = path.join(root, 'node_modules/lighthouse/cli/index.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-lighthouse-'));
  try {
    await run(
      process.execPath,
      [
        cli,
        url,
        `-GA=${dir}`,
        '--output=json',
        `--output-path=${path.join(dir, 'result.json')}`,
        '--quiet',
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
        ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
      ],
      { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 },
    );
    const report: unknown = JSON.parse(fs.readFileSync(path.join(dir, 'result.json'), 'utf8'));
    const lhr = lighthouseResult.parse(report);
    const encodings = new Map<string, string>();
    for (const event of devtoolsLog.parse(JSON.parse(fs.readFileSync(path.join(dir, 'defaultPass.devtoolslog.json'), 'utf8')))) {
      if (event.method !== 'Network.responseReceived') continue;
      const parsed = responseReceived.safeParse(event.params);
      if (!parsed.success) continue;
      const { response } = parsed.data;
      const header = Object.entries(response.headers).find(([k]) => k.toLowerCase() === 'content-encoding');
      encodings.set(response.url, header?.[1] ?? 'identity');
    }
    // Lighthouse's own result file, checked above for the parts read here.
    return { lhr, report: report as LH.Result, encodings };
  } finally {
    // BENCH_LIGHTHOUSE_KEEP=folder keeps each run's Lighthouse report and traces there, a folder
    // per page and in it one per run (named like the run's own temporary folder).
    const keep = process.env.BENCH_LIGHTHOUSE_KEEP;
    if (keep) fs.cpSync(dir, path.join(keep, new URL(url).pathname.replaceAll('/', '_') || '_', path.basename(dir)), { recursive: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Lighthouse now and then fails to record its trace (NO_NAVSTART, NO_FCP): a fault of the tool's
 * recording, not of the page, so that page is run again (twice at most) instead of ending the bench.
 */
async function lighthouseWithRetry(root: string, chrome: string, url: string, cookie: string | null): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await lighthouse(root, chrome, url, cookie);
    } catch (error) {
      const recording = error instanceof Error && /NO_NAVSTART|NO_FCP|recording the trace/.test(error.message);
      if (!recording || attempt === 3) throw error;
      process.stdout.write(`    (Lighthouse did not record the trace; again)\n`);
    }
  }
}

const scoreOf = (lhr: LighthouseResult, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

/** The page's figures from the median of its runs, with the range of their performance scores. */
function pageReport(page: (typeof PAGES)[number], runs: LighthouseRun[], firstLoad: FirstLoadJs): PageReport {
  const median = computeMedianRun(runs.map((r) => r.report));
  const chosen = runs.find((r) => r.report === median);
  if (!chosen) throw new Error('Lighthouse median run: not one of the runs');
  const { lhr, encodings } = chosen;
  const performance = runs.map((r) => scoreOf(r.lhr, 'performance'));
  const indices = runs.map((r) => r.lhr.environment.benchmarkIndex);
  const score = (id: string) => scoreOf(lhr, id);
  const requests = lhr.audits['network-requests'].details.items;
  const sum = (items: typeof requests) => items.reduce((s, r) => s + (r.transferSize ?? 0), 0);
  const apiJson = requests.filter(
    (r) => r.url.includes('/api/') && (r.mimeType ?? '').includes('json') && (r.resourceSize ?? 0) > 1024,
  );
  return {
    name: page.name,
    path: page.path,
    scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') },
    fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
    tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
    jsTransferBytes: sum(requests.filter((r) => r.resourceType === 'Script')),
    totalTransferBytes: sum(requests),
    apiJsonOver1kB: apiJson.length,
    apiJsonCompressed: apiJson.filter((r) => (encodings.get(r.url) ?? 'identity') !== 'identity').length,
    firstLoad,
    runs: runs.length,
    performanceRange: [Math.min(...performance), Math.max(...performance)],
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    benchmarkIndexRange: [Math.round(Math.min(...indices)), Math.round(Math.max(...indices))],
  };
}

/**
 * Lighthouse (mobile preset, Debian's chromium) on the sign-in page and the three homes of a
 * fresh `npm start`-style server, `runs` times each: the median run's category scores, FCP, LCP,
 * TBT and the bytes the browser actually received.
 */
export async function benchWebDelivery(root: string, runs = LIGHTHOUSE_RUNS_DEFAULT): Promise<WebDeliveryReport> {
  // BENCH_WEB_DIST=folder serves a web build made elsewhere (vite build --outDir folder), which
  // another build of the repository's own dist cannot replace halfway through the runs.
  const distDir = process.env.BENCH_WEB_DIST ? path.resolve(process.env.BENCH_WEB_DIST) : path.join(root, 'packages/web/dist');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) return { measured: false, reason: 'web not built: run npm run build' };
  const chrome = chromiumPath();
  if (!chrome) return { measured: false, reason: 'no chromium (set CHROME_PATH)' };
  const server = await spawnServer(root, { distDir });
  const { baseUrl } = server;
  try {
    const pages: PageReport[] = [];
    let version = '';
    for (const page of PAGES) {
      process.stdout.write(`  Lighthouse ${page.name} (${runs} runs)…\n`);
      const cookie = page.as ? await signInAs(baseUrl, page.as) : null;
      const results: LighthouseRun[] = [];
      for (let i = 0; i < runs; i += 1) results.push(await lighthouseWithRetry(root, chrome, `${baseUrl}${page.path}`, cookie));
      version = results[0]?.lhr.lighthouseVersion ?? version;
      pages.push(pageReport(page, results, await firstLoadJs(baseUrl, page.path, cookie)));
    }
    return { measured: true, pages, lighthouse: version };
  } finally {
    await server.stop();
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

export function formatWebDelivery(report: WebDeliveryReport): string[] {
  if (!report.measured) return [`Web delivery: not measured: ${report.reason}`];
  const t = WEB_TARGETS;
  const indices = report.pages.map((p) => p.benchmarkIndex);
  const machine =
    indices.length === 0
      ? ''
      : `; benchmark index ${Math.round(median(indices))} (median of the pages' median runs; ${Math.min(...report.pages.map((p) => p.benchmarkIndexRange[0]))}–${Math.max(...report.pages.map((p) => p.benchmarkIndexRange[1]))} over all runs; higher: a faster core)`;
  const lines = [
    `Web delivery (Lighthouse ${report.lighthouse}, mobile preset${machine}; each page's median run of ${report.pages[0]?.runs ?? 0}, with the range of its performance scores; bytes as received; targets: performance ≥ ${t.performance}, accessibility ${t.accessibility}, LCP ≤ ${t.lcpMs} ms, TBT ≤ ${t.tbtMs} ms, JS ≤ ${kB(t.signInJsBytes)} for /, ≤ ${kB(t.homeJsBytes)} per home)`,
    `  ${'page'.padEnd(18)} ${'perf'.padStart(4)} ${'range'.padStart(7)} ${'a11y'.padStart(4)} ${'b-p'.padStart(4)} ${'seo'.padStart(4)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ${'TBT'.padStart(6)} ${'JS'.padStart(9)} ${'all'.padStart(9)} ${'bench idx'.padStart(9)}  API JSON > 1 kB compressed`,
  ];
  for (const p of report.pages) {
    const jsBudget = p.path === '/' ? t.signInJsBytes : t.homeJsBytes;
    const misses = [
      p.scores.performance < t.performance && 'performance',
      p.scores.accessibility < t.accessibility && 'accessibility',
      p.lcpMs > t.lcpMs && 'LCP',
      p.tbtMs > t.tbtMs && 'TBT',
      p.jsTransferBytes > jsBudget && 'JS',
      p.apiJsonCompressed < p.apiJsonOver1kB && 'compression',
    ].filter(Boolean);
    lines.push(
      `  ${p.name.padEnd(18)} ${String(p.scores.performance).padStart(4)} ${`${p.performanceRange[0]}–${p.performanceRange[1]}`.padStart(7)} ${String(p.scores.accessibility).padStart(4)} ${String(p.scores.bestPractices).padStart(4)} ${String(p.scores.seo).padStart(4)} ${`${p.fcpMs} ms`.padStart(7)} ${`${p.lcpMs} ms`.padStart(7)} ${`${p.tbtMs} ms`.padStart(6)} ${kB(p.jsTransferBytes).padStart(9)} ${kB(p.totalTransferBytes).padStart(9)} ${String(p.benchmarkIndex).padStart(9)}  ${p.apiJsonCompressed}/${p.apiJsonOver1kB}  ${misses.length === 0 ? 'meets the targets' : `MISSES ${misses.join(', ')}`}`,
    );
  }
  lines.push(
    `First load's JavaScript (the scripts each page's first document names, as the server sends them; target #13: organisation home ≤ ${kB(t.organisationFirstLoadGzipBytes)} gzip)`,
    `  ${'page'.padEnd(18)} ${'files'.padStart(5)} ${'gzip'.padStart(9)} ${'Brotli'.padStart(9)}`,
  );
  for (const p of report.pages) {
    const target = p.name === 'organisation home' ? p.firstLoad.gzipBytes <= t.organisationFirstLoadGzipBytes : null;
    lines.push(
      `  ${p.name.padEnd(18)} ${String(p.firstLoad.files).padStart(5)} ${kB(p.firstLoad.gzipBytes).padStart(9)} ${kB(p.firstLoad.brotliBytes).padStart(9)}${target === null ? '' : target ? '  meets the target' : '  MISSES the target'}`,
    );
  }
  return lines;
}
