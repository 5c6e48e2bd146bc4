import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

import { E2E_WORKERS } from './support/servers';

/**
 * The browser: CHROMIUM_PATH, else Debian's headless shell (the old headless mode, what Playwright
 * itself runs for headless tests: a lighter browser than the full one), else Debian's chromium.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const browserPath = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // The bounds only stop what hangs: every wait ends when what it waits for shows. A machine
  // shared with another run (load average 15 on two cores) takes many times as long as a quiet one
  // (issue 55), so they are wide.
  timeout: 600_000,
  // The whole run, servers' start included: what stops a run that hangs (global setup has no
  // deadline of its own).
  globalTimeout: 60 * 60_000,
  expect: { timeout: 60_000 },
  // Files in parallel, one worker a server (support/fixtures.ts): a file's scenarios run in order
  // on the data its worker's server holds.
  fullyParallel: false,
  workers: E2E_WORKERS,
  // A scenario that needs a second try to pass is a defect to mend, not to retry (issue 55).
  retries: 0,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  globalSetup: './support/global-setup.ts',
  use: {
    // No baseURL here: each worker's tests go to its own server (support/fixtures.ts).
    screenshot: 'only-on-failure',
    // The portal honours the system's "reduce motion" (theme.ts): no fades or endless spinners to
    // paint, which took the browser's CPU on a two-core machine, and nothing half-faded to wait for.
    contextOptions: { reducedMotion: 'reduce' },
    // A trace records every step's DOM and screen for every test, kept or not: on two workers of a
    // two-core machine it took a fifth of the suite's CPU. E2E_TRACE=1 records them again.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    // A click or read that waits for something that never comes fails here, not at the test timeout.
    actionTimeout: 60_000,
    navigationTimeout: 120_000,
    launchOptions: {
      executablePath: browserPath,
      // Software compositing in the browser process: no GPU process emulating one on the CPU.
      args: ['--no-sandbox', '--disable-gpu', '--disable-gpu-compositing', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
