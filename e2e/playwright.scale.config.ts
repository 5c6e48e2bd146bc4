import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The scale run (issue 63, `npm run e2e:scale`): one server on the demo data plus the bench's
 * 1 000 generated contractor companies; the pickers, the paged lists and the first visit measured
 * there. Not part of `npm test` (its data set takes a minute or two to generate).
 */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: ['scale/**/*.spec.ts', 'tests/first-visit.spec.ts'],
  outputDir: './test-results-scale',
  workers: 1,
  globalSetup: './support/scale-setup.ts',
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report-scale' }]],
});
