import type {
  LeaderboardEntry,
  LeaderboardPage,
} from '@palisade/domain/dashboards/dashboard.schema';
import type { MockReply } from './mock-fetch';

/**
 * A mockFetch handler of GET /api/admin/leaderboard over these rows, as the server answers: the
 * whole list without page and pageSize, else one page with the number ranked and the own entry.
 */
export function leaderboardReplies(
  rows: readonly LeaderboardEntry[],
): (body: unknown, path: string) => MockReply {
  return (_body, path) => {
    const query = new URL(path, 'http://localhost').searchParams;
    if (!query.has('page') && !query.has('pageSize')) return { data: { result: rows } };
    const page = Number(query.get('page') ?? 1);
    const pageSize = Number(query.get('pageSize') ?? 10);
    const data: LeaderboardPage = {
      result: rows.slice((page - 1) * pageSize, page * pageSize),
      total: rows.length,
      page,
      pageSize,
      own: rows.find((r) => r.own) ?? null,
    };
    return { data };
  };
}
