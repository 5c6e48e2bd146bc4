import { EventEmitter } from 'node:events';
import pg from 'pg';

export interface PgListenerOptions {
  connectionString: string;
  /** Every channel this instance listens on. */
  channels: readonly string[];
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** First and longest wait before reconnecting (ms). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How long connecting and LISTENing may take before the try counts as failed (a silent server). */
  connectTimeoutMs?: number;
}

/**
 * One PostgreSQL connection of this instance that LISTENs on its channels (a dedicated connection,
 * not a pool's: a pooled client would be handed to queries and its LISTEN lost). When it ends it
 * is opened again with a growing delay and LISTENs again; while it is down nothing is heard, so
 * `listening()` says so, and once it is back `onBack` listeners are told from when they may have
 * missed notifications. Resolves once the first LISTEN is in place, so that nothing notified after
 * start is missed.
 */
export async function createPgListener(opts: PgListenerOptions) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const minDelay = opts.minDelayMs ?? 100;
  const maxDelay = opts.maxDelayMs ?? 5000;
  const connectTimeout = opts.connectTimeoutMs ?? 10_000;
  const channels = new Set(opts.channels);
  const listenSql = opts.channels.map((c) => `LISTEN ${pg.escapeIdentifier(c)}`).join('; ');
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = minDelay;
  let lostAt: Date | null = null;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.connectionString, connectionTimeoutMillis: connectTimeout, query_timeout: connectTimeout });
    c.on('notification', (n) => {
      if (channels.has(n.channel)) emitter.emit(`notify:${n.channel}`, n.payload ?? '');
    });
    // Both fire on a lost connection; the first one schedules the reconnect.
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, null));
    try {
      await c.connect();
      await c.query(listenSql);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = minDelay;
    if (lostAt) {
      const since = lostAt;
      lostAt = null;
      opts.log.info({ since }, 'LISTEN connection is back');
      emitter.emit('back', since);
    }
  }

  function lost(c: pg.Client, err: Error | null): void {
    if (client !== c) return;
    client = null;
    lostAt ??= new Date();
    c.removeAllListeners('end');
    c.end().catch(() => undefined);
    if (!closed) {
      opts.log.warn({ err }, 'LISTEN connection lost; reconnecting');
      schedule();
    }
  }

  function schedule(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((err: unknown) => {
        opts.log.warn({ err }, 'LISTEN reconnect failed');
        delay = Math.min(delay * 2, maxDelay);
        schedule();
      });
    }, delay);
    timer.unref();
  }

  try {
    await connect();
  } catch (err) {
    // The database is not there yet (the server starts anyway; /api/ready says 503): listening
    // starts once it is, and 'back' tells the caches that they missed what happened meanwhile.
    lostAt = new Date();
    opts.log.warn({ err }, 'LISTEN connection failed; retrying');
    schedule();
  }

  return {
    /** Called with the payload of every notification on the channel; returns the unsubscribe. */
    on(channel: string, listener: (payload: string) => void): () => void {
      if (!channels.has(channel)) throw new Error(`not listening on ${channel}`);
      emitter.on(`notify:${channel}`, listener);
      return () => emitter.off(`notify:${channel}`, listener);
    },
    /** Called when the connection is back after a loss, with the time it was lost. */
    onBack(listener: (lostAt: Date) => void): () => void {
      emitter.on('back', listener);
      return () => emitter.off('back', listener);
    },
    /** False while the connection is down: notifications sent meanwhile are not heard. */
    listening(): boolean {
      return client !== null;
    },
    /** For tests: ends the connection as a failure would (it reconnects). */
    async dropConnection(): Promise<void> {
      const c = client;
      if (!c) return;
      await c.end();
    },
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const c = client;
      client = null;
      emitter.removeAllListeners();
      if (c) await c.end().catch(() => undefined);
    },
  };
}
export type PgListener = Awaited<ReturnType<typeof createPgListener>>;
