import type { Readable } from 'node:stream';
import { EXPORT_FILE_ROOT, EXPORT_LINK_DAYS } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import { exportDownloadPath, exportFileName, type ExportJob } from '@palisade/domain/exports/export.schema';
import { messages } from '@palisade/domain/messages';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import { newId } from '../../lib/ids';
import type { AuthContext } from '../../plugins/auth-context';
import type { FileStore } from '../../storage/file-store';
import type { Notifier } from '../notifications/notifications.service';
import { auditRepository } from '../audit/audit.repository';
import { buildExportZip, type BuiltExport } from './export-archive';
import { exportDataRepository } from './export-data.repository';
import { exportsRepository as repo, type ClaimedExport, type ExportJobRow } from './exports.repository';

const t = messages.exports;
const DAY_MS = 86_400_000;

/** How exports are built; every value has a default (EXPORT_QUEUE_DEFAULTS). */
export interface ExportBuildOptions {
  /** How long a claim holds a job; renewed every third of it while the zip is built. */
  leaseMs: number;
  /** The first retry's delay; it doubles per failed attempt. */
  backoffMs: number;
  /** Attempts before an export is given up (status failed, its last error kept). */
  maxAttempts: number;
  /** Rows read per page of a table. */
  pageRows?: number;
}

export const EXPORT_BUILD_DEFAULTS: ExportBuildOptions = { leaseMs: 5 * 60_000, backoffMs: 60_000, maxAttempts: 3 };

/** An export as the calls reply. */
export function presentExport(row: ExportJobRow, now: Date): ExportJob {
  const lapsed = row.status === 'ready' && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
  const status = lapsed ? 'expired' : row.status;
  return {
    _id: row.id,
    status,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    size: row.size ?? null,
    fileName: row.fileName ?? null,
    downloadUrl: status === 'ready' ? exportDownloadPath(row.id) : null,
  };
}

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/**
 * An organisation's export of all its data (issue 61). Its admin asks (request: a queued job, once
 * per client-made id, one at a time per admin); a worker (export-queue.ts) claims it and builds
 * the zip into the file store (export-archive.ts); the admin is then told by the bell and by mail,
 * and may download it, alone, for EXPORT_LINK_DAYS days; after that its file is deleted.
 */
export function createExportsService(deps: { db: Db; store: FileStore; clock: Clock; notifier: Notifier; options?: Partial<ExportBuildOptions> }) {
  const { db, store, clock, notifier } = deps;
  const opts = { ...EXPORT_BUILD_DEFAULTS, ...deps.options };
  const listeners = new Set<() => void>();

  function organisationOf(ctx: AuthContext): string {
    if (!ctx.organisationId) throw new AppError('FORBIDDEN', t.noOrganisation);
    return ctx.organisationId;
  }

  /** Ready, unexpired, and the caller's: else 404 (an expired one says so). */
  async function readable(ctx: AuthContext, id: string): Promise<ExportJobRow & { fileKey: string }> {
    const row = await repo.byId(db, id);
    if (!row || row.requestedBy !== ctx.user.id || !ctx.organisationIds.includes(row.organisationId)) {
      throw new AppError('NOT_FOUND', t.notFound, { field: 'id' });
    }
    const shown = presentExport(row, clock.now());
    if (shown.status === 'expired') throw new AppError('NOT_FOUND', t.expired, { field: 'id' });
    if (shown.status !== 'ready' || row.fileKey === null) throw new AppError('NOT_FOUND', t.notFound, { field: 'id' });
    return { ...row, fileKey: row.fileKey };
  }

  /** Builds a claimed job: ready (and its admin told), or queued again / failed with its error kept. */
  async function build(job: ClaimedExport, log: Log, signal?: AbortSignal): Promise<void> {
    const started = clock.now();
    const name = (await exportDataRepository.organisationName(db, job.organisationId)) ?? job.organisationId;
    const fileName = exportFileName(name, started.toISOString().slice(0, 10));
    // Each attempt its own key: a worker that lost its claim never writes over the new one's zip.
    const key = `${EXPORT_FILE_ROOT}/${job.organisationId}/${job.id}/${job.attempts}/${fileName}`;
    let lost = false;
    const renew = setInterval(() => {
      repo
        .renew(db, job, new Date(clock.now().getTime() + opts.leaseMs))
        .then((held) => {
          lost ||= !held;
        })
        .catch((err: unknown) => log.warn({ err, exportJob: job.id }, 'export lease not renewed'));
    }, Math.max(1000, Math.floor(opts.leaseMs / 3)));
    renew.unref();
    let built: BuiltExport;
    try {
      built = await buildExportZip({ db, store, ...(opts.pageRows ? { pageRows: opts.pageRows } : {}), ...(signal ? { signal } : {}) }, { organisationId: job.organisationId, organisationName: name, key, builtAt: started });
    } catch (err) {
      clearInterval(renew);
      const error = err instanceof Error ? err.message : String(err);
      if (signal?.aborted) {
        // The server is stopping: the job goes back to the queue at once, for this or another instance.
        await repo.failed(db, job, 'stopped with the server', clock.now());
        return;
      }
      const retryAt = job.attempts >= opts.maxAttempts ? null : new Date(clock.now().getTime() + opts.backoffMs * 2 ** Math.max(0, job.attempts - 1));
      log.warn({ err, exportJob: job.id, attempts: job.attempts, retryAt }, retryAt ? 'export failed; will retry' : 'export given up');
      await repo.failed(db, job, error.slice(0, 2000), retryAt);
      return;
    }
    clearInterval(renew);
    const at = clock.now();
    const expiresAt = new Date(at.getTime() + EXPORT_LINK_DAYS * DAY_MS);
    const marked =
      !lost &&
      (await db.transaction(async (tx) => {
        if (!(await repo.ready(tx, job, { fileKey: key, fileName, size: built.size, at, expiresAt }))) return false;
        await notifier.notify(tx, { kind: 'export_ready', organisationId: job.organisationId, userId: job.requestedBy, downloadPath: exportDownloadPath(job.id), expiresAt });
        return true;
      }));
    if (!marked) {
      // Another worker took the job over after this one's lease ended: its zip stands, this one goes.
      await store.delete(key).catch(() => undefined);
      return;
    }
    log.info({ exportJob: job.id, size: built.size, files: built.files, missingFiles: built.missingFiles.length }, 'export ready');
  }

  return {
    /** Called when a job is queued (the worker of this instance is nudged). */
    onQueued(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** Asks for an export of the caller's working organisation; a repeat of the same id answers the first. */
    async request(ctx: AuthContext, clientId: string | undefined): Promise<ExportJob> {
      const organisationId = organisationOf(ctx);
      const id = clientId ?? newId();
      const { reply, repeat } = await createOnce(
        ctx.user.id,
        () =>
          db.transaction(async (tx) => {
            if (await repo.inProgress(tx, ctx.user.id, organisationId)) throw new AppError('CONFLICT', t.inProgress);
            const row = storedOrRollBack(await repo.insert(tx, { id, organisationId, requestedBy: ctx.user.id, at: clock.now() }));
            await auditRepository.append(tx, {
              actorId: ctx.user.id,
              organisationId,
              action: 'organisation.export',
              entity: 'organisation',
              entityId: organisationId,
              after: { exportId: id },
            });
            return presentExport(row, clock.now());
          }),
        async () => {
          const row = await repo.byId(db, id);
          return row && row.organisationId === organisationId ? { creatorId: row.requestedBy, reply: presentExport(row, clock.now()) } : undefined;
        },
        { readFirst: true },
      );
      if (!repeat) for (const listener of listeners) listener();
      return reply;
    },

    /** The caller's latest export of its working organisation. */
    async mine(ctx: AuthContext): Promise<{ export: ExportJob | null }> {
      const row = await repo.latest(db, ctx.user.id, organisationOf(ctx));
      return { export: row ? presentExport(row, clock.now()) : null };
    },

    /** The zip of one of the caller's ready exports, as a stream. */
    async openDownload(ctx: AuthContext, id: string): Promise<{ stream: Readable; fileName: string; size: number | null }> {
      const row = await readable(ctx, id);
      let stream: Readable;
      try {
        stream = await store.get(row.fileKey);
      } catch {
        throw new AppError('NOT_FOUND', t.notFound, { field: 'id' });
      }
      return { stream, fileName: row.fileName ?? 'export.zip', size: row.size ?? null };
    },

    /** Whether a job is due (a cheap look before a claim). */
    hasDue: () => repo.hasDue(db, clock.now()),

    /** Claims one due job and builds it; false when none was due. */
    async runOne(log: Log, signal?: AbortSignal): Promise<boolean> {
      const now = clock.now();
      const job = await repo.claim(db, now, new Date(now.getTime() + opts.leaseMs));
      if (!job) return false;
      await build(job, log, signal);
      return true;
    },

    /** Deletes the files of exports whose link has ended; how many. */
    async sweepExpired(): Promise<number> {
      let n = 0;
      for (const row of await repo.expiredReady(db, clock.now(), 100)) {
        if (row.fileKey) await store.delete(row.fileKey);
        await repo.expired(db, row.id);
        n += 1;
      }
      return n;
    },
  };
}
export type ExportsService = ReturnType<typeof createExportsService>;
