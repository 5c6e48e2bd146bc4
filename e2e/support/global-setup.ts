import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT } from '../playwright.config';

const root = path.resolve(import.meta.dirname, '../..');
export const E2E_DATA_DIR_FILE = path.join(os.tmpdir(), `palisade-e2e-${E2E_PORT}.datadir`);

/** Starts the real server (a plain node process, so its PID is its own) on a fresh data folder. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // Something already answering on the port (another run's server) would be tested instead of
  // ours, silently: refuse to start.
  const taken = await fetch(`http://localhost:${E2E_PORT}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${E2E_PORT} is in use: set E2E_PORT to a free port`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-e2e-'));
  fs.writeFileSync(E2E_DATA_DIR_FILE, dataDir);
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(E2E_PORT), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${E2E_PORT}`, DATABASE_URL: '', AUTH_RATE_LIMIT: '1000' },
    stdio: ['ignore', log, log],
  });
  // A shared, loaded machine may need longer: E2E_START_TIMEOUT_MS raises the wait.
  const startMs = Number(process.env.E2E_START_TIMEOUT_MS ?? 90_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited: see ${dataDir}/server.log`);
    try {
      const res = await fetch(`http://localhost:${E2E_PORT}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind on the port for the next run to trip over.
      server.kill('SIGTERM');
      throw new Error(`server did not start in ${Math.round(startMs / 1000)} s`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(E2E_DATA_DIR_FILE, { force: true });
  };
}
