import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';
import { signIn, watchConsole } from './helpers';

/**
 * A server of a scenario's own, for scenarios that move the server's clock (digests, recurring
 * rounds): a plain node process on its own data folder, restarted with another clock offset.
 */
const root = path.resolve(import.meta.dirname, '../..');

export interface OwnServer {
  url: string;
  process: ChildProcess;
}

/** The environment of a portal of its own on `dataDir` and `port`, on the embedded database. */
export function ownServerEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}`, DATABASE_URL: '' };
}

/**
 * Starts the server on `dataDir`, its clock `offsetMs` ahead (support/clock-offset.ts): ready once
 * it answers. main.ts sweeps at start (digests, rounds), so what the moved clock owes is done
 * before it serves and nothing waits for the clock.
 */
export async function startOwnServer(dataDir: string, port: number, offsetMs: number): Promise<OwnServer> {
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './e2e/support/clock-offset.ts', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...ownServerEnv(dataDir, port), AUTH_RATE_LIMIT: '1000', PALISADE_E2E_CLOCK_OFFSET_MS: String(offsetMs) },
    stdio: ['ignore', log, log],
  });
  const url = `http://localhost:${port}`;
  await expect
    .poll(
      () => {
        if (child.exitCode !== null) throw new Error(`the server exited: see ${dataDir}/server.log`);
        return fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeout: 300_000 },
    )
    .toBe(true);
  return { url, process: child };
}

export async function stopOwnServer(server: OwnServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const gone = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await gone;
}

/** A signed-in page of its own browser context on `url`. */
export async function ownSession(browser: Browser, url: string, email: string) {
  const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const done = watchConsole(page);
  await signIn(page, email);
  await expect(page).not.toHaveURL(/\/$/);
  return { page, done, close: () => context.close() };
}

/** POSTs a call with the page's session; its `data`, failing on any code but 200. */
export async function callApi<T>(page: Page, url: string, body: unknown): Promise<T> {
  const reply = await page.request.post(url, { data: body });
  const json = (await reply.json()) as { message: string; data: T };
  expect(reply.status(), `${url}: ${json.message}`).toBe(200);
  return json.data;
}
