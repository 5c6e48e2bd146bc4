import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetTimeZoneInput, TimeZoneSettings } from '@palisade/domain/organisations/time-zone.schema';
import { timeZoneMessages } from '@palisade/domain/organisations/time-zone.messages';
import { apiCall } from '../../../lib/api-client';
import { setProfileTimeZone } from '../../../lib/organisation-today';

/** The organisation's time zone (issue 60). */
export const timeZoneKey = ['organisation-time-zone'] as const;

/** GET /api/organisation/getTimeZone */
export function getTimeZone(signal?: AbortSignal): Promise<TimeZoneSettings> {
  return apiCall<TimeZoneSettings>('/api/organisation/getTimeZone', undefined, { method: 'GET', signal });
}

/** POST /api/organisation/setTimeZone {timeZone, version} */
export function setTimeZone(input: SetTimeZoneInput): Promise<TimeZoneSettings> {
  return apiCall<TimeZoneSettings>('/api/organisation/setTimeZone', input);
}

export function useTimeZone() {
  return useQuery(queryOptions({ queryKey: timeZoneKey, queryFn: ({ signal }) => getTimeZone(signal) }));
}

/** Saves the zone; a stale version (409) reads the settings again. */
export function useSetTimeZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTimeZone,
    meta: { successMessage: timeZoneMessages.saved },
    onSuccess: (saved) => {
      queryClient.setQueryData(timeZoneKey, saved);
      // The screens' today follows the new zone (lib/organisation-today.ts reads the profile's).
      setProfileTimeZone(queryClient, saved.timeZone);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: timeZoneKey }),
  });
}
