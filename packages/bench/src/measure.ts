import fs from 'node:fs';
import path from 'node:path';
import autocannon, { type AutocannonResult } from 'autocannon';
import { percentile } from './percentile';
import type { ClientSetup } from './rotate';

/** One request shape to load the server with. */
export interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The session cookie (name=value), if signed in. */
  cookie?: string;
  /** The content type of the body (default application/json). */
  contentType?: string;
  /**
   * The hook (rotate.ts) each measured request takes its path, body and cookie from: a "spread"
   * or write measurement. The probe sends the target's own path, body and cookie.
   */
  rotation?: string;
  /** The warm-up's own hook, for writes whose items may be used once (submit). */
  warmupRotation?: string;
  /** At most this many requests measured (the items a use-once rotation has); else the duration decides. */
  maxRequests?: number;
  warmupMaxRequests?: number;
  /**
   * A "spread" read's number of items: its warm-up starts with one request for each (the first
   * pass), measured on its own. The measurement then sees what every later round sees; a 1 s
   * warm-up reached only part of the items, and the first reads of the rest fell in it.
   */
  firstPass?: number;
}

/** What a load counted besides its latencies: a load with any failure is no measurement of the call. */
interface Counts {
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** The first pass of a "spread" read: each item's first request, its caches cold for it. */
export interface FirstPass extends Counts {
  requests: number;
  p50Ms: number;
  p99Ms: number;
}

export interface Measurement extends Counts {
  name: string;
  method: string;
  path: string;
  baseline: boolean;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** The bytes read per reply on average, as sent (compressed where it is) and headers included. */
  bytesPerReply: number;
  /** 2xx replies of the probe, the warm-up and the measurement: what the server acknowledged. */
  acknowledged: number;
  /** Of a target with a first pass (Target.firstPass). */
  firstPass?: FirstPass;
}

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of unmeasured load first. */
  warmup: number;
}

/** How measure loads the server: the load's shape and the client hook (rotate.ts writeClientSetup). */
export interface MeasureOptions extends LoadOptions {
  clientSetup: ClientSetup;
}

/**
 * The headers of a measured request. Accept-Encoding is a browser's, so the figures include the
 * compression of replies over the threshold (#25). autocannon does not decode bodies: its byte
 * counts are the compressed bytes on the wire, and the replies still parse (Content-Length or
 * chunked framing is untouched by the encoding).
 */
function headersOf(target: Target): Record<string, string> {
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
  if (target.cookie) headers.cookie = target.cookie;
  if (target.body !== undefined) headers['content-type'] = target.contentType ?? 'application/json';
  return headers;
}

/** One plain request first, so that a failing call stops the run with its reply, not a count. */
export async function probe(baseUrl: string, target: Target): Promise<void> {
  const res = await fetch(baseUrl + target.path, {
    method: target.method,
    headers: headersOf(target),
    ...(target.body !== undefined ? { body: bodyText(target.body) } : {}),
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(
      `${target.name}: ${target.method} ${target.path} answered ${res.status}: ${text.slice(0, 500)}`,
    );
}

/** The body as sent: a string as it is (a multipart form), anything else as JSON. */
const bodyText = (body: unknown) => (typeof body === 'string' ? body : JSON.stringify(body));

/** A load's result, and its 2xx replies' times in ms, ascending (the client hook's, to the nanosecond). */
interface Loaded {
  result: AutocannonResult;
  times: Float64Array;
}

/**
 * The reply times the client hook left in `dir` (rotate.ts writeClientSetup), deleted once read:
 * one file for the load just ended, whose worker wrote it before it replied.
 */
export function takeTimes(dir: string): Float64Array {
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.f64'));
  const bytes = Buffer.concat(files.map((f) => fs.readFileSync(path.join(dir, f))));
  for (const f of files) fs.rmSync(path.join(dir, f));
  // A copy of its own, at offset 0: a Float64Array's start must be a multiple of 8.
  return new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)).sort();
}

async function load(
  baseUrl: string,
  target: Target,
  opts: Pick<MeasureOptions, 'connections' | 'clientSetup'>,
  duration: number,
  rotation: { hook?: string | undefined; max?: number | undefined },
): Promise<Loaded> {
  const { connections, clientSetup } = opts;
  // Nothing of an earlier load that stopped on an error.
  takeTimes(clientSetup.timesDir);
  const result = await autocannon({
    url: baseUrl + target.path,
    method: target.method,
    headers: headersOf(target),
    ...(target.body !== undefined ? { body: bodyText(target.body) } : {}),
    ...(rotation.hook ? { requests: [{ setupRequest: rotation.hook }] } : {}),
    // Duration or this many requests, whichever comes first.
    ...(rotation.max !== undefined ? { maxOverallRequests: Math.max(connections, rotation.max) } : {}),
    connections,
    duration,
    // The load runs in a worker thread of its own. On the bench's main thread the p99 of
    // getTotalScoresOfContrsInCompany, getCapPerformanceData and getEngagement rose to 8-12 ms at
    // the same p50 (about 1 ms), where here it stays at 2-3 ms (PostgreSQL, 200 000 responses,
    // 2026-11-29; the cause was not looked into).
    workers: 1,
    setupClient: clientSetup.hook,
  });
  const times = takeTimes(clientSetup.timesDir);
  const ok = ok2xx(result);
  if (times.length !== ok)
    throw new Error(`${target.name}: the client hook kept ${times.length} reply times for ${ok} 2xx replies (bench/rotate.ts writeClientSetup)`);
  return { result, times };
}

/** p50 and p99 of a load's reply times; 0 when it had no 2xx reply (its failures tell). */
const latencyOf = (times: Float64Array) => ({
  p50Ms: times.length > 0 ? percentile(times, 50) : 0,
  p99Ms: times.length > 0 ? percentile(times, 99) : 0,
});

const ok2xx = (r: AutocannonResult) =>
  Object.entries(r.statusCodeStats).reduce((n, [code, s]) => (code.startsWith('2') ? n + s.count : n), 0);

const countsOf = (r: AutocannonResult): Counts => ({
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats).map(([code, s]) => [code, s.count])),
});

/** A bound on a first pass, which ends with its last item's reply (about 1-2 s on PostgreSQL at 500 items). */
const FIRST_PASS_MAX_SECONDS = 120;

/** Warms up, then measures one target with autocannon. */
export async function measure(
  baseUrl: string,
  target: Target,
  opts: MeasureOptions,
  baseline: boolean,
): Promise<Measurement> {
  await probe(baseUrl, target);
  let warm = 0;
  let warmup = opts.warmup;
  let firstPass: FirstPass | undefined;
  if (target.firstPass !== undefined && target.rotation) {
    const { result: f, times } = await load(baseUrl, target, opts, FIRST_PASS_MAX_SECONDS, {
      hook: target.rotation,
      max: target.firstPass,
    });
    warm += ok2xx(f);
    // Its rate is not told: autocannon stops at the next whole second after its last request.
    // Its failures are told by failureOf, with the measurement's.
    firstPass = { requests: f.requests.total, ...latencyOf(times), ...countsOf(f) };
    // The rest of the warm-up's seconds, if the pass took fewer.
    warmup = Math.max(0, opts.warmup - f.duration);
  }
  if (warmup > 0) {
    const { result: w } = await load(baseUrl, target, opts, warmup, {
      hook: target.warmupRotation ?? target.rotation,
      max: target.warmupMaxRequests,
    });
    warm += ok2xx(w);
  }
  const { result: r, times } = await load(baseUrl, target, opts, opts.duration, {
    hook: target.rotation,
    max: target.maxRequests,
  });
  return {
    name: target.name,
    method: target.method,
    path: target.path,
    baseline,
    reqPerSec: r.requests.average,
    ...latencyOf(times),
    requests: r.requests.total,
    bytesPerReply: r.requests.total > 0 ? r.throughput.total / r.requests.total : 0,
    ...countsOf(r),
    acknowledged: 1 + warm + ok2xx(r),
    ...(firstPass ? { firstPass } : {}),
  };
}

/** A baseline measured several times: the median sample by req/s (the lower middle one of an even count). */
export function baselineOf(samples: readonly Measurement[]): Measurement {
  const sorted = [...samples].sort((a, b) => a.reqPerSec - b.reqPerSec);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  if (!median) throw new Error('no baseline sample');
  return median;
}

/** The failures a load counted, or null when it counted none. */
function failuresIn(c: Counts): string | null {
  if (c.non2xx === 0 && c.errors === 0 && c.timeouts === 0) return null;
  const codes = Object.entries(c.statusCodes)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, n]) => `${n}× ${code}`)
    .join(', ');
  return `${c.non2xx} non-2xx${codes ? ` (${codes})` : ''}, ${c.errors} errors, ${c.timeouts} timeouts`;
}

/** Why a measurement is no measurement of the call (it or its first pass counted failures), or null. */
export function failureOf(m: Measurement): string | null {
  const measured = failuresIn(m);
  const firstPass = m.firstPass ? failuresIn(m.firstPass) : null;
  if (!measured && !firstPass) return null;
  const parts = [measured, firstPass && `its first pass: ${firstPass}`].filter(Boolean);
  return `${m.name} (${m.method} ${m.path}): ${parts.join('; ')}`;
}

const pct = (value: number, base: number | undefined) =>
  base ? `${((value / base) * 100).toFixed(1)}%` : '–';

/** The table of one backend: each call with its ratio of req/s to both baselines. */
export function formatTable(
  rows: Measurement[],
  bare: number | undefined,
  select1: number | undefined,
): string[] {
  const header = ['call', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx/err', 'vs bare', 'vs select1'];
  const body = rows.map((m) => [
    m.baseline ? `${m.name} (baseline)` : m.name,
    m.reqPerSec.toFixed(0),
    m.p50Ms.toFixed(1),
    m.p99Ms.toFixed(1),
    `${m.non2xx}/${m.errors}`,
    pct(m.reqPerSec, bare),
    pct(m.reqPerSec, select1),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ');
  return [
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...body.map(line),
    "(latency: each 2xx reply's own time as autocannon's client took it, from the request to the reply's end)",
  ];
}

/** The first passes of the "spread" reads (Target.firstPass), one line each. */
export function formatFirstPasses(rows: readonly Measurement[]): string[] {
  const passes = rows.flatMap((m) => (m.firstPass ? [{ name: m.name, pass: m.firstPass }] : []));
  if (passes.length === 0) return [];
  const width = Math.max(...passes.map((p) => p.name.length));
  return [
    'first pass of each "spread" read, the start of its warm-up: one request per item, each its first (its reply not cached yet, its',
    'rows perhaps not in the database\'s buffers); not in the table above',
    ...passes.map(
      ({ name, pass }) =>
        `  ${name.padEnd(width)}  ${pass.requests} requests  p50 ${pass.p50Ms.toFixed(1)} ms  p99 ${pass.p99Ms.toFixed(1)} ms`,
    ),
  ];
}
