import type { Profile } from '@palisade/domain/auth/profile.schema';
import { SHELL_PREFIX } from '@palisade/domain/user-types';

const base = SHELL_PREFIX.sapphire;

/** The organisation's assessment screens (spec §2.1, §2.4, §2.6). */
export const assessmentPaths = {
  overview: `${base}/Assessment`,
  add: `${base}/Add_Assessment`,
  edit: (assessmentId: string) => `${base}/editAssessment/${encodeURIComponent(assessmentId)}`,
  /** A response's categories (built with the response screens). */
  response: (responseId: string) => `${base}/Cap_AssesmentView/${encodeURIComponent(responseId)}`,
};

/** The signed-in user's working organisation (DECISIONS.md: cmp_id, else companyId). */
export function organisationOf(profile: Pick<Profile, 'cmp_id' | 'companyId'>): string {
  return profile.cmp_id ?? profile.companyId ?? '';
}
