import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer, stop } from './global-setup';
import { publishServers, serverPorts } from './servers';

const root = path.resolve(import.meta.dirname, '../..');

/** The data set's size (issue 63: 1 000 contractor companies in the demo organisation). */
export const SCALE_CONTRACTORS = Number(process.env.E2E_SCALE_SIZE ?? 1000);
const SCALE_RESPONSES = Number(process.env.E2E_SCALE_RESPONSES ?? 20_000);

/**
 * The scale run's one server (`npm run e2e:scale`): the demo seed plus the bench's generated data
 * set (packages/bench/src/scale-data.ts) in a new data folder, then the real server on it.
 * E2E_SCALE_CACHE=DIR keeps the generated folder there and copies it for each later run (the
 * generation takes a minute or two; the server changes its copy only).
 */
export default async function scaleSetup(): Promise<() => Promise<void>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palisade-e2e-scale-'));
  const cache = process.env.E2E_SCALE_CACHE;
  const source = cache ?? dataDir;
  if (!cache || !fs.existsSync(path.join(cache, 'pglite'))) {
    if (cache) fs.rmSync(cache, { recursive: true, force: true });
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'packages/bench/src/scale-data.ts', '--dir', source, '--size', String(SCALE_CONTRACTORS), '--responses', String(SCALE_RESPONSES)],
      { cwd: root, stdio: 'inherit' },
    );
    if (run.status !== 0) throw new Error(`generating the scale data set failed (exit ${run.status})`);
  }
  if (source !== dataDir) fs.cpSync(source, dataDir, { recursive: true });
  const [port] = await serverPorts();
  if (port === undefined) throw new Error('no free port for the scale server');
  const started = await startServer(port, { dataDir, env: { SEED: 'false' } });
  publishServers([{ url: `http://localhost:${port}`, dataDir }]);
  return async () => {
    await stop(started);
  };
}
