import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // MUI screens in jsdom take seconds on a loaded 2-core machine (CI); 5 s made them flaky.
    testTimeout: 30_000,
  },
});
