import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import type { EsgoReply } from '@palisade/domain/responses/response.schema';
import { exportFileName } from '@palisade/domain/responses/review.rules';
import type { GetResponsesByAssessmentIdBody, GetResponsesByCompanyIdsBody, ResponsePage } from '@palisade/domain/responses/review.schema';
import { UserType } from '@palisade/domain/user-types';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { AuthContext } from '../../plugins/auth-context';
import { mayList } from '../../lib/reading-scope';
import { assessmentsRepository } from '../assessments/assessments.repository';
import type { RankingService } from '../dashboards/ranking.service';
import { usersRepository } from '../users/users.repository';
import { buildResponseWorkbook } from './response-workbook';
import { createReplyCache } from '../../lib/reply-cache';
import { createReadMemo, type Generation } from '../../db/read-memo';
import { presentEsgo, presentResponse } from './responses.presenter';
import { responsesRepository } from './responses.repository';
import { reviewRepository, type ResponseListFilter } from './review.repository';

const m = messages.responses;
const r = messages.review;

/** What the cache of the organisation-wide reads may hold in memory (reply-cache.ts). */
const REVIEW_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * A cached organisation-wide reply lives at most this long (by the app's clock), whatever its
 * version: the version (the latest lastAccessTime) can miss a write that commits after a later
 * one, a save of answers within a minute of its response's last access (issue 63: such a save
 * leaves lastAccessTime, so that it rewrites no index), or a company's rename; such a reply is
 * then at most this old.
 */
const REVIEW_CACHE_TTL_MS = 5000;

/**
 * The organisation's (and its auditors') reads of responses (company-and-auditor §2.4, §7, §9):
 * pages of the lists, each contractor's totals, the E-S-G-O sums and the .xlsx export. The
 * organisation-wide ones are kept as JSON text while the organisations' version holds.
 */
export function createReviewReads(deps: { db: Db; generation: Generation; clock: Clock; rankings: Pick<RankingService, 'board'> }) {
  const { db, clock } = deps;
  const cache = createReplyCache(REVIEW_CACHE_MAX_BYTES);
  const readOrganisationsVersion = reviewRepository.prepareOrganisationsVersion(db);
  // On PGlite the version stays good until the next write (db/freshness.ts).
  const versions = createReadMemo<string>(deps.generation, 1000);
  const organisationsVersion = async (ids: readonly string[]): Promise<string> =>
    (await versions.get(ids.join(','), () => readOrganisationsVersion(ids))) ?? '';
  const inFlight = new Map<string, Promise<string>>();

  /**
   * The JSON text of an organisation-wide read: from the cache while the organisations' version
   * holds (one indexed step per organisation), else built and kept. The version is read before the
   * data, so a change in between costs a rebuild on the next read, never a stale reply.
   */
  async function cachedJson(key: string, organisationIds: readonly string[], build: () => Promise<unknown>): Promise<string> {
    const version = `${await organisationsVersion(organisationIds)}|${Math.floor(clock.now().getTime() / REVIEW_CACHE_TTL_MS)}`;
    const hit = cache.get(key, version);
    if (hit !== undefined) return hit;
    // Requests that miss together (a new version, a new TTL period) share one build.
    const flightKey = `${key}\n${version}`;
    const running = inFlight.get(flightKey);
    if (running) return running;
    const building = (async () => {
      const json = JSON.stringify(await build());
      cache.set(key, version, json);
      return json;
    })().finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, building);
    return building;
  }

  /** An organisation whose lists the caller reads (an auditor: its working one); else 404 naming the field. */
  function ownOrganisation(ctx: AuthContext, companyId: string, field: string): void {
    if (!mayList(ctx, companyId)) throw new AppError('NOT_FOUND', r.organisationNotFound, { field });
  }

  /** A page of a list (ResponsePage) as JSON text, cached by the whole query. */
  async function listJson(
    filter: ResponseListFilter,
    body: Pick<GetResponsesByAssessmentIdBody, 'include' | 'sort' | 'page' | 'pageSize'>,
  ): Promise<string> {
    const withSections = body.include.sections_category || body.include.sections_questions_question;
    const organisationIds = [...new Set(filter.organisationIds)].sort();
    const key = [
      'review-list',
      organisationIds.join(','),
      filter.status ?? '',
      filter.contractorId ?? '',
      filter.assessmentId ?? '',
      filter.search ?? '',
      filter.assignedFirstFor ?? '',
      filter.round ?? '',
      body.sort,
      body.page,
      body.pageSize,
      withSections ? 'sections' : 'plain',
    ].join('|');
    return cachedJson(key, organisationIds, async (): Promise<ResponsePage> => {
      const { records, total } = await reviewRepository.page(db, { ...filter, organisationIds }, {
        sort: body.sort,
        limit: body.pageSize,
        offset: (body.page - 1) * body.pageSize,
        withSections,
      });
      return { items: records.map(presentResponse), total, page: body.page, pageSize: body.pageSize };
    });
  }

  return {
    /**
     * An organisation-wide read as JSON text under the same version rule as the lists (the
     * dashboards' reads use it too).
     */
    cachedOrganisationJson: cachedJson,

    /**
     * getResponsesByCompanyIds: a page (ResponsePage, as JSON text) of the responses of
     * organisations the caller lists (an auditor: its working one); any other companyId is 404.
     * Optionally searched by name; an auditor may ask for its assigned responses first.
     */
    async listByCompanyIdsJson(ctx: AuthContext, body: GetResponsesByCompanyIdsBody): Promise<string> {
      body.companyIds.forEach((id, i) => ownOrganisation(ctx, id, `companyIds.${i}`));
      // Only an auditor has responses assigned to it; for anyone else the flag changes nothing.
      const assignedFirstFor = body.assignedFirst === true && ctx.user.type === UserType.AUDITOR ? ctx.user.id : undefined;
      return listJson(
        {
          organisationIds: body.companyIds,
          status: body.status,
          contractorId: body.contractorId,
          assessmentId: body.assessmentId,
          search: body.search,
          assignedFirstFor,
          round: body.round,
        },
        body,
      );
    },

    /** getResponsesByAssessmentId: a page (JSON text) of the responses to an assessment of the caller's organisations. */
    async listByAssessmentJson(ctx: AuthContext, body: GetResponsesByAssessmentIdBody): Promise<string> {
      const assessment = await assessmentsRepository.find(db, body.assessmentId);
      if (!assessment || !mayList(ctx, assessment.organisationId)) {
        throw new AppError('NOT_FOUND', m.assessmentNotFound, { field: 'assessmentId' });
      }
      return listJson({ organisationIds: [assessment.organisationId], status: body.status, assessmentId: assessment.id }, body);
    },

    /**
     * getTotalScoresOfContrsInCompany (ContractorTotalScore[] as JSON text): each contractor's sums
     * over its COMPLETED responses in the organisation, best percent first, then by name: the
     * organisation's kept ranking (dashboards/ranking.service.ts), as its last rebuild left it.
     */
    async contractorTotalsJson(ctx: AuthContext, companyId: string): Promise<string> {
      ownOrganisation(ctx, companyId, 'companyId');
      return (await deps.rankings.board(companyId)).totalsJson;
    },

    /** getESGOForAllContractors (EsgoReply as JSON text): over the organisation's COMPLETED responses, or one contractor's. */
    async organisationEsgoJson(ctx: AuthContext, input: { companyId: string; contractorId?: string | undefined }): Promise<string> {
      ownOrganisation(ctx, input.companyId, 'companyId');
      if (input.contractorId !== undefined) {
        const [found] = await usersRepository.findManyWithOrgs(db, [input.contractorId]);
        if (!found || found.user.type !== UserType.CONTRACTOR || !found.assoc.includes(input.companyId)) {
          throw new AppError('NOT_FOUND', m.contractorNotFound, { field: 'contractorId' });
        }
      }
      const key = `review-esgo|${input.companyId}|${input.contractorId ?? ''}`;
      return cachedJson(key, [input.companyId], async (): Promise<EsgoReply> =>
        presentEsgo(await reviewRepository.esgoSumsOfOrganisation(db, input.companyId, input.contractorId)),
      );
    },

    /**
     * exportResponseToExcel: the .xlsx of one response of the caller's organisation, for users
     * whose profile has canExportAssessmentData (403 otherwise).
     */
    async exportWorkbook(ctx: AuthContext, responseId: string): Promise<{ fileName: string; bytes: Buffer }> {
      if (!ctx.user.canExportAssessmentData) throw new AppError('FORBIDDEN', r.noExportPermission);
      const record = await responsesRepository.load(db, responseId);
      if (!record || !ctx.organisationIds.includes(record.organisationId)) throw new AppError('NOT_FOUND', m.notFound);
      const response = presentResponse(record);
      return { fileName: exportFileName(response.assessment.name), bytes: await buildResponseWorkbook(response, clock.now()) };
    },
  };
}
