import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@palisade/server/db/client';
import { auditLog, chatMessages, responses, sessions } from '@palisade/server/db/schema';
import { DEMO_PASSWORD } from '@palisade/server/seed/demo';
import type { Measurement, Target } from './measure';
import { multipartBody, SEQ_MARK, writeRotation, type RotationItem } from './rotate';
import type { Subject, WriteTargets } from './spread';

/** A write measured, and how to count in the database what it wrote. */
export interface BenchWrite {
  target: Target;
  /** Rows that stand for its acknowledged writes (compared before and after the run). */
  count(): Promise<number>;
}

/** What the check after the run found for one write. */
export interface WriteCheck {
  name: string;
  acknowledged: number;
  inDatabase: number;
  missing: number;
}


/**
 * The four writes of issue 21, each spread over the generated contractors: a changed text answer
 * (every save differs: a number of its own in the text), a submit of a PENDING response with every
 * question answered (each one submitted once), a chat message, and a sign-in (argon2 included).
 */
export function benchWrites(dbOf: () => Db, dir: string, subjects: readonly Subject[], targets: WriteTargets, connections: number): BenchWrite[] {
  const writes: BenchWrite[] = [];
  // The bench's client may be reopened between the counts (PGlite serves one process at a time).
  const countOf = async (query: (db: Db) => Promise<{ n: number }[]>) => (await query(dbOf()))[0]?.n ?? 0;
  const first = <T>(items: T[]): T => {
    const item = items[0];
    if (item === undefined) throw new Error('no item');
    return item;
  };
  /** The probe sends the first item; the load takes `items` in turn unless `extra` says otherwise. */
  const asTarget = (name: string, path: string, items: RotationItem[], extra: Partial<Target> = {}): Target => {
    const probe = first(items);
    return {
      name,
      method: 'POST',
      path,
      body: probe.body,
      ...(probe.cookie ? { cookie: probe.cookie } : {}),
      ...(probe.contentType ? { contentType: probe.contentType } : {}),
      ...(extra.rotation ? {} : { rotation: writeRotation(dir, items) }),
      ...extra,
    };
  };

  if (targets.answers.length > 0) {
    // As the answering screen saves an answer typed (use-answer-autosave.ts): one question, the
    // reply with only that question (reply 'sent').
    const items = targets.answers.map((a) => ({
      cookie: a.cookie,
      body: JSON.stringify({
        assesRespId: a.responseId,
        sectionId: a.sectionId,
        responseData: { questions: [{ _id: a.questionId, answer: { text: `Bench answer ${SEQ_MARK}` } }] },
        reply: 'sent',
      }),
    }));
    writes.push({
      target: asTarget('write responses/updateSectionInResponse', '/api/assessment/responses/updateSectionInResponse', items),
      count: () => countOf((db) => db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.action, 'response.saveSection'))),
    });

    const chat = targets.answers.map((a) => ({
      cookie: a.cookie,
      ...multipartBody({ responseId: a.responseId, questionId: a.questionId, message: `Bench message ${SEQ_MARK}` }),
    }));
    writes.push({
      target: asTarget('write chat/sendMessage', '/api/chat/sendMessage', chat),
      count: () => countOf((db) => db.select({ n: sql<number>`count(*)::int` }).from(chatMessages)),
    });
  }

  // Each response is submitted once: the probe takes the first, the warm-up the next fifth, the
  // measurement the rest; a connection builds one request more than it sends.
  const submits = targets.submits.map((s) => ({ cookie: s.cookie, body: JSON.stringify({ responseId: s.responseId, status: 'SUBMITTED' }) }));
  const spare = 2 * connections;
  const warmCount = Math.floor((submits.length - 1) / 5);
  if (warmCount > spare && submits.length - 1 - warmCount > spare) {
    const probe = submits.slice(0, 1);
    const warm = submits.slice(1, 1 + warmCount);
    const measured = submits.slice(1 + warmCount);
    const ids = targets.submits.map((s) => s.responseId);
    writes.push({
      target: asTarget('write responses/changeResponseStatus submit', '/api/assessment/responses/changeResponseStatus', probe, {
        rotation: writeRotation(dir, measured),
        warmupRotation: writeRotation(dir, warm),
        warmupMaxRequests: warm.length - spare,
        maxRequests: measured.length - spare,
      }),
      count: async () => {
        let n = 0;
        for (let i = 0; i < ids.length; i += 1000) {
          n += await countOf((db) =>
            db
              .select({ n: sql<number>`count(*)::int` })
              .from(responses)
              .where(and(inArray(responses.id, ids.slice(i, i + 1000)), eq(responses.status, 'SUBMITTED'))),
          );
        }
        return n;
      },
    });
  }

  if (subjects.length > 0) {
    const signIns = subjects.map((s) => ({ body: JSON.stringify({ email: s.email, password: DEMO_PASSWORD }) }));
    writes.push({
      target: asTarget('write auth/signIn', '/api/auth/signIn', signIns),
      count: () => countOf((db) => db.select({ n: sql<number>`count(*)::int` }).from(sessions)),
    });
  }
  return writes;
}

/** Updates of a table while a write ran: all, and those made in place (HOT: the new row version on its page, no index entry). */
export interface HotUpdates {
  updated: number;
  hot: number;
  /** False when the statistics had not counted as many updates as the write acknowledged by the deadline. */
  complete: boolean;
}

/** How long hotUpdatesOf waits for the statistics: PostgreSQL's backends report theirs within 10 s of going idle. */
const STATS_WAIT_MS = 15_000;

/**
 * The responses table's update counters (pg_stat_user_tables) before a write and after it, on
 * PostgreSQL: each save updates its response's row once. The server's connections report their
 * counts when idle, so the count after waits until it has grown by the acknowledged saves.
 */
export function hotUpdatesOf(dbOf: () => Db) {
  const read = async (): Promise<{ updated: number; hot: number }> => {
    const res: unknown = await dbOf().execute(
      sql`select coalesce(n_tup_upd, 0)::int as updated, coalesce(n_tup_hot_upd, 0)::int as hot from pg_stat_user_tables where relname = 'responses'`,
    );
    const row = (res as { rows: { updated: number; hot: number }[] }).rows[0];
    return row ?? { updated: 0, hot: 0 };
  };
  return {
    start: read,
    async since(start: { updated: number; hot: number }, acknowledged: number): Promise<HotUpdates> {
      const deadline = Date.now() + STATS_WAIT_MS;
      for (;;) {
        const now = await read();
        const updated = now.updated - start.updated;
        if (updated >= acknowledged || Date.now() > deadline) return { updated, hot: now.hot - start.hot, complete: updated >= acknowledged };
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
  };
}

/** The check of one write: acknowledged (2xx) against what the database gained meanwhile. */
export function checkOf(m: Measurement, before: number, after: number): WriteCheck {
  const inDatabase = after - before;
  return { name: m.name, acknowledged: m.acknowledged, inDatabase, missing: Math.max(0, m.acknowledged - inDatabase) };
}

/** The check's lines. */
export function formatWriteChecks(checks: readonly WriteCheck[]): string[] {
  if (checks.length === 0) return [];
  const width = Math.max(...checks.map((c) => c.name.length));
  return [
    'every acknowledged (2xx) write in the database, rows counted before and after; more rows than',
    'acknowledgements are requests in flight when a load stopped (stored, reply not read):',
    ...checks.map(
      (c) =>
        `  ${c.name.padEnd(width)}  acknowledged ${String(c.acknowledged).padStart(7)}  in database ${String(c.inDatabase).padStart(7)}  missing ${c.missing}`,
    ),
  ];
}
