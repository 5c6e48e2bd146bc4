import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort } from '../support/servers';
import { ownServerEnv } from '../support/own-server';

/**
 * Issue 64: a process manager or container runtime stops what it started with SIGTERM to that one
 * process. Sent to `npm start`, npm and its shell ended while scripts/start.mjs and the server,
 * re-parented, kept serving without a drain. The README's production command and `npm start` must
 * both stop cleanly: the server finishes what is in flight, then every process of it is gone. No
 * browser: the scenario drives the commands themselves (after the web build of the browser lane).
 */
const root = path.resolve(import.meta.dirname, '../..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The processes below `pid` (Linux: read from /proc). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // It ended while the list was read.
    }
  }
  const below: number[] = [];
  let frontier = [pid];
  while (frontier.length > 0) {
    const next = [...parents].filter(([, ppid]) => frontier.includes(ppid)).map(([child]) => child);
    below.push(...next);
    frontier = next;
  }
  return below;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

for (const command of [
  { name: 'npm start', file: npm, args: ['start'] },
  {
    name: 'node scripts/start.mjs (the production command)',
    file: process.execPath,
    args: ['scripts/start.mjs'],
  },
]) {
  test(`SIGTERM to ${command.name} alone: the request in flight is answered, then no process of it is left`, async () => {
    test.skip(process.platform !== 'linux', 'reads the process tree from /proc');
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-start-'));
    let output = '';
    const child = spawn(command.file, command.args, {
      cwd: root,
      env: ownServerEnv(dataDir, port),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const started = child.pid ?? 0;
    let tree: number[] = [];
    try {
      await expect
        .poll(
          () =>
            fetch(`http://localhost:${port}/api/health`).then(
              (r) => r.status,
              () => 0,
            ),
          { timeout: 300_000, intervals: [500] },
        )
        .toBe(200);
      tree = descendants(started);
      expect(tree.length).toBeGreaterThan(0);

      // A request whose body is half sent when the signal comes.
      const body = JSON.stringify({ email: 'admin@demo.test', password: 'not the password' });
      const reply = new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/auth/signIn',
            headers: {
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        void expect
          .poll(() => output.includes('shutting down'), { timeout: 60_000 })
          .toBe(true)
          .then(() => req.end(body.slice(10)), reject);
      });
      // The signal comes once the server has the request (its log says so): one that reaches a
      // busy server after the signal is refused with 503 as it should be, which is another case.
      await expect
        .poll(() => output.split('\n').some((line) => line.includes('incoming request') && line.includes('/api/auth/signIn')), {
          timeout: 60_000,
        })
        .toBe(true);
      process.kill(started, 'SIGTERM');
      expect(await reply).toBe(401);

      await expect.poll(() => [started, ...tree].filter(alive), { timeout: 60_000 }).toEqual([]);
      expect(output).toContain('"msg":"shut down"');
    } finally {
      for (const pid of [started, ...tree]) if (alive(pid)) process.kill(pid, 'SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
