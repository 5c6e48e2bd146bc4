import { EventEmitter } from 'node:events';
import type { PgListener } from '../db/pg-listener';

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

/**
 * Delivery across instances on one PostgreSQL: the sender's transaction runs pg_notify on the
 * channel, and every instance (the sender's too) hears it on its LISTEN connection. After that
 * connection was lost and is back, resync listeners catch up from the database.
 */
export function createDatabaseBus(listener: PgListener, channel: string): ChatBus {
  return {
    mode: 'database',
    publish() {
      // pg_notify in the sender's transaction does it.
    },
    onMessage(cb) {
      return listener.on(channel, (payload) => {
        if (payload) cb(payload);
      });
    },
    onResync(cb) {
      return listener.onBack(cb);
    },
    async close() {
      // The listener is the app's; it closes it.
    },
  };
}
