import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { X_CHARTS_PARTS } from './build/x-charts-parts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: X_CHARTS_PARTS },
  test: {
    name: 'web',
    environment: 'jsdom',
    isolate: false,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // The bound only stops a test that hangs: MUI screens in jsdom take seconds on a quiet 2-core
    // machine and many times that on one shared with another run.
    testTimeout: 180_000,
  },
});
