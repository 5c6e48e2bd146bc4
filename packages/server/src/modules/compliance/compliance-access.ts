import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { organisationDay } from '../organisations/time-zone.service';
import { complianceRepository as repo, type RequirementRow } from './compliance.repository';

const m = messages.compliance;

/** "Today" for the compliance rules: the clock's day in the organisation's time zone (issue 60). */
export const todayOf = (db: DbOrTx, clock: Clock, organisationId: string): Promise<string> => organisationDay(db, organisationId, clock.now());

/** An organisation the caller belongs to or serves; another's is 404 (whether it exists is not told). */
export function ownOrganisation(ctx: AuthContext, companyId: string): string {
  if (!ctx.organisationIds.includes(companyId))
    throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(companyId), { field: 'companyId' });
  return companyId;
}

/** A requirement of one of the caller's organisations; else 404. */
export async function requirementFor(db: DbOrTx, ctx: AuthContext, requirementId: string): Promise<RequirementRow> {
  const row = await repo.findRequirement(db, requirementId);
  if (!row || !ctx.organisationIds.includes(row.organisationId))
    throw new AppError('NOT_FOUND', m.requirementNotFound, { field: 'requirementId' });
  return row;
}
