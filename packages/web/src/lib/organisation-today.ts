import { useContext } from 'react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { dayIn, type TimeZoneSettings } from '@palisade/domain/organisations/time-zone';
import { apiCall } from './api-client';
import { SignedInProfileContext } from './session';

/** The organisation's time zone settings (issue 60): the Settings card's and every "today". */
export const timeZoneKey = ['organisation-time-zone'] as const;

/** GET /api/organisation/getTimeZone: the zone of the caller's working organisation. */
export function getTimeZone(signal?: AbortSignal): Promise<TimeZoneSettings> {
  return apiCall<TimeZoneSettings>('/api/organisation/getTimeZone', undefined, { method: 'GET', signal });
}

/** How long a read zone is used before it is asked again (it changes once, in Settings). */
const ZONE_STALE_MS = 10 * 60_000;

/** Today as YYYY-MM-DD in the browser's own time zone. */
export function browserToday(): string {
  return dayjs().format('YYYY-MM-DD');
}

/**
 * Today as YYYY-MM-DD in the working organisation's time zone (issue 60): the day the server
 * checks due dates, overdue marks and compliance dates against. Until the zone is read (or when it
 * cannot be, or outside a signed-in shell), the browser's day: the same day for nearly everyone,
 * at worst for some hours.
 */
export function useOrganisationToday(): string {
  const organisationId = useContext(SignedInProfileContext)?.cmp_id ?? null;
  const { data } = useQuery({
    queryKey: [...timeZoneKey, organisationId],
    queryFn: ({ signal }) => getTimeZone(signal),
    enabled: organisationId !== null,
    staleTime: ZONE_STALE_MS,
    // A mark's day, not worth an Error dialog: the browser's day stands in.
    meta: { errorDialog: false },
    retry: false,
  });
  return data ? dayIn(new Date(), data.timeZone) : browserToday();
}
