import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SetTimeZoneInput, TimeZoneSettings } from '@palisade/domain/organisations/time-zone';
import { timeZoneMessages } from '@palisade/domain/organisations/time-zone.messages';
import { apiCall } from '../../../lib/api-client';
import { getTimeZone, timeZoneKey } from '../../../lib/organisation-today';

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
      // Every "today" of the screens follows the new zone (lib/organisation-today.ts).
      void queryClient.invalidateQueries({ queryKey: timeZoneKey, predicate: (q) => q.queryKey.length > timeZoneKey.length });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: timeZoneKey }),
  });
}
