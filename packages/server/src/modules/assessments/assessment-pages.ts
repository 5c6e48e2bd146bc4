import type { AssessmentsPage, Include } from '@palisade/domain/assessments/assessment.schema';
import type { AssessmentStatus } from '@palisade/domain/statuses';
import type { Db } from '../../db/client';
import { createReadMemo, type Generation } from '../../db/read-memo';
import type { AuthContext } from '../../plugins/auth-context';
import { createReplyCache } from '../../lib/reply-cache';
import { listedOrganisation } from './assessments.access';
import { presentAssessment } from './assessments.presenter';
import { assessmentsRepository, type AssessmentTree } from './assessments.repository';

/** What the kept pages of the Assessments modal may hold (their JSON text, UTF-16). */
const KEPT_PAGES_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Pages of the organisations' assessments, newest first, with the count of all (the Assessments
 * modal, issue 21). The modal's read (one organisation, no sections) is kept as JSON text with
 * the organisation's assessments list version (migration 0022: any write of its assessments, who
 * they are shared with, their timelines, the organisation's or a creator's name gives a new one):
 * a page costs one row read by its key while the version holds; on PGlite, the only writer, the
 * version read is kept until the next write (read-memo.ts, as the responses' versions are). The
 * version is read before the page, so a change in between costs a rebuild on the next read, never
 * a stale page. Other reads (several organisations, sections) go to the database each time.
 */
export function createAssessmentPages(db: Db, generation: Generation) {
  const pageOfOrganisation = assessmentsRepository.preparePage(db);
  const listVersion = assessmentsRepository.prepareListVersion();
  const kept = createReplyCache(KEPT_PAGES_MAX_BYTES);
  // On PGlite the version stays good until the next write (db/freshness.ts).
  const versions = createReadMemo<string | null>(generation, 1000);
  const pageText = (trees: AssessmentTree[], total: number, include: Include) =>
    JSON.stringify({
      data: trees.map((t) => presentAssessment(t, include)),
      total,
    } satisfies AssessmentsPage);

  return async function pageJson(
    ctx: AuthContext,
    companyIds: readonly string[],
    include: Include,
    filter: { status?: AssessmentStatus | undefined; sections: boolean },
    paging: { page: number; pageSize: number },
  ): Promise<string> {
    const organisationIds = [...new Set(companyIds.map((id, i) => listedOrganisation(ctx, id, i)))];
    const offset = (paging.page - 1) * paging.pageSize;
    const [only] = organisationIds;
    if (organisationIds.length === 1 && only !== undefined && !filter.sections) {
      const version = (await versions.get(only, () => listVersion(db, only))) ?? 'none';
      const key = [
        only,
        filter.status ?? '',
        paging.pageSize,
        offset,
        include.sections_category,
        include.sections_questions_question,
      ].join('|');
      const hit = kept.get(key, version);
      if (hit !== undefined) return hit;
      const { trees, total } = await pageOfOrganisation({
        organisationId: only,
        status: filter.status,
        limit: paging.pageSize,
        offset,
      });
      const json = pageText(trees, total, include);
      kept.set(key, version, json);
      return json;
    }
    const where = assessmentsRepository.ofOrganisations(organisationIds, filter.status);
    // The page and the count at once, on two of the pool's connections.
    const [trees, total] = await Promise.all([
      assessmentsRepository.loadTrees(
        db,
        where,
        { categories: include.sections_category, questions: include.sections_questions_question },
        { sections: filter.sections, limit: paging.pageSize, offset },
      ),
      assessmentsRepository.count(db, where),
    ]);
    return pageText(trees, total, include);
  };
}
