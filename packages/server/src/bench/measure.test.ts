import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf, measure, type FirstPass, type Measurement } from './measure';
import { writeClientSetup } from './rotate';

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
  let dir = '';
  let server: http.Server;
  let baseUrl = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-bench-hook-'));
    server = http.createServer((_req, res) => {
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

  it("replaces the client's body keeping, and stops on a client without it", () => {
    const setupClient = createRequire(import.meta.url)(writeClientSetup(dir)) as (
      client: object,
    ) => void;
    const kept: unknown[] = [];
    const client = { pipelinedRequests: { addBody: (data: unknown) => kept.push(data) } };
    setupClient(client);
    client.pipelinedRequests.addBody('a chunk');
    expect(kept).toEqual([]);
    expect(() => setupClient({})).toThrow(/autocannon changed/);
  });

  it('measures replies of 30 kB with the installed autocannon: every reply complete, its bytes counted', async () => {
    const m = await measure(
      baseUrl,
      { name: 'bytes', method: 'GET', path: '/' },
      { connections: 2, duration: 1, warmup: 0, clientSetup: writeClientSetup(dir) },
      false,
    );
    expect(failureOf(m)).toBeNull();
    expect(m.requests).toBeGreaterThan(10);
    expect(m.bytesPerReply).toBeGreaterThan(REPLY_BYTES);
    expect(m.bytesPerReply).toBeLessThan(REPLY_BYTES + 200);
  });
});
