import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One seeded database per run, copied by each test file (issue 55).
    globalSetup: ['src/test/global-setup.ts'],
    setupFiles: ['src/test/setup.ts'],
    // One PGlite (or one PostgreSQL database) per test file; files run in parallel workers. The
    // timeouts only stop a test that hangs: no test waits on them, and a machine shared with another
    // run (load average 15 on two cores) may take many times as long as a quiet one.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
  },
});
