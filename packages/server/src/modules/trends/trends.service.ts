import { AppError } from '@palisade/domain/errors';
import { trendsMessages } from '@palisade/domain/trends/trends.messages';
import { OPEN_ITEMS_MAX, TREND_POINTS_MAX } from '@palisade/domain/trends/trends.rules';
import type {
  ContractorOpenItemsReply,
  ContractorTrendReply,
  TrendPoint,
} from '@palisade/domain/trends/trends.schema';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import { createReadMemo, NO_GENERATION, type Generation } from '../../db/read-memo';
import { brotliText } from '../../lib/brotli-text';
import { okJson } from '../../lib/envelope';
import { createEncodedReplyCache } from '../../lib/reply-cache';
import { mayList } from '../../lib/reading-scope';
import type { AuthContext } from '../../plugins/auth-context';
import { presentOpenItems, presentPoint } from './trends.presenter';
import { trendsRepository } from './trends.repository';

const m = trendsMessages;

export interface TrendsDeps {
  db: Db;
  /** Whether kept versions are still current (db/freshness.ts); absent: asked for each read. */
  generation?: Generation;
}

/**
 * What the trend replies kept as Brotli may hold: a reply of 60 rounds is some 32 kB of JSON and
 * 3 to 4 kB as Brotli, so 8 MB keeps some 2 000 contractors' (as JSON text, 32 MB kept 450: the
 * largest part of the server's memory after the 1 000-contractor bench).
 */
const TREND_CACHE_MAX_BYTES = 8 * 1024 * 1024;
const TREND_VERSION_MEMO_MAX = 10_000;

/**
 * A contractor's trend across rounds and its open items (issue 58). The organisation reads any of
 * its contractors'; its auditors those of the organisation they work in (reading-scope.ts); a
 * contractor only its own. Anything else is 404, so that whether the contractor exists is not told.
 */
export function createTrendsService(deps: TrendsDeps) {
  const { db } = deps;
  // The reply (its whole envelope, as Brotli) while the trend's version holds: a contractor's home
  // asks for it on each visit, and a completed round changes it once a quarter.
  const cache = createEncodedReplyCache(TREND_CACHE_MAX_BYTES);
  const versions = createReadMemo<string>(deps.generation ?? NO_GENERATION, TREND_VERSION_MEMO_MAX);

  /** The organisation the call reads: the one named (one the caller may list) or the working one; else 404. */
  function organisationFor(
    ctx: AuthContext,
    contractorId: string,
    companyId: string | undefined,
  ): string {
    const organisationId = companyId ?? ctx.organisationId;
    const allowed =
      organisationId !== null &&
      (ctx.user.type === UserType.CONTRACTOR
        ? contractorId === ctx.user.id && ctx.organisationIds.includes(organisationId)
        : mayList(ctx, organisationId));
    if (!allowed) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
    return organisationId;
  }

  /** The contractor's score, band and E-S-G-O per COMPLETED response (its rounds), oldest first. */
  async function trend(
    ctx: AuthContext,
    contractorId: string,
    companyId?: string,
  ): Promise<ContractorTrendReply> {
    return read(organisationFor(ctx, contractorId, companyId), contractorId);
  }

  /** trend of an organisation the caller was allowed to read. */
  async function read(organisationId: string, contractorId: string): Promise<ContractorTrendReply> {
    // One more than shown: whether older points were left out.
    const rows = await trendsRepository.trend(
      db,
      organisationId,
      contractorId,
      TREND_POINTS_MAX + 1,
    );
    const head = rows[0];
    if (!head?.contractor_id)
      throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
    const newest = rows.map(presentPoint).filter((pt): pt is TrendPoint => pt !== null);
    const truncated = newest.length > TREND_POINTS_MAX;
    const points = newest
      .slice(0, TREND_POINTS_MAX)
      .sort(
        (x, y) =>
          x.completedAt.localeCompare(y.completedAt) || x.responseId.localeCompare(y.responseId),
      );
    return {
      contractor: {
        _id: head.contractor_id,
        name: head.contractor_name ?? '',
        companyId: organisationId,
      },
      points,
      truncated,
    };
  }

  return {
    /**
     * The reply of getContractorTrend (the envelope with trend's data) as Brotli: from the cache
     * while the trend's version (one indexed read of the completed responses' row versions) holds,
     * else read and kept.
     */
    async trendReply(ctx: AuthContext, contractorId: string, companyId?: string): Promise<Buffer> {
      const organisationId = organisationFor(ctx, contractorId, companyId);
      const key = `${organisationId}:${contractorId}`;
      const version = await versions.get(key, () =>
        trendsRepository.trendVersion(db, organisationId, contractorId),
      );
      const hit = cache.get(key, version);
      if (hit !== undefined) return hit;
      const bytes = brotliText(okJson(JSON.stringify(await read(organisationId, contractorId))));
      cache.set(key, version, bytes);
      return bytes;
    },

    trend,

    /** Its questions rejected and waiting for an answer, and its observations not yet decided. */
    async openItems(
      ctx: AuthContext,
      contractorId: string,
      companyId?: string,
    ): Promise<ContractorOpenItemsReply> {
      const organisationId = organisationFor(ctx, contractorId, companyId);
      if (!(await trendsRepository.isContractorOf(db, organisationId, contractorId))) {
        throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
      }
      const rejected = await trendsRepository.rejected(
        db,
        organisationId,
        contractorId,
        OPEN_ITEMS_MAX,
      );
      const observations = await trendsRepository.openObservations(
        db,
        organisationId,
        contractorId,
        OPEN_ITEMS_MAX,
      );
      return presentOpenItems(rejected, observations);
    },
  };
}
export type TrendsService = ReturnType<typeof createTrendsService>;
