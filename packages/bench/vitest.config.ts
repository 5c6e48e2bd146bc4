import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'bench',
    include: ['src/**/*.test.ts'],
    // The generator's test copies the server's seeded test database: the server's own setup makes
    // it (one per run) and keeps test hashes cheap.
    globalSetup: ['../server/src/test/global-setup.ts'],
    setupFiles: ['../server/src/test/setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    isolate: false,
    maxWorkers: 2,
  },
});
