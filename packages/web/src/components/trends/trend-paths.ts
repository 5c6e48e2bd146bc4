import { SHELL_PREFIX } from '@palisade/domain/user-types';

/** A contractor's trend page for the organisation (issue 58): linked from the users list, the leaderboard and the overview. */
export function contractorTrendPath(contractorId: string): string {
  return `${SHELL_PREFIX.sapphire}/contractors/${encodeURIComponent(contractorId)}`;
}
