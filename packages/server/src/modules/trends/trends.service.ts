import { AppError } from '@palisade/domain/errors';
import { trendsMessages } from '@palisade/domain/trends/trends.messages';
import { OPEN_ITEMS_MAX, TREND_POINTS_MAX } from '@palisade/domain/trends/trends.rules';
import type { ContractorOpenItemsReply, ContractorTrendReply, TrendPoint } from '@palisade/domain/trends/trends.schema';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import { mayList } from '../../lib/reading-scope';
import type { AuthContext } from '../../plugins/auth-context';
import { presentOpenItems, presentPoint } from './trends.presenter';
import { trendsRepository } from './trends.repository';

const m = trendsMessages;

export interface TrendsDeps {
  db: Db;
}

/**
 * A contractor's trend across rounds and its open items (issue 58). The organisation reads any of
 * its contractors'; its auditors those of the organisation they work in (reading-scope.ts); a
 * contractor only its own. Anything else is 404, so that whether the contractor exists is not told.
 */
export function createTrendsService(deps: TrendsDeps) {
  const { db } = deps;

  /** The organisation the call reads: the one named (one the caller may list) or the working one; else 404. */
  function organisationFor(ctx: AuthContext, contractorId: string, companyId: string | undefined): string {
    const organisationId = companyId ?? ctx.organisationId;
    const allowed =
      organisationId !== null &&
      (ctx.user.type === UserType.CONTRACTOR ? contractorId === ctx.user.id && ctx.organisationIds.includes(organisationId) : mayList(ctx, organisationId));
    if (!allowed) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
    return organisationId;
  }

  return {
    /** The contractor's score, band and E-S-G-O per COMPLETED response (its rounds), oldest first. */
    async trend(ctx: AuthContext, contractorId: string, companyId?: string): Promise<ContractorTrendReply> {
      const organisationId = organisationFor(ctx, contractorId, companyId);
      // One more than shown: whether older points were left out.
      const rows = await trendsRepository.trend(db, organisationId, contractorId, TREND_POINTS_MAX + 1);
      const head = rows[0];
      if (!head?.contractor_id) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
      const newest = rows.map(presentPoint).filter((pt): pt is TrendPoint => pt !== null);
      const truncated = newest.length > TREND_POINTS_MAX;
      const points = newest.slice(0, TREND_POINTS_MAX).sort((x, y) => x.completedAt.localeCompare(y.completedAt) || x.responseId.localeCompare(y.responseId));
      return {
        contractor: { _id: head.contractor_id, name: head.contractor_name ?? '', companyId: organisationId },
        points,
        truncated,
      };
    },

    /** Its questions rejected and waiting for an answer, and its observations not yet decided. */
    async openItems(ctx: AuthContext, contractorId: string, companyId?: string): Promise<ContractorOpenItemsReply> {
      const organisationId = organisationFor(ctx, contractorId, companyId);
      if (!(await trendsRepository.isContractorOf(db, organisationId, contractorId))) {
        throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
      }
      const rejected = await trendsRepository.rejected(db, organisationId, contractorId, OPEN_ITEMS_MAX);
      const observations = await trendsRepository.openObservations(db, organisationId, contractorId, OPEN_ITEMS_MAX);
      return presentOpenItems(rejected, observations);
    },
  };
}
export type TrendsService = ReturnType<typeof createTrendsService>;
