import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { X_CHARTS_PARTS } from './build/x-charts-parts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: X_CHARTS_PARTS },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // MUI screens in jsdom take seconds on a loaded 2-core machine (CI); 5 s made them flaky.
    testTimeout: 30_000,
  },
});
