import { useContext } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { dayIn } from '@palisade/domain/organisations/time-zone';
import { meQueryKey, SignedInProfileContext } from './session';

/** Today as YYYY-MM-DD in the browser's own time zone. */
export function browserToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/**
 * Today as YYYY-MM-DD in the working organisation's time zone (issue 60, the profile's): the day
 * the server checks due dates, overdue marks and compliance dates against. Outside a signed-in
 * shell (a component rendered on its own), the browser's day.
 */
export function useOrganisationToday(): string {
  const zone = useContext(SignedInProfileContext)?.timeZone;
  return zone ? dayIn(new Date(), zone) : browserToday();
}

/** The signed-in profile after its organisation's zone was set (Settings): every today follows. */
export function setProfileTimeZone(queryClient: QueryClient, timeZone: string): void {
  queryClient.setQueryData<Profile | null>(meQueryKey, (profile) => (profile ? { ...profile, timeZone } : profile));
}
