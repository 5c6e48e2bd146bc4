import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { isUserType, shellOf, type Shell } from '@palisade/domain/user-types';
import { fetchMe } from './fetch-me';

/**
 * The signed-in user, read from GET /api/auth/me. It lives in lib (not in the auth feature)
 * because every feature and the shells read it, and features may not import each other.
 */
export const meQueryKey = ['auth', 'me'] as const;

function isMeKey(key: readonly unknown[]): boolean {
  return key.length === meQueryKey.length && meQueryKey.every((part, i) => key[i] === part);
}

/** The session query: data is the profile, null when signed out, undefined while loading. */
export function useMe() {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: 5 * 60_000,
  });
}

/**
 * The signed-in profile inside a shell. The shell's guard renders nothing below it until the
 * profile is there, so reaching the throw is a programming error (a page outside a shell).
 */
export function useProfile(): Profile {
  const { data } = useMe();
  if (!data) throw new Error('useProfile() is only for pages inside a signed-in shell');
  return data;
}

/** Stores the profile a call returned (sign-in, profile edits, organisation switch). */
export function setSessionProfile(queryClient: QueryClient, profile: Profile): void {
  queryClient.setQueryData(meQueryKey, profile);
}

/**
 * Forgets the session and everything fetched under it. The session entry is set to null rather
 * than removed, so the guards see "signed out" at once instead of asking the server again.
 */
export function clearSession(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !isMeKey(query.queryKey) });
  queryClient.setQueryData(meQueryKey, null);
}

/**
 * After the working organisation changed: everything fetched so far belongs to the old one, so
 * it is reset (active screens fetch again); the session entry itself was just replaced.
 */
export async function resetOrganisationData(queryClient: QueryClient): Promise<void> {
  await queryClient.resetQueries({ predicate: (query) => !isMeKey(query.queryKey) });
}

/** The shell a profile works in; null for operators, employees and unknown types. */
export function shellOfProfile(profile: Pick<Profile, 'type'>): Shell | null {
  return isUserType(profile.type) ? shellOf(profile.type) : null;
}
