import { test as base } from '@playwright/test';
import { serverOf, type E2eServer } from './servers';

let current: E2eServer | undefined;

/** The address of this worker's server (what baseURL is in its tests). */
export function serverUrl(): string {
  if (!current) throw new Error('no server: import test from support/fixtures');
  return current.url;
}

/** The data folder of this worker's server (its outbox holds the mails the scenario sent). */
export function serverDataDir(): string {
  if (!current) throw new Error('no server: import test from support/fixtures');
  return current.dataDir;
}

/**
 * Playwright's test, with every page, context and request of a worker going to that worker's own
 * server (global setup starts one per worker): baseURL follows the worker's parallel index.
 */
export const test = base.extend<{ closeOwnContexts: void }, { workerServer: E2eServer }>({
  /**
   * Every context a scenario opened with browser.newContext() is closed when it ends, passed or
   * failed: a page left open keeps rendering and polling beside the next scenarios of its worker
   * (issue 55: CPU taken from them on a busy machine). Contexts opened before it (none today) stay.
   */
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(browser.contexts().filter((c) => !before.has(c)).map((c) => c.close()));
    },
    { auto: true },
  ],
  workerServer: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      current = serverOf(workerInfo.parallelIndex);
      await use(current);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer.url);
  },
});
