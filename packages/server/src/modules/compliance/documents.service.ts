import {
  complianceStatus,
  daysBetween,
  EXPIRY_YEARS_MAX,
  mayReview,
  overallCompliance,
  requirementApplies,
  type ComplianceStatus,
} from '@palisade/domain/compliance/compliance.rules';
import type {
  DocumentHistoryReply,
  DocumentVersion,
  MyComplianceReply,
  MyRequirement,
  uploadDocumentFieldsSchema,
} from '@palisade/domain/compliance/compliance.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { UserType } from '@palisade/domain/user-types';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import type { FormFile } from '../../lib/upload-form';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import type { FilesService, StagedUpload } from '../files/files.service';
import type { Notifier } from '../notifications/notifications.service';
import { ownOrganisation, requirementFor, todayOf } from './compliance-access';
import { presentRequirement, presentVersion, zeroCounts } from './compliance.presenter';
import { complianceRepository as repo, type DocumentRow, type RequirementRow } from './compliance.repository';

const m = messages.compliance;
/** Where the documents' files are stored: compliance/{contractorId}/{version id}/. */
const COMPLIANCE_FILE_ROOT = 'compliance';

type UploadFields = z.output<typeof uploadDocumentFieldsSchema>;

/** A document's file, in the store but not yet a file (stageFile), and whose it is. */
export interface StagedDocument {
  staged: StagedUpload;
  contractorId: string;
}

/** The caller as a reviewer: the organisation's users, or its auditors. */
const reviewerKind = (ctx: AuthContext): 'ORGANISATION' | 'AUDITOR' | null =>
  ctx.user.type === UserType.ORGANISATION ? 'ORGANISATION' : ctx.user.type === UserType.AUDITOR ? 'AUDITOR' : null;

const statusOf = (latest: DocumentRow | null, requirement: RequirementRow, today: string): ComplianceStatus =>
  complianceStatus(latest && { state: latest.state, expiryDate: latest.expiryDate }, requirement, today);

const addYears = (day: string, years: number): string => `${String(Number(day.slice(0, 4)) + years).padStart(4, '0')}${day.slice(4)}`;

/**
 * Compliance documents (issue 57): the contractor uploads a version for a requirement (the older
 * ones stay as the history), the requirement's reviewers accept or reject it with a remark, and
 * both sides read the history. Each upload and judgement is one transaction with its activity-log
 * entry, its notification and the requirement's current cell (compliance_current).
 */
export function createComplianceDocumentsService(deps: { db: Db; files: FilesService; notifier: Notifier; clock: Clock }) {
  const { db, files, notifier, clock } = deps;

  /** The upload's file as text the form names: a wrong type (by name or by bytes) and an empty file are the catalogue's 400. */
  function asFormError(err: unknown): unknown {
    if (!(err instanceof AppError)) return err;
    if (err.errorCode === 'UNSUPPORTED_MEDIA_TYPE') return new AppError('BAD_REQUEST', m.fileType, { field: 'file' });
    if (err.errorCode === 'BAD_REQUEST') return new AppError('BAD_REQUEST', m.fileEmpty, { field: 'file' });
    return err;
  }

  const discard = (staged: StagedDocument) => files.discard(staged.staged).catch(() => undefined);

  return {
    /**
     * The document's file, streamed into the store as it arrives and checked by name, size and
     * bytes (PDF, JPEG or PNG); not yet a file: upload() records it, discard() removes it.
     */
    async stageFile(ctx: AuthContext, file: FormFile, folderId: string): Promise<StagedDocument> {
      try {
        await files.precheck({ ownerId: ctx.user.id, organisationId: ctx.organisationId });
      } catch (err) {
        file.stream.resume();
        throw err;
      }
      try {
        const staged = await files.stage({
          fileName: file.fileName,
          stream: file.stream,
          truncated: file.truncated,
          kind: 'compliance',
          folder: `${COMPLIANCE_FILE_ROOT}/${ctx.user.id}/${folderId}`,
        });
        return { staged, contractorId: ctx.user.id };
      } catch (err) {
        throw asFormError(err);
      }
    },

    /** Removes a staged file whose upload was refused. */
    async discard(staged: StagedDocument): Promise<void> {
      await discard(staged);
    },

    /**
     * uploadDocument: a new version for a requirement that applies to the signed-in contractor,
     * awaiting review. Issue date not after today, expiry (when the requirement expires) from
     * today to EXPIRY_YEARS_MAX years on; ignored when it does not expire. A repeat of the same
     * id is answered with the first version, its file removed. Refused, nothing is stored.
     */
    async upload(ctx: AuthContext, id: string, input: UploadFields, file: StagedDocument | null): Promise<DocumentVersion> {
      let repeat = false;
      let reply: DocumentVersion;
      try {
        if (!file) throw new AppError('BAD_REQUEST', m.fileRequired, { field: 'file' });
        if (file.contractorId !== ctx.user.id) throw new AppError('FORBIDDEN');
        const requirement = await requirementFor(db, ctx, input.requirementId);
        if (requirement.retiredAt !== null) throw new AppError('CONFLICT', m.requirementRetired, { field: 'requirementId' });
        if (!requirementApplies(requirement, { id: ctx.user.id, location: ctx.user.location ?? '' }))
          throw new AppError('FORBIDDEN', m.requirementNotApplicable, { field: 'requirementId' });
        const today = await todayOf(db, clock, requirement.organisationId);
        if (input.issueDate > today) throw new AppError('BAD_REQUEST', m.issueDateFuture, { field: 'issueDate' });
        let expiryDate: string | null = null;
        if (requirement.expires) {
          if (input.expiryDate === null) throw new AppError('BAD_REQUEST', m.expiryDateRequired, { field: 'expiryDate' });
          if (input.expiryDate < today) throw new AppError('BAD_REQUEST', m.expiryInPast, { field: 'expiryDate' });
          if (input.expiryDate > addYears(today, EXPIRY_YEARS_MAX)) throw new AppError('BAD_REQUEST', m.expiryTooFar(EXPIRY_YEARS_MAX), { field: 'expiryDate' });
          expiryDate = input.expiryDate;
        }
        const create = () =>
          db.transaction(async (tx) => {
            const record = await files.record(file.staged, { ownerId: ctx.user.id, organisationId: requirement.organisationId, staffOnly: true }, tx);
            // Versions are ordered by their upload time: never at or before the newest one's (a clock that stands still).
            const now = clock.now();
            const newest = await repo.newestUploadAt(tx, requirement.id, ctx.user.id);
            const at = newest !== null && newest.getTime() >= now.getTime() ? new Date(newest.getTime() + 1) : now;
            const row = storedOrRollBack(
              await repo.insertDocument(tx, {
                id,
                requirementId: requirement.id,
                organisationId: requirement.organisationId,
                contractorId: ctx.user.id,
                issueDate: input.issueDate,
                expiryDate,
                reference: input.reference,
                file: record,
                state: 'SUBMITTED',
                uploadedBy: ctx.user.id,
                uploaderName: ctx.user.name,
                createdAt: at,
              }),
            );
            await repo.setCurrent(tx, row, now);
            await auditRepository.append(tx, {
              actorId: ctx.user.id,
              organisationId: requirement.organisationId,
              action: 'compliance.upload',
              entity: 'compliance_document',
              entityId: id,
              after: { requirement: requirement.name, contractor: ctx.user.name, issueDate: row.issueDate, expiryDate: row.expiryDate, reference: row.reference },
            });
            await notifier.notify(tx, { kind: 'compliance_submitted', documentId: id });
            return presentVersion(row);
          });
        const first = async () => {
          const row = await repo.findDocument(db, id);
          return row && { creatorId: row.uploadedBy, reply: presentVersion(row) };
        };
        ({ reply, repeat } = await createOnce(ctx.user.id, create, first));
      } catch (err) {
        if (file) await discard(file);
        throw err;
      }
      if (repeat && file) await discard(file);
      return reply;
    },

    /**
     * reviewDocument: accepts or rejects the newest version, once, while it is SUBMITTED; by the
     * organisation's users and/or its auditors as the requirement's reviewer setting says.
     */
    async review(ctx: AuthContext, input: { documentId: string; decision: 'ACCEPTED' | 'REJECTED'; remark: string }): Promise<DocumentVersion> {
      const doc = await repo.findDocument(db, input.documentId);
      if (!doc || !ctx.organisationIds.includes(doc.organisationId)) throw new AppError('NOT_FOUND', m.documentNotFound, { field: 'documentId' });
      const requirement = await repo.findRequirement(db, doc.requirementId);
      const as = reviewerKind(ctx);
      if (!requirement || as === null || !mayReview(requirement.reviewer, as)) throw new AppError('FORBIDDEN', m.notReviewer);
      if (doc.state !== 'SUBMITTED') throw new AppError('CONFLICT', m.alreadyReviewed, { field: 'documentId' });
      if ((await repo.currentDocumentId(db, doc.requirementId, doc.contractorId)) !== doc.id)
        throw new AppError('CONFLICT', m.documentSuperseded, { field: 'documentId' });
      const contractor = await repo.contractorOf(db, doc.organisationId, doc.contractorId);
      return db.transaction(async (tx) => {
        const row = await repo.review(
          tx,
          doc.id,
          { state: input.decision, reviewedBy: ctx.user.id, reviewerName: ctx.user.name, reviewerType: ctx.user.type, remark: input.remark },
          clock.now(),
        );
        if (!row) throw new AppError('CONFLICT', m.alreadyReviewed, { field: 'documentId' });
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: doc.organisationId,
          action: input.decision === 'ACCEPTED' ? 'compliance.accept' : 'compliance.reject',
          entity: 'compliance_document',
          entityId: doc.id,
          after: { requirement: requirement.name, contractor: contractor?.name ?? '', remark: input.remark },
        });
        await notifier.notify(tx, { kind: 'compliance_reviewed', documentId: doc.id });
        return presentVersion(row);
      });
    },

    /** getDocumentHistory: one contractor's versions of one requirement, newest first (retired requirements too). */
    async history(ctx: AuthContext, requirementId: string, contractorId: string | undefined): Promise<DocumentHistoryReply> {
      const requirement = await requirementFor(db, ctx, requirementId);
      const isContractor = ctx.user.type === UserType.CONTRACTOR;
      if (isContractor && contractorId !== undefined && contractorId !== ctx.user.id)
        throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
      const cid = isContractor ? ctx.user.id : contractorId;
      if (cid === undefined) throw new AppError('BAD_REQUEST', m.required('contractorId'), { field: 'contractorId' });
      const contractor = await repo.contractorOf(db, requirement.organisationId, cid);
      if (!contractor) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
      const versions = await repo.history(db, requirement.id, contractor.id);
      const latest = versions[0] ?? null;
      const as = reviewerKind(ctx);
      return {
        requirement: presentRequirement(requirement),
        contractor: { _id: contractor.id, name: contractor.name, location: contractor.location },
        status: statusOf(latest, requirement, await todayOf(db, clock, requirement.organisationId)),
        versions: versions.map(presentVersion),
        canReview: as !== null && mayReview(requirement.reviewer, as) && latest?.state === 'SUBMITTED',
      };
    },

    /** listMyCompliance: the signed-in contractor's requirements of the organisation, with status, dates and the newest version. */
    async listMine(ctx: AuthContext, companyId: string): Promise<MyComplianceReply> {
      const organisationId = ownOrganisation(ctx, companyId);
      const today = await todayOf(db, clock, organisationId);
      const rows = await repo.requirementsOf(db, organisationId, { id: ctx.user.id, name: ctx.user.name, location: ctx.user.location ?? '' });
      const items: MyRequirement[] = rows.map(({ requirement, latest }) => {
        const status = statusOf(latest, requirement, today);
        const dated = latest !== null && latest.state === 'ACCEPTED' && requirement.expires && latest.expiryDate !== null;
        return {
          requirement: presentRequirement(requirement),
          status,
          latest: latest && presentVersion(latest),
          daysLeft: dated && latest.expiryDate !== null ? daysBetween(today, latest.expiryDate) : null,
        };
      });
      const counts = zeroCounts();
      for (const i of items) counts[i.status] += 1;
      let nextExpiry: MyComplianceReply['nextExpiry'] = null;
      for (const i of items) {
        const expiry = i.latest?.expiryDate ?? null;
        if ((i.status !== 'VALID' && i.status !== 'EXPIRING') || expiry === null || i.daysLeft === null) continue;
        if (nextExpiry === null || expiry < nextExpiry.expiryDate) nextExpiry = { requirementId: i.requirement._id, name: i.requirement.name, expiryDate: expiry };
      }
      const overall = overallCompliance(items.map((i) => ({ mandatory: i.requirement.mandatory, status: i.status })));
      return { items, overall, counts, nextExpiry };
    },
  };
}
export type ComplianceDocumentsService = ReturnType<typeof createComplianceDocumentsService>;
