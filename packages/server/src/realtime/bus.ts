import { EventEmitter } from 'node:events';
import pg from 'pg';

/**
 * How instances hear of new chat messages. The payload is only the message id; each instance
 * loads the message itself. Two kinds:
 * - 'database' (PostgreSQL): the sender's transaction runs pg_notify, so that the news leaves
 *   only if the message is committed, and every instance (the sender's too) hears it on its
 *   LISTEN connection;
 * - 'process' (PGlite, one process): the sender publishes after the commit through an emitter.
 */
export interface ChatBus {
  readonly mode: 'database' | 'process';
  /** After the commit; only in 'process' mode ('database' publishes inside the transaction). */
  publish(messageId: string): void;
  /** Called with the id of every new message, of any instance; returns the unsubscribe. */
  onMessage(listener: (messageId: string) => void): () => void;
  /**
   * Called when the LISTEN connection is back after a loss, with the time it was lost: what was
   * notified meanwhile was not heard, so subscribers must be caught up from the database.
   */
  onResync(listener: (lostAt: Date) => void): () => void;
  close(): Promise<void>;
}

/** In-process delivery (PGlite: one process owns the database). */
export function createProcessBus(): ChatBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    mode: 'process',
    publish(messageId) {
      emitter.emit('message', messageId);
    },
    onMessage(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    onResync() {
      return () => undefined;
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

export interface PgBusOptions {
  connectionString: string;
  channel: string;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** First and longest wait before reconnecting (ms). */
  minDelayMs?: number;
  maxDelayMs?: number;
}

/**
 * PostgreSQL LISTEN on one dedicated connection (not a pool's: a pooled client would be handed to
 * queries and its LISTEN lost). When the connection ends it is opened again with a growing delay,
 * LISTEN is issued again, and resync listeners are told from when notifications were missed.
 * Resolves once the first LISTEN is in place, so that no message sent after start is missed.
 */
export async function createPgBus(opts: PgBusOptions): Promise<ChatBus & { /** For tests: ends the LISTEN connection as a failure would. */ dropConnection(): Promise<void> }> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const minDelay = opts.minDelayMs ?? 100;
  const maxDelay = opts.maxDelayMs ?? 5000;
  const channelSql = `LISTEN ${pg.escapeIdentifier(opts.channel)}`;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let delay = minDelay;
  let lostAt: Date | null = null;

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.connectionString });
    c.on('notification', (n) => {
      if (n.channel === opts.channel && n.payload) emitter.emit('message', n.payload);
    });
    // Both fire on a lost connection; the first one schedules the reconnect.
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c, null));
    try {
      await c.connect();
      await c.query(channelSql);
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
      opts.log.info({ since }, 'chat LISTEN connection is back');
      emitter.emit('resync', since);
    }
  }

  function lost(c: pg.Client, err: Error | null): void {
    if (client !== c) return;
    client = null;
    lostAt ??= new Date();
    c.removeAllListeners('end');
    c.end().catch(() => undefined);
    if (!closed) {
      opts.log.warn({ err }, 'chat LISTEN connection lost; reconnecting');
      schedule();
    }
  }

  function schedule(): void {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((err: unknown) => {
        opts.log.warn({ err }, 'chat LISTEN reconnect failed');
        delay = Math.min(delay * 2, maxDelay);
        schedule();
      });
    }, delay);
    timer.unref();
  }

  await connect();

  return {
    mode: 'database',
    publish() {
      // pg_notify in the sender's transaction does it.
    },
    onMessage(listener) {
      emitter.on('message', listener);
      return () => emitter.off('message', listener);
    },
    onResync(listener) {
      emitter.on('resync', listener);
      return () => emitter.off('resync', listener);
    },
    async dropConnection() {
      const c = client;
      if (!c) return;
      // As the server ending the backend would: the 'end' handler reconnects.
      await c.end();
    },
    async close() {
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
