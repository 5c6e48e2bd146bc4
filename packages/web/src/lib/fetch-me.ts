import type { Profile } from '@palisade/domain/auth/profile.schema';
import { ApiError, apiCall } from './api-client';

/**
 * GET /api/auth/me: the profile, or null when nobody is signed in (401 is an answer here, not an
 * error). Apart from lib/session so the sign-in page can ask it without the query library.
 */
export async function fetchMe(signal?: AbortSignal): Promise<Profile | null> {
  try {
    return await apiCall<Profile>('/api/auth/me', undefined, { method: 'GET', signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
