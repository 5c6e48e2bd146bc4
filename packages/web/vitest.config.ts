import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
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
