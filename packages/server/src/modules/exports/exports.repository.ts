import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { exportJobs } from '../../db/schema';

export type ExportJobRow = typeof exportJobs.$inferSelect;

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/** A claimed job: what building it needs. */
export interface ClaimedExport {
  id: string;
  organisationId: string;
  requestedBy: string;
  attempts: number;
}

/** The only place that touches export_jobs (issue 61). */
export const exportsRepository = {
  /** Inserts a queued job; undefined when its id is taken (on conflict do nothing). */
  async insert(db: DbOrTx, row: { id: string; organisationId: string; requestedBy: string; at: Date }): Promise<ExportJobRow | undefined> {
    const [stored] = await db
      .insert(exportJobs)
      .values({ id: row.id, organisationId: row.organisationId, requestedBy: row.requestedBy, createdAt: row.at, runAt: row.at })
      .onConflictDoNothing({ target: exportJobs.id })
      .returning();
    return stored;
  },

  async byId(db: DbOrTx, id: string): Promise<ExportJobRow | undefined> {
    const [row] = await db.select().from(exportJobs).where(eq(exportJobs.id, id)).limit(1);
    return row;
  },

  /** The user's latest export of that organisation. */
  async latest(db: DbOrTx, userId: string, organisationId: string): Promise<ExportJobRow | undefined> {
    const [row] = await db
      .select()
      .from(exportJobs)
      .where(and(eq(exportJobs.requestedBy, userId), eq(exportJobs.organisationId, organisationId)))
      .orderBy(desc(exportJobs.createdAt), desc(exportJobs.id))
      .limit(1);
    return row;
  },

  /** The user's export of that organisation that is queued or being built, if any. */
  async inProgress(db: DbOrTx, userId: string, organisationId: string): Promise<ExportJobRow | undefined> {
    const [row] = await db
      .select()
      .from(exportJobs)
      .where(and(eq(exportJobs.requestedBy, userId), eq(exportJobs.organisationId, organisationId), sql`${exportJobs.status} in ('queued', 'building')`))
      .limit(1);
    return row;
  },

  /** Whether anything is due (a cheap look before a claim). */
  async hasDue(db: DbOrTx, now: Date): Promise<boolean> {
    const rows = rowsOf<{ one: number }>(
      await db.execute(sql`
        select 1 as one from ${exportJobs}
        where (status = 'queued' and run_at <= ${now.toISOString()}) or (status = 'building' and locked_until <= ${now.toISOString()})
        limit 1`),
    );
    return rows.length > 0;
  },

  /**
   * Claims one due job (queued and due, or building with an ended lease: its worker died) with
   * FOR UPDATE SKIP LOCKED, so that instances claiming at once take different rows; the claim
   * counts an attempt and holds a lease until `leaseUntil`.
   */
  async claim(db: DbOrTx, now: Date, leaseUntil: Date): Promise<ClaimedExport | undefined> {
    const [row] = rowsOf<{ id: string; organisation_id: string; requested_by: string; attempts: number }>(
      await db.execute(sql`
        update ${exportJobs} set status = 'building', attempts = attempts + 1, locked_until = ${leaseUntil.toISOString()}
        where id = (
          select id from ${exportJobs}
          where (status = 'queued' and run_at <= ${now.toISOString()}) or (status = 'building' and locked_until <= ${now.toISOString()})
          order by run_at, id
          limit 1
          for update skip locked
        )
        returning id, organisation_id, requested_by, attempts`),
    );
    return row ? { id: row.id, organisationId: row.organisation_id, requestedBy: row.requested_by, attempts: Number(row.attempts) } : undefined;
  },

  /** Extends the lease of this claim (the attempt it was made as); false when the claim was lost. */
  async renew(db: DbOrTx, job: ClaimedExport, leaseUntil: Date): Promise<boolean> {
    const rows = await db
      .update(exportJobs)
      .set({ lockedUntil: leaseUntil })
      .where(and(eq(exportJobs.id, job.id), eq(exportJobs.status, 'building'), eq(exportJobs.attempts, job.attempts)))
      .returning({ id: exportJobs.id });
    return rows.length > 0;
  },

  /** Marks the claim's job ready; false when the claim was lost meanwhile (another worker took it over). */
  async ready(db: DbOrTx, job: ClaimedExport, done: { fileKey: string; fileName: string; size: number; at: Date; expiresAt: Date }): Promise<boolean> {
    const rows = await db
      .update(exportJobs)
      .set({ status: 'ready', fileKey: done.fileKey, fileName: done.fileName, size: done.size, readyAt: done.at, expiresAt: done.expiresAt, lockedUntil: null, lastError: null })
      .where(and(eq(exportJobs.id, job.id), eq(exportJobs.status, 'building'), eq(exportJobs.attempts, job.attempts)))
      .returning({ id: exportJobs.id });
    return rows.length > 0;
  },

  /** A failed attempt: queued again at retryAt, or failed for good (retryAt null); the error kept. */
  async failed(db: DbOrTx, job: ClaimedExport, error: string, retryAt: Date | null): Promise<void> {
    await db
      .update(exportJobs)
      .set(retryAt ? { status: 'queued', runAt: retryAt, lockedUntil: null, lastError: error } : { status: 'failed', lockedUntil: null, lastError: error })
      .where(and(eq(exportJobs.id, job.id), eq(exportJobs.status, 'building'), eq(exportJobs.attempts, job.attempts)));
  },

  /** Ready exports whose link has ended: their ids and file keys (a page of them). */
  async expiredReady(db: DbOrTx, now: Date, limit: number): Promise<Array<{ id: string; fileKey: string | null }>> {
    return db
      .select({ id: exportJobs.id, fileKey: exportJobs.fileKey })
      .from(exportJobs)
      .where(and(eq(exportJobs.status, 'ready'), sql`${exportJobs.expiresAt} <= ${now.toISOString()}`))
      .orderBy(exportJobs.expiresAt)
      .limit(limit);
  },

  /** Marks an export expired once its file is deleted. */
  async expired(db: DbOrTx, id: string): Promise<void> {
    await db.update(exportJobs).set({ status: 'expired', fileKey: null }).where(and(eq(exportJobs.id, id), eq(exportJobs.status, 'ready')));
  },
};
