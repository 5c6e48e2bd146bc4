import { createContext, useContext } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import { isUserType, shellOf, type Shell } from '@palisade/domain/user-types';
import { dropDraftsOf } from './answer-drafts';
import { fetchMe } from './fetch-me';

/**
 * The signed-in user, read from GET /api/auth/me. It lives in lib (not in the auth feature)
 * because every feature and the shells read it, and features may not import each other.
 */
export const meQueryKey = ['auth', 'me'] as const;

/** How long a session answer is taken as current. */
const ME_STALE_MS = 5 * 60_000;

function isMeKey(key: readonly unknown[]): boolean {
  return key.length === meQueryKey.length && meQueryKey.every((part, i) => key[i] === part);
}

/**
 * The session query: data is the profile, null when signed out, undefined while loading.
 * `enabled: false` reads what the cache holds without asking the server.
 */
export function useMe(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    staleTime: ME_STALE_MS,
    enabled: options.enabled ?? true,
  });
}

/**
 * The profile a shell's guard let in. The guard provides it to everything below it, so the shell
 * and its pages never read a session that has just ended: between clearSession and the guard's
 * own render (log-out, a 401, the realtime channel closed with 4401) they may render once more,
 * for instance because the router's navigation state changed, and they still see this profile
 * while the guard takes them away.
 */
export const SignedInProfileContext = createContext<Profile | null>(null);

/**
 * The signed-in profile: the one the shell's guard let in, or, for a page rendered on its own
 * (component tests), the session's. Reaching the throw is a programming error (a page that
 * needs a profile outside a shell).
 */
export function useProfile(): Profile {
  const fromGuard = useContext(SignedInProfileContext);
  // Below a guard the profile is known: no session call (a page rendered with the guard's
  // profile, as in component tests, would otherwise ask the server for it again).
  const { data } = useMe({ enabled: fromGuard === null });
  const profile = fromGuard ?? data;
  if (!profile) throw new Error('useProfile() is only for pages inside a signed-in shell');
  return profile;
}

/** Stores the profile a call returned (sign-in, profile edits, organisation switch). */
export function setSessionProfile(queryClient: QueryClient, profile: Profile): void {
  signedOutOnPurpose = false;
  endedSession = null;
  queryClient.setQueryData(meQueryKey, profile);
}

/**
 * Makes a session call already under way (boot.tsx's, on a deep link) the session query, so the
 * guards wait for it instead of asking again; when it fails, the guards' own query asks again.
 */
export function setSessionPending(queryClient: QueryClient, session: Promise<Profile | null>): void {
  void queryClient.prefetchQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => session.catch(() => fetchMe(signal)),
    staleTime: ME_STALE_MS,
  });
}

/** Set by Log out: the guards then go to / without remembering the page (issue 18, deep links). */
let signedOutOnPurpose = false;

/** True after Log out until the next sign-in: the page left is not one to come back to. */
export function wasSignedOutOnPurpose(): boolean {
  return signedOutOnPurpose;
}

/** A session that ended by itself (expiry, signed out elsewhere), until the next sign-in. */
let endedSession: { userId: string | null } | null = null;

/**
 * Marks that the session of `userId` (null: not known) ended without the user signing out here (a
 * 401, the realtime channel closed with 4401): the sign-in page says so, and whether answers were
 * kept for that user (issue 56).
 */
export function markSessionEnded(userId: string | null): void {
  endedSession = { userId };
}

/** The session that last ended by itself, or null (none, or signed in or out since). */
export function endedSessionOf(): { userId: string | null } | null {
  return endedSession;
}

/**
 * Forgets the session and everything fetched under it. The session entry is set to null rather
 * than removed, so the guards see "signed out" at once instead of asking the server again. The
 * user's own sign-out also forgets the answers kept in this browser for that user (issue 56).
 */
export function clearSession(queryClient: QueryClient, options: { onPurpose?: boolean } = {}): void {
  if (options.onPurpose) {
    signedOutOnPurpose = true;
    endedSession = null;
    const profile = queryClient.getQueryData<Profile | null>(meQueryKey);
    if (profile) dropDraftsOf(profile._id);
  }
  queryClient.removeQueries({ predicate: (query) => !isMeKey(query.queryKey) });
  queryClient.setQueryData(meQueryKey, null);
  for (const listener of [...sessionClearedListeners]) listener({ onPurpose: options.onPurpose === true });
}

/** What a listener of onSessionCleared hears: whether it was the user's own sign-out. */
export interface SessionCleared {
  onPurpose: boolean;
}

const sessionClearedListeners = new Set<(cleared: SessionCleared) => void>();

/**
 * Runs `listener` each time the session is cleared (Log out, a 401, the realtime channel closed
 * with 4401); returns its removal. What was opened under the session ends with it: the realtime
 * channel's socket, which would otherwise linger and, closed by the server's session check with
 * 4401, end the session of whoever signed in next in this tab.
 */
export function onSessionCleared(listener: (cleared: SessionCleared) => void): () => void {
  sessionClearedListeners.add(listener);
  return () => sessionClearedListeners.delete(listener);
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
