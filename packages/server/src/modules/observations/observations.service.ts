import type { Readable } from 'node:stream';
import { OBSERVATION_EXPORT_MAX_ROWS, OBSERVATION_PHOTO_ROOT } from '@palisade/domain/constants';
import { AppError } from '@palisade/domain/errors';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { messages } from '@palisade/domain/messages';
import {
  DESCRIPTION_LABEL,
  OBSERVATION_CATEGORIES,
  dayEnd,
  dayStart,
  isObservationOpen,
  mayTakeObservationAction,
  statusAfterAction,
  yearBounds,
  type ObservationCategory,
} from '@palisade/domain/observations/observation.rules';
import type {
  Observation,
  ObservationField,
  ReportGraphReply,
  ReportTableReply,
} from '@palisade/domain/observations/observation.schema';
import { ObservationStatus } from '@palisade/domain/statuses';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createOnce, IdAlreadyStored } from '../../lib/create-once';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { usersRepository } from '../users/users.repository';
import type { FilesService, StagedUpload } from '../files/files.service';
import { presentObservation } from './observations.presenter';
import { observationsRepository, type ObservationRecord } from './observations.repository';

const m = messages.observation;
/** A report's time may run ahead of the server's clock by this much (a phone's clock). */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** A photo sent with a report, as the route hands it over. */
export interface IncomingPhoto {
  fileName: string;
  stream: Readable;
  truncated: () => boolean;
}

/** Who a report is from: the contractor (an employee's, or the caller) and the working organisation. */
interface Reporter {
  contractorId: string;
  organisationId: string;
}

/** A report's photo, in the store but not yet a file (stagePhoto). */
export interface StagedPhoto {
  /** The id naming the photo's folder (the report's, when the form's id came before the photo). */
  folderId: string;
  staged: StagedUpload;
  reporter: Reporter;
}

/** An employee reports for its contractor, a contractor for itself, to the working organisation. */
function reporterOf(ctx: AuthContext): Reporter {
  const contractorId = ctx.user.type === UserType.EMPLOYEE ? ctx.user.contractorId : ctx.user.id;
  const organisationId = ctx.user.type === UserType.EMPLOYEE ? ctx.user.organisationId : ctx.organisationId;
  if (!contractorId || !organisationId) throw new AppError('FORBIDDEN', m.noContractor);
  return { contractorId, organisationId };
}

/** createObservation's checked fields. */
export interface CreateObservationInput {
  category: ObservationCategory;
  description: string;
  location: string;
  reportedAt?: string | undefined;
  fields: ObservationField[];
}

/** Which reports a range or graph call reads: the organisation, maybe one contractor. */
interface ScopeRequest {
  company_id: string;
  managerid?: string | undefined;
}

/** True when the caller may read and act on the report: its organisation, or its own contractor. */
function mayAccess(ctx: AuthContext, row: Pick<ObservationRecord, 'organisationId' | 'contractorId'>): boolean {
  switch (ctx.user.type) {
    case UserType.ORGANISATION:
      return ctx.organisationIds.includes(row.organisationId);
    case UserType.CONTRACTOR:
      return row.contractorId === ctx.user.id && ctx.organisationIds.includes(row.organisationId);
    default:
      return false;
  }
}

/**
 * Safety observations (issue 14; company-and-auditor §2.8, §3, §4). Employees and contractors
 * report; the organisation reads everything of its own, a contractor only its own reports; both
 * act on a Submitted report once (status = action + 1). Anything not the caller's is 404, so that
 * whether it exists is not told. Figures are SQL aggregates over (organisation | contractor,
 * reported_at) indexes.
 */
export function createObservationsService(deps: { db: Db; files: FilesService; clock: Clock }) {
  const { db, files, clock } = deps;
  const organisationTable = observationsRepository.prepareOrganisationTable(db);
  const organisationGraph = observationsRepository.prepareOrganisationGraph(db);
  const contractorGraph = observationsRepository.prepareContractorGraph(db);

  /**
   * The organisation and contractor a call may read: the organisation must be the caller's; a
   * contractor reads only its own reports; a named contractor must serve the organisation.
   */
  async function scopeOf(ctx: AuthContext, req: ScopeRequest): Promise<{ organisationId: string; contractorId?: string }> {
    if (!ctx.organisationIds.includes(req.company_id)) throw new AppError('NOT_FOUND', m.notFound, { field: 'company_id' });
    if (ctx.user.type === UserType.CONTRACTOR) {
      if (req.managerid !== undefined && req.managerid !== ctx.user.id) throw new AppError('NOT_FOUND', m.notFound, { field: 'managerid' });
      return { organisationId: req.company_id, contractorId: ctx.user.id };
    }
    if (req.managerid !== undefined && !(await usersRepository.contractorServes(db, req.managerid, req.company_id))) {
      throw new AppError('NOT_FOUND', m.notFound, { field: 'managerid' });
    }
    return { organisationId: req.company_id, ...(req.managerid !== undefined ? { contractorId: req.managerid } : {}) };
  }

  async function graph(scope: { organisationId: string; contractorId?: string }, year: number, utcOffset: number): Promise<ReportGraphReply> {
    const bounds = yearBounds(year, utcOffset);
    // The organisation's graph reads the kept month and day counts; one contractor's, its own reports.
    const rows =
      scope.contractorId === undefined
        ? await organisationGraph(scope.organisationId, bounds, utcOffset)
        : await contractorGraph({ organisationId: scope.organisationId, contractorId: scope.contractorId, start: bounds.start, end: bounds.end }, utcOffset);
    const months: Record<string, Record<string, number>> = {};
    for (let month = 1; month <= 12; month += 1) {
      months[String(month)] = Object.fromEntries(OBSERVATION_CATEGORIES.map((c) => [c, 0]));
    }
    for (const r of rows) {
      const counts = months[String(r.month)];
      if (counts) counts[r.category] = (counts[r.category] ?? 0) + r.n;
    }
    return { [String(year)]: months };
  }

  async function loadForCaller(ctx: AuthContext, id: string): Promise<ObservationRecord> {
    const row = await observationsRepository.findById(db, id);
    if (!row || !mayAccess(ctx, row)) throw new AppError('NOT_FOUND', m.notFound, { field: '_id' });
    return row;
  }

  return {
    /**
     * The photo of a report being sent, streamed into the store as it arrives (never held whole in
     * memory: issue 64) and checked by name, size and bytes; not yet a file. The report's fields
     * may come after it: create() records it with the report, discardPhoto() removes it.
     */
    async stagePhoto(ctx: AuthContext, photo: IncomingPhoto, folderId: string): Promise<StagedPhoto> {
      let reporter: Reporter;
      try {
        reporter = reporterOf(ctx);
        await files.precheck({ ownerId: reporter.contractorId, organisationId: reporter.organisationId });
      } catch (err) {
        photo.stream.resume();
        throw err;
      }
      const staged = await files.stage({
        fileName: photo.fileName,
        stream: photo.stream,
        truncated: photo.truncated,
        kind: 'image',
        folder: `${OBSERVATION_PHOTO_ROOT}/${reporter.organisationId}/${folderId}`,
      });
      return { folderId, staged, reporter };
    },

    /** Removes a staged photo whose report was refused. */
    async discardPhoto(photo: StagedPhoto): Promise<void> {
      await files.discard(photo.staged);
    },

    /**
     * createObservation: an employee reports for its contractor, a contractor for itself, to the
     * working organisation. The photo (optional) is checked by name and bytes (JPEG or PNG, 10
     * MB) and is readable by the contractor and the organisation's staff only. A repeat of the same
     * user's report (the same id) is answered with the report the first stored: no second serial
     * number or count, its photo removed (createOnce).
     */
    async create(ctx: AuthContext, id: string, input: CreateObservationInput, photo: StagedPhoto | null): Promise<Observation> {
      const { contractorId, organisationId } = reporterOf(ctx);
      // The photo was staged by this reporter for this report (stagePhoto).
      if (photo && (photo.reporter.contractorId !== contractorId || photo.reporter.organisationId !== organisationId)) throw new AppError('FORBIDDEN', m.noContractor);
      const now = clock.now();
      const reportedAt = input.reportedAt ? new Date(input.reportedAt) : now;
      if (reportedAt.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new AppError('BAD_REQUEST', m.reportedAtFuture, { field: 'reportedAt' });
      const formData: ObservationField[] = [
        { label: 'FullName', value: ctx.user.name },
        { label: 'Category', value: input.category },
        ...(input.location ? [{ label: 'Location', value: input.location }] : []),
        { label: DESCRIPTION_LABEL, value: input.description },
        ...input.fields.filter((f) => !['FullName', 'Category', 'Location', DESCRIPTION_LABEL, 'photo'].includes(f.label)),
      ];
      const org = organisationId;
      const contractor = contractorId;
      let repeat = false;
      try {
        const create = () => db.transaction(async (tx) => {
          // The photo becomes a file with its report, in one transaction: readable by the contractor
          // and the organisation's staff, not its auditors (who may not read reports).
          const upload: FileRecord | null = photo
            ? await files.record(photo.staged, { ownerId: contractor, organisationId: org, staffOnly: true, auditorsExcluded: true }, tx)
            : null;
          const srno = await observationsRepository.nextSrno(tx, org);
          const row = {
            id,
            organisationId: org,
            srno,
            category: input.category,
            status: ObservationStatus.SUBMITTED,
            reportedAt,
            reportedBy: ctx.user.id,
            reporterName: ctx.user.name,
            contractorId: contractor,
            formData,
            description: input.description,
            photo: upload,
          };
          // Taken (a repeat): the serial number and the photo's record roll back with the rest.
          if (!(await observationsRepository.insert(tx, row))) throw new IdAlreadyStored();
          await observationsRepository.bumpDayCount(tx, org, reportedAt, input.category);
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId: org,
            action: 'observation.create',
            entity: 'observation',
            entityId: id,
            after: { srno, category: input.category, contractorId: contractor, reportedAt: reportedAt.toISOString() },
          });
        });
        const first = async () => {
          const stored = await observationsRepository.findById(db, id);
          return stored && { creatorId: stored.reportedBy, reply: undefined };
        };
        ({ repeat } = await createOnce(ctx.user.id, create, first));
      } catch (err) {
        if (photo) await files.discard(photo.staged).catch(() => undefined);
        throw err;
      }
      if (repeat && photo) await files.discard(photo.staged).catch(() => undefined);
      // The reporter may be an employee, who has no reading access: read the new row directly.
      const created = await observationsRepository.findById(db, id);
      if (!created) throw new AppError('NOT_FOUND', m.notFound);
      return presentObservation(created);
    },

    /** getObservationById: one report of the caller's (404 otherwise). */
    async get(ctx: AuthContext, id: string): Promise<Observation> {
      return presentObservation(await loadForCaller(ctx, id));
    },

    /** company/reportgraph: the organisation's (or one contractor's) counts per month and category. */
    async companyGraph(ctx: AuthContext, input: ScopeRequest & { year: number; utcOffset: number }): Promise<ReportGraphReply> {
      const scope = await scopeOf(ctx, input);
      return graph(scope, input.year, input.utcOffset);
    },

    /** contractor/reportgraph: one contractor's counts in the working organisation. */
    async contractorGraph(ctx: AuthContext, input: { year: number; managerid: string; utcOffset: number }): Promise<ReportGraphReply> {
      const organisationId = ctx.organisationId;
      if (!organisationId) throw new AppError('NOT_FOUND', m.notFound, { field: 'managerid' });
      const scope = await scopeOf(ctx, { company_id: organisationId, managerid: input.managerid });
      return graph(scope, input.year, input.utcOffset);
    },

    /** company/reporttable: a page of the range's reports, newest first, and their number. */
    async table(
      ctx: AuthContext,
      input: ScopeRequest & { start_date: string; end_date: string; utcOffset: number; page: number; limit: number },
    ): Promise<ReportTableReply> {
      const base = await scopeOf(ctx, input);
      const scope = { ...base, start: dayStart(input.start_date, input.utcOffset), end: dayEnd(input.end_date, input.utcOffset) };
      if (scope.contractorId === undefined) {
        // The whole organisation's table: one prepared statement.
        const { rows, total } = await organisationTable(scope, input.page * input.limit, input.limit);
        return { items: rows.map(presentObservation), total, page: input.page, limit: input.limit };
      }
      const [total, rows] = await Promise.all([
        observationsRepository.count(db, scope),
        observationsRepository.page(db, scope, input.page * input.limit, input.limit),
      ]);
      return { items: rows.map(presentObservation), total, page: input.page, limit: input.limit };
    },

    /** exportObservations: every report of the range (the organisation's CSV), newest first. */
    async exportRange(ctx: AuthContext, input: ScopeRequest & { start_date: string; end_date: string; utcOffset: number }): Promise<Observation[]> {
      const base = await scopeOf(ctx, input);
      const scope = { ...base, start: dayStart(input.start_date, input.utcOffset), end: dayEnd(input.end_date, input.utcOffset) };
      const total = await observationsRepository.count(db, scope);
      if (total > OBSERVATION_EXPORT_MAX_ROWS) {
        throw new AppError('BAD_REQUEST', m.exportTooLarge(OBSERVATION_EXPORT_MAX_ROWS), { field: 'end_date' });
      }
      return (await observationsRepository.page(db, scope, 0, total)).map(presentObservation);
    },

    /**
     * admin/rcastatus: an action (status = action + 1, its time) on a Submitted report only (409
     * afterwards), and/or the comment (rootCauseAnalysis) on any report not Marked as Duplicate:
     * Accepted and Rejected reports stay open for comments, a duplicate is closed (409; spec §4).
     * The accept time is captured once, by the first of them.
     */
    async rcaStatus(
      ctx: AuthContext,
      input: { _id: string; action?: 1 | 2 | 3 | undefined; rootCauseAnalysis?: string | undefined },
    ): Promise<Observation> {
      await db.transaction(async (tx) => {
        const row = await observationsRepository.lockById(tx, input._id);
        if (!row || !mayAccess(ctx, row)) throw new AppError('NOT_FOUND', m.notFound, { field: '_id' });
        if (!isObservationOpen(row.status)) throw new AppError('CONFLICT', m.duplicateClosed, { field: '_id' });
        if (input.action !== undefined && !mayTakeObservationAction(row.status)) throw new AppError('CONFLICT', m.closed, { field: 'action' });
        const now = clock.now();
        const values = {
          ...(input.action !== undefined
            ? { action: input.action, status: statusAfterAction(input.action), actionAt: now, actionBy: ctx.user.id }
            : {}),
          ...(input.rootCauseAnalysis !== undefined && input.rootCauseAnalysis !== '' ? { rootCauseAnalysis: input.rootCauseAnalysis } : {}),
          ...(row.acceptAt ? {} : { acceptAt: now }),
        };
        await observationsRepository.update(tx, row.id, values, now);
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: row.organisationId,
          action: 'observation.rcaStatus',
          entity: 'observation',
          entityId: row.id,
          before: { status: row.status, action: row.action, rootCauseAnalysis: row.rootCauseAnalysis },
          after: { status: values.status ?? row.status, action: values.action ?? row.action, rootCauseAnalysis: values.rootCauseAnalysis ?? row.rootCauseAnalysis },
        });
      });
      return presentObservation(await loadForCaller(ctx, input._id));
    },
  };
}
export type ObservationsService = ReturnType<typeof createObservationsService>;
