import { REQUIREMENTS_MAX } from '@palisade/domain/compliance/compliance.rules';
import type { Requirement, RequirementsReply } from '@palisade/domain/compliance/compliance.schema';
import { requirementFieldsSchema } from '@palisade/domain/compliance/compliance.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { coreMessages } from '@palisade/domain/messages-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createOnce, storedOrRollBack } from '../../lib/create-once';
import type { AuthContext } from '../../plugins/auth-context';
import { auditRepository } from '../audit/audit.repository';
import { ownOrganisation, requirementFor } from './compliance-access';
import { presentRequirement } from './compliance.presenter';
import { complianceRepository as repo, type RequirementRow, type RequirementValues } from './compliance.repository';

const m = messages.compliance;
type Fields = z.output<typeof requirementFieldsSchema>;

/** The columns of the form's fields: targets only for their scope, locations trimmed as written (one of each whatever its case; matched in any case), no reminders without expiry. */
function valuesOf(f: Fields): RequirementValues {
  return {
    name: f.name,
    description: f.description,
    scope: f.appliesTo,
    contractorIds: f.appliesTo === 'COMPANIES' ? [...new Set(f.contractorIds)] : [],
    locations: f.appliesTo === 'LOCATIONS' ? uniqueIgnoringCase(f.locations.map((l) => l.trim())) : [],
    mandatory: f.mandatory,
    expires: f.expires,
    reminderDays: f.expires ? f.reminderDays : [],
    reviewer: f.reviewer,
  };
}

/** The first spelling of each value, whatever its case. */
function uniqueIgnoringCase(values: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const v of values) if (!seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
  return [...seen.values()];
}

/** What the activity log keeps of a requirement (names and settings, no ids). */
const snapshot = (r: RequirementRow) => ({
  name: r.name,
  description: r.description,
  appliesTo: r.scope,
  companies: r.contractorIds.length,
  locations: r.locations,
  mandatory: r.mandatory,
  expires: r.expires,
  reminderDays: r.reminderDays,
  reviewer: r.reviewer,
});

/**
 * Compliance requirements (issue 57): what an organisation asks of its contractors. Its users
 * (type ORGANISATION) add, edit (based on a version: an older one is 409) and retire them; a
 * retired requirement keeps its documents and history. Each change is in one transaction with its
 * activity-log entry.
 */
export function createRequirementsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function checkFields(tx: DbOrTx, organisationId: string, values: RequirementValues, exceptId: string | null): Promise<void> {
    if (await repo.nameTaken(tx, organisationId, values.name, exceptId)) throw new AppError('CONFLICT', m.nameTaken, { field: 'name' });
    const ids = values.contractorIds ?? [];
    if (ids.length > 0 && (await repo.countContractors(tx, organisationId, ids)) !== ids.length)
      throw new AppError('BAD_REQUEST', m.invalid('contractorIds'), { field: 'contractorIds' });
  }

  return {
    /** createRequirement: a repeat of the same user's create (the same id) is answered with the first. */
    async create(ctx: AuthContext, id: string, companyId: string, fields: Fields): Promise<Requirement> {
      const organisationId = ownOrganisation(ctx, companyId);
      const values = valuesOf(fields);
      const create = () =>
        db.transaction(async (tx) => {
          if ((await repo.countLive(tx, organisationId)) >= REQUIREMENTS_MAX)
            throw new AppError('BAD_REQUEST', m.tooManyRequirements(REQUIREMENTS_MAX));
          await checkFields(tx, organisationId, values, null);
          const now = clock.now();
          const row = storedOrRollBack(
            await repo.insertRequirement(tx, { id, organisationId, ...values, createdBy: ctx.user.id, createdAt: now, updatedAt: now }),
          );
          await auditRepository.append(tx, {
            actorId: ctx.user.id,
            organisationId,
            action: 'compliance.createRequirement',
            entity: 'compliance_requirement',
            entityId: id,
            after: snapshot(row),
          });
          return presentRequirement(row);
        });
      const first = async () => {
        const row = await repo.findRequirement(db, id);
        return row && row.organisationId === organisationId ? { creatorId: row.createdBy, reply: presentRequirement(row) } : undefined;
      };
      return (await createOnce(ctx.user.id, create, first, { readFirst: true })).reply;
    },

    /** updateRequirement: applies from now on; a stale version is 409. */
    async update(ctx: AuthContext, requirementId: string, version: number, fields: Fields): Promise<Requirement> {
      const current = await requirementFor(db, ctx, requirementId);
      if (current.retiredAt !== null) throw new AppError('CONFLICT', m.requirementRetired, { field: 'requirementId' });
      if (current.version !== version) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse, { field: 'version' });
      const values = valuesOf(fields);
      return db.transaction(async (tx) => {
        await checkFields(tx, current.organisationId, values, current.id);
        const row = await repo.updateRequirement(tx, current.id, version, values, clock.now());
        if (!row) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse, { field: 'version' });
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: current.organisationId,
          action: 'compliance.updateRequirement',
          entity: 'compliance_requirement',
          entityId: current.id,
          before: snapshot(current),
          after: snapshot(row),
        });
        return presentRequirement(row);
      });
    },

    /** retireRequirement: no longer asked for; its documents and history stay readable. */
    async retire(ctx: AuthContext, requirementId: string, version: number): Promise<Requirement> {
      const current = await requirementFor(db, ctx, requirementId);
      if (current.retiredAt !== null) throw new AppError('CONFLICT', m.requirementRetired, { field: 'requirementId' });
      if (current.version !== version) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse, { field: 'version' });
      return db.transaction(async (tx) => {
        const row = await repo.retireRequirement(tx, current.id, version, clock.now());
        if (!row) throw new AppError('CONFLICT', coreMessages.http.changedBySomeoneElse, { field: 'version' });
        await auditRepository.append(tx, {
          actorId: ctx.user.id,
          organisationId: current.organisationId,
          action: 'compliance.retireRequirement',
          entity: 'compliance_requirement',
          entityId: current.id,
          before: { name: current.name },
          after: { retired: true },
        });
        return presentRequirement(row);
      });
    },

    /** listRequirements: the organisation's (its users and auditors), live ones first by name. */
    async list(ctx: AuthContext, companyId: string, includeRetired: boolean): Promise<RequirementsReply> {
      const organisationId = ownOrganisation(ctx, companyId);
      return { requirements: (await repo.listRequirements(db, organisationId, includeRetired)).map(presentRequirement) };
    },
  };
}
export type RequirementsService = ReturnType<typeof createRequirementsService>;
