import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ExportStatus } from '@palisade/domain/exports/export.schema';
import { createdAt } from './columns';
import { organisations, users } from './accounts';

/**
 * Issue 61: an organisation admin's export of all its organisation's data, and the job that builds
 * it. Workers of any instance claim queued rows (and building rows whose lease ended) with FOR
 * UPDATE SKIP LOCKED (modules/exports/export-queue.ts); a built zip is in the file store under
 * file_key until expires_at, then it is deleted and the row marked expired.
 */
export const exportJobs = pgTable(
  'export_jobs',
  {
    /** Made by the client (DECISIONS.md): the same request twice stores one row. */
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** The admin who asked: the only one who may download it. */
    requestedBy: text('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued row may be claimed (a retry waits). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A claim's lease, renewed while building: a worker that died leaves the row to another after it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    size: bigint('size', { mode: 'number' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // The Settings card: the admin's latest export of its organisation.
    index('export_jobs_requester_idx').on(t.requestedBy, t.organisationId, t.createdAt.desc()),
    // The workers: what is due (queued, or building with an ended lease).
    index('export_jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} in ('queued', 'building')`),
    // The expiry sweep.
    index('export_jobs_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'ready'`),
  ],
);
