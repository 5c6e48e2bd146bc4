import type { Generation } from '../../db/read-memo';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RankingService } from '../dashboards/ranking.service';
import type { Notifier } from '../notifications/notifications.service';
import { createReviewJudging } from './review-judging.service';
import { createReviewReads } from './review-reads.service';

export type { StatusChange } from './review-judging.service';

export interface ReviewDeps {
  db: Db;
  /** What kept version lookups go by (db/freshness.ts). */
  generation: Generation;
  /** Tells the contractor of a reassessment or completion (issue 22). */
  notifier: Notifier;
  /** The time the judging writes and the reads' cache go by (lib/clock.ts). */
  clock: Clock;
  /** The kept rankings: the totals read them; a completion nudges their rebuild. */
  rankings: RankingService;
}

/**
 * The auditor's review and the organisation's views of responses (company-and-auditor §2.4, §2.5,
 * §4, §7, §9; DECISIONS.md States and Scores), by journey: the judging writes
 * (review-judging.service.ts) and the reads (review-reads.service.ts). Auditors judge a SUBMITTED
 * response of an organisation they serve; the organisation reads, extends due dates and exports;
 * it never judges.
 */
export function createReviewService(deps: ReviewDeps) {
  return { ...createReviewJudging(deps), ...createReviewReads(deps) };
}
export type ReviewService = ReturnType<typeof createReviewService>;
