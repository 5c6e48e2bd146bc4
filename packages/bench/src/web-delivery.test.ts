import { describe, expect, it } from 'vitest';
import { firstDocumentScripts, formatWebDelivery, median, type PageReport } from './web-delivery';

describe('firstDocumentScripts', () => {
  it("names the scripts and modulepreloads of a first document, once each, whatever the attributes' order", () => {
    const html = `<!doctype html><html><head>
    <link rel="preload" href="/api/auth/me" as="fetch" crossorigin>
    <script type="module" crossorigin src="/assets/first-paint-start.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/index-a1.js">
    <link crossorigin href="/assets/boot-b2.js" rel="modulepreload">
    <link rel="stylesheet" href="/assets/index-c3.css">
    <link rel="icon" href="data:image/svg+xml,x.js">
    <link rel="modulepreload" crossorigin href="/assets/boot-b2.js">
    </head><body><script>window.inline = 1;</script></body></html>`;
    expect(firstDocumentScripts(html)).toEqual([
      '/assets/first-paint-start.js',
      '/assets/index-a1.js',
      '/assets/boot-b2.js',
    ]);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('formatWebDelivery', () => {
  const page = (name: string, path: string, tbtMs: number, benchmarkIndex: number): PageReport => ({
    name,
    path,
    scores: { performance: 98, accessibility: 100, bestPractices: 100, seo: 91 },
    fcpMs: 700,
    lcpMs: 800,
    tbtMs,
    jsTransferBytes: 100_000,
    totalTransferBytes: 120_000,
    apiJsonOver1kB: 1,
    apiJsonCompressed: 1,
    firstLoad: { files: 5, gzipBytes: 100_000, brotliBytes: 90_000 },
    runs: 5,
    performanceRange: [97, 99],
    benchmarkIndex,
    benchmarkIndexRange: [benchmarkIndex - 100, benchmarkIndex + 50],
  });

  it("prints each page's benchmark index beside its figures and the runs' median and range in the header", () => {
    const lines = formatWebDelivery({
      measured: true,
      lighthouse: '12.8.2',
      pages: [page('sign-in /', '/', 40, 3600), page('contractor home', '/c', 90, 1200), page('auditor home', '/a', 60, 3700)],
    });
    expect(lines[0]).toContain('benchmark index 3600');
    expect(lines[0]).toContain('1100–3750 over all runs');
    expect(lines[1]).toMatch(/TBT +JS +all +bench idx +API JSON/);
    const row = (name: string) => lines.find((l) => l.trimStart().startsWith(name)) ?? '';
    expect(row('contractor home')).toMatch(/90 ms +100\.0 kB +120\.0 kB +1200 +1\/1/);
    expect(row('sign-in /')).toMatch(/ 3600 +1\/1 +meets the targets$/);
  });

  it('names a Total Blocking Time over the target as a miss', () => {
    const [, , slow] = formatWebDelivery({ measured: true, lighthouse: '12.8.2', pages: [page('organisation home', '/o', 1500, 900)] });
    expect(slow).toContain('MISSES TBT');
  });
});
