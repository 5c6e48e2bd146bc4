import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuild, serverNodeArgs } from '../../../scripts/server-process.mjs';
import { DEMO_PASSWORD } from '@palisade/server/seed/demo';
import { SESSION_COOKIE } from '@palisade/server/plugins/auth-context';

export interface SpawnedServer {
  baseUrl: string;
  child: ChildProcess;
  /** Stops the server and deletes its data folder. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The compiled server's build check, once per bench run. */
let built: Promise<unknown> | null = null;

/**
 * `npm start`'s server in a process of its own on a free port: exactly the process `npm start`
 * runs (scripts/server-process.mjs: dist/main.js, built first when missing or stale, with npm
 * start's Node flags and NODE_ENV), so the bench measures the JavaScript production runs, not tsx
 * compiling TypeScript in the server's process; the same demo seed; on PGlite in a new folder, or
 * on the PostgreSQL database `databaseUrl`. A process of its own, so that what the bench measures
 * is not slowed by the bench's own work.
 */
export async function spawnServer(
  root: string,
  opts: { distDir?: string; databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<SpawnedServer> {
  built ??= ensureServerBuild((line) => process.stdout.write(`  ${line}\n`));
  await built;
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-bench-server-'));
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, serverNodeArgs(process.env), {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV || 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      WEB_DIST: opts.distDir ?? path.join(dataDir, 'no-web'),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited with ${child.exitCode}`);
    }
    const up = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
    if (up) return { baseUrl, child, stop };
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the server did not answer within 300 s');
}

/** Signs in with the demo password; the session cookie. */
export async function signInAs(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!res.ok || !cookie) throw new Error(`sign-in as ${email} failed with ${res.status}`);
  return cookie;
}

/** The resident memory of a process, from /proc (Linux); null elsewhere. */
export function rssBytes(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}
