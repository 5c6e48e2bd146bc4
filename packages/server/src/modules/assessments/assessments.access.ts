import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { DbOrTx } from '../../db/client';
import type { AuthContext } from '../../plugins/auth-context';
import { mayList } from '../../lib/reading-scope';
import { organisationDay } from '../organisations/time-zone.service';

/**
 * Tenancy of the authoring calls: a companyId in a body must be one of the caller's organisations
 * (its own for the organisation, the ones it serves for an auditor); another tenant's id is 404,
 * never 403, so that whether it exists is not told.
 */
export function organisationNamed(ctx: AuthContext, companyId: string): string {
  if (!ctx.organisationIds.includes(companyId)) {
    throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(companyId), { field: 'companyId' });
  }
  return companyId;
}

/** A companyId of a list: one whose lists the caller reads (an auditor: its working one); else 404. */
export function listedOrganisation(ctx: AuthContext, companyId: string, index: number): string {
  if (!mayList(ctx, companyId)) {
    throw new AppError('NOT_FOUND', messages.assessment.organisationNotFound(companyId), { field: `companyIds.${index}` });
  }
  return companyId;
}

/** The organisation a write acts for: the body's companyId when given (checked), else the working one. */
export function workingOrganisation(ctx: AuthContext, companyId?: string): string {
  if (companyId !== undefined) return organisationNamed(ctx, companyId);
  if (!ctx.organisationId) throw new AppError('FORBIDDEN');
  return ctx.organisationId;
}

/**
 * A new or edited due date is not before the organisation's today (its time zone's day, issue 60;
 * the shared schema, which knows no organisation, checked it against the last day to end).
 */
export async function assertDueDate(tx: DbOrTx, organisationId: string, dueDate: string | undefined, now: Date): Promise<void> {
  if (dueDate !== undefined && dueDate < (await organisationDay(tx, organisationId, now))) {
    throw new AppError('BAD_REQUEST', messages.assessment.dateBeforeToday, { field: 'dueDate' });
  }
}
