import type { FastifyBaseLogger } from 'fastify';

/** The signals that stop the server gracefully. */
export const SHUTDOWN_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * Graceful shutdown on SIGTERM or SIGINT: close() runs (stop accepting, answer the requests in
 * flight, close the sockets, close the database) and the process exits 0; past timeoutMs it exits
 * 1 anyway. The handlers are removed as the first signal arrives, so a second signal has its
 * default effect and ends the process at once (and a parent such as scripts/start.mjs, reading
 * /proc, sees that the server no longer catches it).
 */
export function exitOnSignals(opts: { close: () => Promise<void>; timeoutMs: number; log: FastifyBaseLogger; exit?: (code: number) => void }): void {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const handler = (signal: NodeJS.Signals) => {
    for (const s of SHUTDOWN_SIGNALS) process.removeListener(s, handler);
    opts.log.info({ signal, timeoutMs: opts.timeoutMs }, `${signal}: shutting down (a second signal exits at once)`);
    const deadline = setTimeout(() => {
      opts.log.error({ timeoutMs: opts.timeoutMs }, 'shutdown deadline passed: exiting with work unfinished');
      exit(1);
    }, opts.timeoutMs);
    opts.close().then(
      () => {
        clearTimeout(deadline);
        opts.log.info('shut down');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(deadline);
        opts.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const s of SHUTDOWN_SIGNALS) process.on(s, handler);
}
