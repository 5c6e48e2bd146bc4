import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { publishServers, serverPorts } from './servers';

const root = path.resolve(import.meta.dirname, '../..');

export interface Started {
  server: ChildProcess;
  dataDir: string;
  port: number;
}

/**
 * Starts the real server (a plain node process, so its PID is its own) on a fresh data folder, or
 * on `opts.dataDir` as it was prepared (the scale run's generated data set).
 */
export async function startServer(port: number, opts: { dataDir?: string; env?: Record<string, string> } = {}): Promise<Started> {
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-e2e-'));
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, DATABASE_URL: '', AUTH_RATE_LIMIT: '1000', ...opts.env },
    stdio: ['ignore', log, log],
  });
  let gone = false;
  const exited = new Promise<never>((_resolve, reject) =>
    server.once('exit', () => {
      gone = true;
      reject(new Error(`the server on port ${port} exited: see ${dataDir}/server.log`));
    }),
  );
  // Ready when it answers; no deadline of our own (a machine shared with another run may take
  // minutes): Playwright's globalTimeout bounds the whole run.
  const answers = (async () => {
    while (!gone) {
      const ok = await fetch(`http://localhost:${port}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 300));
    }
  })();
  await Promise.race([answers, exited]);
  return { server, dataDir, port };
}

export async function stop({ server, dataDir }: Started): Promise<void> {
  if (server.exitCode === null && server.signalCode === null) {
    const gone = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await gone;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** One server per Playwright worker, started side by side. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const ports = await serverPorts();
  const results = await Promise.allSettled(ports.map((port) => startServer(port)));
  const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(started.map(stop));
    throw failed.reason;
  }
  // Workers start after global setup and inherit its environment.
  publishServers(started.map(({ port, dataDir }) => ({ url: `http://localhost:${port}`, dataDir })));
  return async () => {
    await Promise.all(started.map(stop));
  };
}
