/**
 * Chat delivery latency: the time from a contractor's HTTP sendMessage to the 'message' frame on
 * a second client's socket (an auditor following the response), one message at a time. Measured
 * on one instance (PGlite; PostgreSQL with --pg) and across two instances on one PostgreSQL (send
 * through the first, receive on the second; only with --pg). The target is p99 ≤ 50 ms.
 *
 * Called at the end of `npm run bench`; alone:
 *   node --import tsx packages/bench/src/chat-latency.ts [--pg URL] [--messages N]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ChatMessage } from '@palisade/domain/chat/chat.schema';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { buildApp } from '@palisade/server/app';
import { loadConfig } from '@palisade/server/config';
import { openDatabase, type Database } from '@palisade/server/db/client';
import { TestSocket } from '@palisade/server/realtime/test-socket';
import { seedDemo } from '@palisade/server/seed/demo';
import { openPglite, openPostgres, type BenchBackend } from './backends';
import { percentile } from './percentile';
import { signInAs } from './spawn-server';

export interface ChatLatencyResult {
  setup: string;
  messages: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

const WARMUP = 20;
const TARGET_P99_MS = 50;


async function postJson<T>(baseUrl: string, url: string, body: unknown, cookie: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; message: string; data: T };
  if (!res.ok) throw new Error(`${url} failed with ${res.status}: ${json.message}`);
  return json.data;
}

/** Listening apps on one database (one or two instances). */
async function startApps(backend: BenchBackend, instances: number) {
  const apps: Awaited<ReturnType<typeof buildApp>>['app'][] = [];
  const extra: Database[] = [];
  const bases: string[] = [];
  for (let i = 0; i < instances; i += 1) {
    // Each instance has its own pool (and LISTEN connection), as separate processes would.
    let database = backend.database;
    if (i > 0) {
      if (!backend.databaseUrl) throw new Error('a second instance needs PostgreSQL');
      database = await openDatabase({ databaseUrl: backend.databaseUrl, pgliteDir: 'memory' });
      extra.push(database);
    }
    const config = loadConfig({
      DATA_DIR: backend.dataDir,
      ...(backend.databaseUrl ? { DATABASE_URL: backend.databaseUrl } : {}),
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(backend.dataDir, 'no-web'),
      AUTH_RATE_LIMIT: '100000',
    });
    const { app } = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('The server has no TCP address');
    apps.push(app);
    bases.push(`http://127.0.0.1:${address.port}`);
  }
  return {
    bases,
    async close() {
      for (const app of apps) await app.close();
      for (const d of extra) await d.close();
    },
  };
}

/** Sends `count` messages through sendBase and times each until it reaches a socket on receiveBase. */
async function measureDelivery(setup: string, sendBase: string, receiveBase: string, count: number): Promise<ChatLatencyResult> {
  const contractor = await signInAs(sendBase, 'contractor1@demo.test');
  const auditor = await signInAs(receiveBase, 'auditor1@demo.test');
  const me = await fetch(`${sendBase}/api/auth/me`, { headers: { cookie: contractor } });
  const contractorId = ((await me.json()) as { data: { _id: string } }).data._id;
  const responses = await postJson<ResponseReply[]>(
    sendBase,
    '/api/assessment/responses/getResponsesByContractorId',
    { contractorId, include: { sections_category: true, sections_questions_question: true } },
    contractor,
  );
  const response = responses[0];
  const questionId = response?.sections?.[0]?.questions[0]?._id;
  if (!response || !questionId) throw new Error('contractor1 has no response to chat on');

  const socket = await TestSocket.open(receiveBase, auditor);
  try {
    socket.send({ type: 'subscribe', responseId: response._id });
    await socket.next((f): f is Extract<typeof f, { type: 'subscribed' }> => f.type === 'subscribed');
    const samples: number[] = [];
    for (let i = 0; i < WARMUP + count; i += 1) {
      const text = `bench ${setup} ${i} ${Date.now()}`;
      const from = socket.frames.length;
      const form = new FormData();
      form.set('responseId', response._id);
      form.set('questionId', questionId);
      form.set('message', text);
      const started = performance.now();
      const arrived = socket.next((f): f is Extract<typeof f, { type: 'message' }> => f.type === 'message' && f.message.message === text, 5000, from);
      const res = await fetch(`${sendBase}/api/chat/sendMessage`, { method: 'POST', headers: { cookie: contractor }, body: form });
      if (!res.ok) throw new Error(`sendMessage failed with ${res.status}`);
      (await res.json()) as { data: ChatMessage };
      await arrived;
      if (i >= WARMUP) samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 100) / 100;
    return { setup, messages: count, p50Ms: round(percentile(samples, 50)), p99Ms: round(percentile(samples, 99)), maxMs: round(samples[samples.length - 1] ?? Number.NaN) };
  } finally {
    socket.close();
  }
}

async function onBackend(backend: BenchBackend, count: number, twoInstances: boolean): Promise<ChatLatencyResult[]> {
  const results: ChatLatencyResult[] = [];
  try {
    await backend.database.migrate();
    await seedDemo(backend.database.db);
    const kind = backend.databaseUrl ? 'PostgreSQL' : 'PGlite';
    const one = await startApps(backend, 1);
    try {
      const base = one.bases[0] ?? '';
      results.push(await measureDelivery(`${kind}, one instance`, base, base, count));
    } finally {
      await one.close();
    }
    if (twoInstances) {
      const two = await startApps(backend, 2);
      try {
        results.push(await measureDelivery(`${kind}, two instances`, two.bases[0] ?? '', two.bases[1] ?? '', count));
      } finally {
        await two.close();
      }
    }
  } finally {
    await backend.dispose();
  }
  return results;
}

/** The table lines of the results. */
export function formatChatLatency(results: ChatLatencyResult[]): string[] {
  return [
    `Chat delivery latency (HTTP sendMessage → another client's socket; target p99 ≤ ${TARGET_P99_MS} ms)`,
    ...results.map(
      (r) =>
        `  ${r.setup.padEnd(28)} ${String(r.messages).padStart(4)} messages  p50 ${r.p50Ms.toFixed(2).padStart(7)} ms  p99 ${r.p99Ms.toFixed(2).padStart(7)} ms  max ${r.maxMs.toFixed(2).padStart(7)} ms  ${r.p99Ms <= TARGET_P99_MS ? 'ok' : 'OVER TARGET'}`,
    ),
  ];
}

/** PGlite on one instance (unless pgOnly); with a PostgreSQL URL, one and two instances on it. */
export async function benchChatLatency(opts: { pgUrl?: string | undefined; pgOnly?: boolean; messages?: number }): Promise<ChatLatencyResult[]> {
  const count = opts.messages ?? 200;
  const results: ChatLatencyResult[] = [];
  if (!opts.pgOnly) results.push(...(await onBackend(await openPglite(), count, false)));
  if (opts.pgUrl) results.push(...(await onBackend(await openPostgres(opts.pgUrl), count, true)));
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { pg: { type: 'string' }, 'pg-only': { type: 'boolean' }, messages: { type: 'string' } } });
  benchChatLatency({
    pgUrl: values.pg ?? process.env.BENCH_DATABASE_URL,
    pgOnly: values['pg-only'] ?? false,
    messages: values.messages ? Number(values.messages) : undefined,
  }).then(
    (results) => {
      for (const line of formatChatLatency(results)) console.log(line);
      if (!results.some((r) => r.setup.includes('two'))) console.log('  two instances: skipped (give --pg URL)');
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
