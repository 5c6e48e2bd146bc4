import type { Profile } from '@palisade/domain/auth/profile.schema';
import { UserType } from '@palisade/domain/user-types';
import { useProfile } from '../../lib/session';
import type { ObservationShell } from './observation-paths';

/** The signed-in user's observation shell: the organisation's or the contractor's. */
export function observationShellOf(profile: Pick<Profile, 'type'>): ObservationShell {
  return profile.type === UserType.CONTRACTOR ? 'contractor' : 'sapphire';
}

/** The profile, its shell and its working organisation, as the observation pages need them. */
export function useObservationUser() {
  const profile = useProfile();
  return { profile, shell: observationShellOf(profile), organisationId: profile.cmp_id };
}
