import fs from 'node:fs';
import { EventEmitter } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, measure, takeTimes, type FirstPass, type Measurement } from './measure';
import { writeClientSetup, type ClientSetup } from './rotate';

const pass: FirstPass = {
  requests: 500,
  p50Ms: 20,
  p99Ms: 80,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { '200': 500 },
};

const clean: Measurement = {
  name: 'getResponseById spread',
  method: 'POST',
  path: '/api/responses/getResponseById',
  baseline: false,
  reqPerSec: 2000,
  p50Ms: 4,
  p99Ms: 12,
  requests: 6000,
  bytesPerReply: 900,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCodes: { '200': 6000 },
  acknowledged: 8501,
  firstPass: pass,
};

describe('failureOf', () => {
  it('passes a measurement and a first pass that counted only 2xx replies', () => {
    expect(failureOf(clean)).toBeNull();
    const { firstPass: _firstPass, ...withoutPass } = clean;
    expect(failureOf(withoutPass)).toBeNull();
  });

  it('names the measured failures with their status codes', () => {
    expect(
      failureOf({
        ...clean,
        non2xx: 3,
        timeouts: 1,
        statusCodes: { '200': 5996, '409': 2, '500': 1 },
      }),
    ).toBe(
      'getResponseById spread (POST /api/responses/getResponseById): 3 non-2xx (2× 409, 1× 500), 0 errors, 1 timeouts',
    );
  });

  it('fails a measurement whose first pass counted failures, though its measured seconds did not', () => {
    const firstPass = {
      ...pass,
      non2xx: 1,
      errors: 2,
      statusCodes: { '200': 497, '404': 1 },
    };
    expect(failureOf({ ...clean, firstPass })).toBe(
      'getResponseById spread (POST /api/responses/getResponseById): its first pass: 1 non-2xx (1× 404), 2 errors, 0 timeouts',
    );
    expect(failureOf({ ...clean, errors: 1, firstPass })).toBe(
      'getResponseById spread (POST /api/responses/getResponseById): 0 non-2xx, 1 errors, 0 timeouts; its first pass: 1 non-2xx (1× 404), 2 errors, 0 timeouts',
    );
  });
});

describe('the client hook (writeClientSetup)', () => {
  /** A reply of random bytes, as a Brotli reply is: no valid UTF-8 to decode. */
  const REPLY_BYTES = 30_000;
  const reply = Buffer.from(Array.from({ length: REPLY_BYTES }, (_, i) => (i * 151 + 7) % 256));
  /** How long the server works (a busy wait) before it replies to a request for /slow. */
  const SLOW_MS = 2.5;
  let dir = '';
  let setup: ClientSetup;
  let server: http.Server;
  let baseUrl = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-bench-hook-'));
    setup = writeClientSetup(dir);
    server = http.createServer((req, res) => {
      if (req.url === '/slow') {
        const start = performance.now();
        while (performance.now() - start < SLOW_MS);
      }
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': reply.length,
      });
      res.end(reply);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** One second of GETs of `urlPath` with the installed autocannon and the hook, no warm-up. */
  const measureGet = (urlPath: string, connections: number) =>
    measure(
      baseUrl,
      { name: urlPath, method: 'GET', path: urlPath },
      { connections, duration: 1, warmup: 0, clientSetup: setup },
      false,
    );

  it("replaces the client's body keeping, keeps 2xx reply times, and stops on a client without what it uses", () => {
    const setupClient = createRequire(import.meta.url)(setup.hook) as (client: object) => void;
    const kept: unknown[] = [];
    const client = Object.assign(new EventEmitter(), {
      destroyed: false,
      pipelinedRequests: { addBody: (data: unknown) => kept.push(data) },
      destroy(this: { destroyed: boolean }) {
        this.destroyed = true;
      },
    });
    setupClient(client);
    client.pipelinedRequests.addBody('a chunk');
    expect(kept).toEqual([]);
    // As autocannon's client emits a reply: status, bytes, time in ms.
    client.emit('response', 200, 100, 2.25);
    client.emit('response', 500, 100, 9);
    client.emit('response', 204, 100, 1.5);
    client.destroy();
    // A second destroy writes nothing again.
    client.destroy();
    expect([...takeTimes(setup.timesDir)]).toEqual([1.5, 2.25]);
    expect(takeTimes(setup.timesDir)).toHaveLength(0);
    expect(() => setupClient({})).toThrow(/autocannon changed/);
  });

  it('measures replies of 30 kB with the installed autocannon: every reply complete, its bytes counted', async () => {
    const m = await measureGet('/', 2);
    expect(failureOf(m)).toBeNull();
    expect(m.requests).toBeGreaterThan(10);
    expect(m.bytesPerReply).toBeGreaterThan(REPLY_BYTES);
    expect(m.bytesPerReply).toBeLessThan(REPLY_BYTES + 200);
  });

  it('times each reply below the millisecond: a server that works 2.5 ms a request has p50 and p99 of at least that, not whole ms', async () => {
    const m = await measureGet('/slow', 1);
    expect(failureOf(m)).toBeNull();
    expect(m.requests).toBeGreaterThan(20);
    expect(m.p50Ms).toBeGreaterThanOrEqual(SLOW_MS);
    expect(m.p99Ms).toBeGreaterThanOrEqual(m.p50Ms);
    // autocannon's own histogram would give whole milliseconds.
    expect(Number.isInteger(m.p50Ms)).toBe(false);
    expect(Number.isInteger(m.p99Ms)).toBe(false);
    // The times were read and taken away: the next load starts with none.
    expect(fs.readdirSync(setup.timesDir)).toEqual([]);
  });
});
