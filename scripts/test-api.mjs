// Runs the API suite on the embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

// The server's calls, and the bench's tests (its generator writes through the server's repositories).
const vitest = ['vitest', 'run', '--project', 'server', '--project', 'bench'];
const run = (label, env) => {
  console.log(`\n── API tests on ${label} ──`);
  const res = spawnSync('npx', vitest, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (res.status !== 0) process.exit(res.status ?? 1);
};

run('PGlite', { PALISADE_TEST_BACKEND: 'pglite' });
if (process.env.TEST_DATABASE_URL) run('PostgreSQL', { PALISADE_TEST_BACKEND: 'postgres' });
else console.log('TEST_DATABASE_URL is not set: the PostgreSQL run is skipped.');
