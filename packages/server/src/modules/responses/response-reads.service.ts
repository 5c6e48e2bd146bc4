import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { DEFAULT_PAGE_SIZE } from '@palisade/domain/constants';
import type {
  ContractorAssessmentReply,
  ContractorResponsePage,
  EsgoReply,
  GetResponsesByContractorIdBody,
  ResponseReply,
  ScoreEntry,
} from '@palisade/domain/responses/response.schema';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import { createReadMemo, type Generation } from '../../db/read-memo';
import type { AuthContext } from '../../plugins/auth-context';
import { presentAssessment } from '../assessments/assessments.presenter';
import { assessmentsRepository } from '../assessments/assessments.repository';
import { usersRepository } from '../users/users.repository';
import { mayRead, ownContractorId } from './response-access';
import { presentContractorAssessment, presentEsgo, presentResponse } from './responses.presenter';
import { brotliText } from '../../lib/brotli-text';
import { okJson } from '../../lib/envelope';
import { createEncodedReplyCache, createReplyCache } from '../../lib/reply-cache';
import { responsesRepository } from './responses.repository';

const m = messages.responses;

/** What the reply cache of the contractors' lists may hold in memory (reply-cache.ts). */
const REPLY_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * What the kept getResponseById replies may hold, as Brotli: a response of 50 questions (26 kB of
 * JSON, 52 kB as a string in memory) is kept in 3.6 kB.
 */
const RESPONSE_CACHE_MAX_BYTES = 16 * 1024 * 1024;
/** Response and list versions remembered on PGlite (the most recently used). */
const VERSION_MEMO_MAX = 20_000;

/** What the reads need. */
export interface ResponseReadsDeps {
  db: Db;
  /** What kept version lookups go by (db/freshness.ts). */
  generation: Generation;
}

/**
 * The reads of responses (foundation-and-contractor §7): the assessments shared with a
 * contractor, its responses, one response, and the contractor's scores. The hot reads are served
 * as JSON text from a reply cache while the response's (or list's) version holds.
 */
export function createResponseReads(deps: ResponseReadsDeps) {
  const { db } = deps;
  const reads = responsesRepository.prepareReads(db);
  const cache = createReplyCache(REPLY_CACHE_MAX_BYTES);
  const responseCache = createEncodedReplyCache(RESPONSE_CACHE_MAX_BYTES);
  // On PGlite the versions themselves stay good until the next write (db/freshness.ts): a
  // repeated read then makes no query at all.
  const versions = createReadMemo<{ version: string; contractorId: string; organisationId: string }>(deps.generation, VERSION_MEMO_MAX);
  const listVersions = createReadMemo<string>(deps.generation, VERSION_MEMO_MAX);

  /**
   * The organisations whose data about a contractor the caller may see: a contractor its own;
   * the organisation and its auditors theirs, if the contractor serves one of them. Else 404.
   */
  async function scoreScope(ctx: AuthContext, contractorId: string): Promise<string[]> {
    if (ctx.user.type === UserType.CONTRACTOR) {
      ownContractorId(ctx, contractorId);
      return ctx.organisationIds;
    }
    const [found] = await usersRepository.findManyWithOrgs(db, [contractorId]);
    const shared = found && found.user.type === UserType.CONTRACTOR ? found.assoc.filter((o) => ctx.organisationIds.includes(o)) : [];
    if (shared.length === 0) throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
    return shared;
  }

  return {
    /**
     * getAssessmentsByContractorId: the assessments shared with the caller by the organisations
     * it serves, newest first, each with the caller's response (null when not started).
     */
    async listAssessmentsForContractor(
      ctx: AuthContext,
      contractorId: string,
      include: { sections_category: boolean; sections_questions_question: boolean },
    ): Promise<ContractorAssessmentReply[]> {
      ownContractorId(ctx, contractorId);
      if (ctx.organisationIds.length === 0) return [];
      const trees = await assessmentsRepository.loadTrees(
        db,
        assessmentsRepository.sharedWith(ctx.user.id),
        { categories: include.sections_category, questions: include.sections_questions_question },
      );
      const own = trees.filter((t) => ctx.organisationIds.includes(t.assessment.organisationId));
      const started = await responsesRepository.statusesByAssessment(db, ctx.user.id, own.map((t) => t.assessment.id));
      return own.map((t) => presentContractorAssessment(presentAssessment(t, include), ctx.user.id, started.get(t.assessment.id)));
    },

    /**
     * getResponsesByContractorId: the caller's responses, last accessed first, as the reply's
     * JSON text (ResponseReply[]): served from the reply cache while the list's version holds,
     * else read in one query and kept. The version is read before the rows, so a change between
     * the two only costs a rebuild on the next read, never a stale reply.
     */
    async listForContractorJson(
      ctx: AuthContext,
      contractorId: string,
      include: { sections_category: boolean; sections_questions_question: boolean },
    ): Promise<string> {
      ownContractorId(ctx, contractorId);
      const withSections = include.sections_category || include.sections_questions_question;
      const key = `list:${ctx.user.id}:${withSections ? 'sections' : 'plain'}`;
      const version = (await listVersions.get(ctx.user.id, () => reads.listVersion(ctx.user.id))) ?? '';
      const hit = cache.get(key, version);
      if (hit !== undefined) return hit;
      const records = await reads.listByContractor(ctx.user.id, withSections);
      const json = JSON.stringify(records.map(presentResponse));
      cache.set(key, version, json);
      return json;
    },

    /**
     * getResponsesByContractorId with a page (issue 21): one page of the caller's responses
     * (summaries), of one status or assessment name if asked, as the reply's JSON text. Read
     * each time (one indexed page, no cache): the lists of hundreds of contractors do not fit a
     * reply cache, and a page costs less to read than a list version to check.
     */
    async pageForContractorJson(
      ctx: AuthContext,
      body: Pick<GetResponsesByContractorIdBody, 'contractorId' | 'status' | 'search' | 'sort' | 'pageSize'> & { page: number },
    ): Promise<string> {
      ownContractorId(ctx, body.contractorId);
      const pageSize = body.pageSize ?? DEFAULT_PAGE_SIZE;
      const { records, total } = await reads.pageByContractor(ctx.user.id, {
        status: body.status,
        search: body.search,
        sort: body.sort ?? 'NTO',
        limit: pageSize,
        offset: (body.page - 1) * pageSize,
      });
      const page: ContractorResponsePage = { items: records.map(presentResponse), total, page: body.page, pageSize };
      return JSON.stringify(page);
    },

    /** getResponseById: its contractor, or users and auditors of its organisation; else 404. */
    async get(ctx: AuthContext, responseId: string): Promise<ResponseReply> {
      const record = await reads.load(responseId);
      if (!record || !mayRead(ctx, record)) throw new AppError('NOT_FOUND', m.notFound);
      return presentResponse(record);
    },

    /**
     * getResponseById's whole reply (the envelope) as Brotli (lib/kept-brotli-reply.ts): the
     * version lookup (one row by its key) also says who may read; the reply comes from the cache
     * while the version holds, else from load (issue 63: kept once, compressed, not as text and
     * again in the compression plugin's memo).
     */
    async getReply(ctx: AuthContext, responseId: string): Promise<Buffer> {
      const head = await versions.get(responseId, () => reads.version(responseId));
      if (!head || !mayRead(ctx, head)) throw new AppError('NOT_FOUND', m.notFound);
      const hit = responseCache.get(responseId, head.version);
      if (hit !== undefined) return hit;
      const record = await reads.load(responseId);
      if (!record || !mayRead(ctx, record)) throw new AppError('NOT_FOUND', m.notFound);
      const bytes = brotliText(okJson(JSON.stringify(presentResponse(record))));
      responseCache.set(responseId, record.version, bytes);
      return bytes;
    },

    /** getTotalScoreForContractor: {scored, total} of each COMPLETED response (column sums). */
    async totalScores(ctx: AuthContext, contractorId: string): Promise<ScoreEntry[]> {
      const organisationIds = await scoreScope(ctx, contractorId);
      return responsesRepository.completedScores(db, contractorId, organisationIds);
    },

    /** getESGOForContractor: per factor, the sums over the sections with that factor on. */
    async esgo(ctx: AuthContext, contractorId: string): Promise<EsgoReply> {
      const organisationIds = await scoreScope(ctx, contractorId);
      return presentEsgo(await responsesRepository.esgoSums(db, contractorId, organisationIds));
    },
  };
}
