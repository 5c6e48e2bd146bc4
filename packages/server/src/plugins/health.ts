import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '@palisade/domain/messages';
import type { Database } from '../db/client';
import { latestAppliedMigration, latestShippedMigration, pingDatabase } from '../db/readiness';
import { ok } from '../lib/envelope';
import type { FileStore } from '../storage/file-store';
import { replyOf } from './route-contract';

/** How long each readiness check may take before it counts as failing. */
export const READY_CHECK_TIMEOUT_MS = 3000;

/** The parts /api/ready checks, in the order it names them. */
export type ReadyPart = 'database' | 'migrations' | 'storage';

/** /api/health's data: the backends this process runs on. */
const healthReplySchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']), storage: z.enum(['local', 's3']) });
/** 'unknown': not checked because what it needs failed (migrations without a database). */
const partState = z.enum(['ok', 'failing', 'unknown']);
export type PartState = z.infer<typeof partState>;
/** /api/ready's data (on 200 and, in the same envelope shape, on 503): each part's state. */
const readyReplySchema = z.object({ database: partState, migrations: partState, storage: partState });

/** Rejects when work takes longer than ms (the work itself goes on, unawaited). */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * GET /api/health: the process is alive (no dependency checked: a load balancer's liveness probe).
 * GET /api/ready: the database answers, its migrations are at this build's latest, and the file
 * storage answers; else 503 naming the failing parts (the reasons go to the log, not the reply).
 */
export async function healthRoutes(app: FastifyInstance, opts: { database: Database; store: FileStore; checkTimeoutMs?: number }): Promise<void> {
  const { database, store } = opts;
  const timeoutMs = opts.checkTimeoutMs ?? READY_CHECK_TIMEOUT_MS;
  const latest = latestShippedMigration();

  app.get(
    '/health',
    { schema: { summary: 'Health: the process answers (it touches nothing else)', response: replyOf(healthReplySchema) }, config: { policy: null } },
    async () => ok({ status: 'ok', database: database.kind, storage: store.kind }),
  );

  const ready = {
    summary: 'Readiness: the database answers, its migrations are the latest, the file storage answers',
    description: '200 when ready; 503 naming the first part that is not (database, migrations, storage).',
    tags: ['health'],
    // 503: the same parts, in the envelope of a refusal.
    response: { ...replyOf(readyReplySchema), 503: z.object({ code: z.literal(503), message: z.string(), data: readyReplySchema }) },
  };
  app.get('/ready', { schema: ready, config: { policy: null } }, async (request, reply) => {
    const failures: Array<{ part: ReadyPart; err: unknown }> = [];
    const run = async (part: ReadyPart, check: () => Promise<void>): Promise<PartState> => {
      try {
        await within(check(), timeoutMs, part);
        return 'ok';
      } catch (err) {
        failures.push({ part, err });
        return 'failing';
      }
    };
    const [databaseState, storage] = await Promise.all([run('database', () => pingDatabase(database.db)), run('storage', () => store.check())]);
    const migrations: PartState =
      databaseState === 'ok'
        ? await run('migrations', async () => {
            const applied = await latestAppliedMigration(database.db);
            if (applied === null || applied < latest) throw new Error(`the database is at migration ${applied ?? 'none'}, this build at ${latest}`);
          })
        : 'unknown';
    const parts = { database: databaseState, migrations, storage };
    if (failures.length === 0) return ok(parts, messages.http.ready);
    for (const { part, err } of failures) request.log.warn({ err, part }, `not ready: ${part}`);
    const failing = (['database', 'migrations', 'storage'] as const).filter((p) => parts[p] === 'failing');
    return reply.code(503).header('cache-control', 'no-store').send({ code: 503, message: messages.http.notReady(failing), data: parts });
  });
}
