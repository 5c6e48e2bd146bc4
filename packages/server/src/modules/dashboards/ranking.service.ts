import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { EngagementRow, LeaderboardEntry } from '@palisade/domain/dashboards/dashboard.schema';
import { messages } from '@palisade/domain/messages';
import type { ContractorTotalScore } from '@palisade/domain/responses/review.schema';
import { scoreBand, scorePercent } from '@palisade/domain/scores/score.rules';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { rankingRepository, type RankingPage, type RankingRow } from './ranking.repository';
import { DEFAULT_LANGUAGE, withLanguage } from '@palisade/domain/i18n/catalogue';

/** How often each instance rebuilds the rankings that changed, by default (and once a nudge). */
export const RANKING_SWEEP_INTERVAL_MS = 2000;

/** What the whole rankings kept as text (Board) may hold in memory, by an estimate of their bytes. */
const BOARDS_MAX_BYTES = 16 * 1024 * 1024;

/** A ranked contractor: a row with its percent (never null) and rank (its position). */
interface Ranked {
  contractorId: string;
  name: string;
  scored: number;
  total: number;
  percent: number;
  rank: number;
}

/**
 * An organisation's whole kept ranking as the whole-list replies serve it, made from the kept
 * rows of one rebuild (`version`): each row's JSON once, so that a reply joins strings.
 */
export interface Board {
  version: string;
  ranked: Ranked[];
  /** Position in `ranked` by contractor id. */
  index: Map<string, number>;
  /** Details rows (EngagementRow) as JSON, in rank order. */
  details: string[];
  /** Leaderboard rows as the organisation sees them, in rank order. */
  named: string[];
  /** Leaderboard rows as a contractor sees the others ("Contractor #rank"). */
  anonymous: string[];
  leaderboardJson: string;
  engagementJson: string;
  /** getTotalScoresOfContrsInCompany's reply (ContractorTotalScore[]): every row, ranked or not. */
  totalsJson: string;
}

/** A leaderboard row as the organisation sees it. */
export function namedEntry(x: { contractorId: string; rank: number; name: string; percent: number }, own = false): string {
  return JSON.stringify({ _id: x.contractorId, rank: x.rank, name: x.name, points: x.percent, own } satisfies LeaderboardEntry);
}

/**
 * A leaderboard row as a contractor sees another's. Its name in English whoever's request builds
 * it: the kept board is shared by every reader, and the screens say it in their own language.
 */
export function anonymousEntry(x: { rank: number; percent: number }): string {
  const name = withLanguage(DEFAULT_LANGUAGE, () => messages.dashboards.anonymous(x.rank));
  return JSON.stringify({ _id: null, rank: x.rank, name, points: x.percent, own: false } satisfies LeaderboardEntry);
}

/** A kept row with its percent; null for a contractor with no marks (not ranked). */
export function rankedOf(row: RankingRow): Ranked | null {
  const percent = scorePercent(row.scored, row.total);
  return percent === null ? null : { contractorId: row.contractorId, name: row.name, scored: row.scored, total: row.total, percent, rank: row.position };
}

function boardOf(version: string, rows: readonly RankingRow[]): Board {
  const ranked = rows.flatMap((r) => rankedOf(r) ?? []);
  const named = ranked.map((x) => namedEntry(x));
  const anonymous = ranked.map((x) => anonymousEntry(x));
  const counts = { GREEN: 0, ORANGE: 0, RED: 0 };
  const details = ranked.map((x) => {
    const band = scoreBand(x.percent);
    counts[band] += 1;
    return JSON.stringify({ _id: x.contractorId, rank: x.rank, name: x.name, scored: x.scored, total: x.total, percent: x.percent, band } satisfies EngagementRow);
  });
  const totals: ContractorTotalScore[] = rows.map((r) => ({
    _id: { contractorName: r.name, contractorId: r.contractorId },
    scored: r.scored,
    total: r.total,
    percent: scorePercent(r.scored, r.total),
  }));
  return {
    version,
    ranked,
    index: new Map(ranked.map((x, i) => [x.contractorId, i])),
    details,
    named,
    anonymous,
    leaderboardJson: `{"result":[${named.join(',')}]}`,
    engagementJson: `{"counts":${JSON.stringify(counts)},"details":[${details.join(',')}]}`,
    totalsJson: JSON.stringify(totals),
  };
}

/** Bytes, roughly: the texts as UTF-16, each row's strings held twice (alone and joined). */
function sizeOf(board: Board): number {
  let chars = board.totalsJson.length;
  for (const s of board.named) chars += 2 * s.length;
  for (const s of board.anonymous) chars += s.length;
  for (const s of board.details) chars += 2 * s.length;
  return 2 * chars + 200 * board.ranked.length + 256;
}

/**
 * The organisations' rankings (issue 63): kept as rows (migration 0033), rebuilt by a background
 * job (startRankingSweep: every instance, every RANKING_SWEEP_INTERVAL_MS and when nudged after a
 * change of its own) once the database has counted a change (a COMPLETED response's scores, a
 * ranked contractor's name), never on a reader's request. Readers read the kept rows: a page by
 * its positions, or the whole as text kept by the rebuild's version.
 */
export function createRankingService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const boards = new LRUCache<string, Board>({ maxSize: BOARDS_MAX_BYTES, sizeCalculation: sizeOf });
  const listeners = new Set<() => void>();

  return {
    /**
     * Rebuilds every ranking that is due (the job; tests call it). Returns the organisations whose
     * ranking this call rebuilt.
     */
    async rebuildDue(): Promise<string[]> {
      const rebuilt: string[] = [];
      for (const organisationId of await rankingRepository.due(db)) {
        if (await rankingRepository.rebuild(db, organisationId, clock.now())) rebuilt.push(organisationId);
      }
      return rebuilt;
    },

    /** Tells the sweep of this instance that a change of its own may have made a ranking due. */
    changed(): void {
      for (const listener of listeners) listener();
    },

    /** Listens to changed() (the sweep); returns how to stop. */
    onChanged(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * The organisation's whole kept ranking as text (Board): the one kept while its version (one
     * row by its key) is the last rebuild's, else made from the kept rows of that rebuild.
     */
    async board(organisationId: string): Promise<Board> {
      const hit = boards.get(organisationId);
      if (hit && hit.version === (await rankingRepository.version(db, organisationId))) return hit;
      const kept = await rankingRepository.whole(db, organisationId);
      const board = boardOf(kept.version, kept.rows);
      boards.set(organisationId, board);
      return board;
    },

    /** A page of the kept ranking (ranked rows of positions from + 1 … until) and a contractor's own ranked row. */
    async page(organisationId: string, from: number, until: number, contractorId: string | null): Promise<RankingPage> {
      return rankingRepository.page(db, organisationId, from, until, contractorId);
    },
  };
}
export type RankingService = ReturnType<typeof createRankingService>;

/** The sweep of one instance: stop() waits for a rebuild under way. */
export interface RankingSweep {
  stop(): Promise<void>;
}

/**
 * Rebuilds the due rankings every intervalMs and soon after changed() (a completion made by this
 * instance); main.ts rebuilds those due at start before the server listens. Every instance may run one: a rebuild takes its
 * organisation's advisory lock, and the others skip it. The timer does not keep the process
 * alive, and a sweep never overlaps the previous one (a nudge meanwhile runs one more after it).
 */
export function startRankingSweep(deps: { rankings: RankingService; intervalMs: number; log: FastifyBaseLogger }): RankingSweep {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // A database that cannot be reached fails every sweep: told once, until one succeeds again.
  let failing = false;
  const run = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = deps.rankings
      .rebuildDue()
      .then(
        (rebuilt) => {
          if (failing) deps.log.info('rebuilding the rankings works again');
          failing = false;
          if (rebuilt.length > 0) deps.log.debug({ rebuilt: rebuilt.length }, 'rankings rebuilt');
        },
        (err: unknown) => {
          if (!failing) deps.log.error({ err }, 'rebuilding the rankings failed');
          failing = true;
        },
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const timer = setInterval(run, deps.intervalMs);
  timer.unref();
  const unlisten = deps.rankings.onChanged(run);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      unlisten();
      while (running) await running;
    },
  };
}
