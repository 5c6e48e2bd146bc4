import { ApiError } from './api-client';

/**
 * Gives a failed call the spec's text for it (§7, §8: "Error in saving response!"…). A client
 * error's own message (what exactly was refused) follows it; a lost session and an aborted call
 * keep theirs, so the session handling and TanStack Query's cancellation see what they expect.
 */
export async function withSpecError<T>(call: Promise<T>, text: string): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401) throw error;
    const detail =
      error.status >= 400 && error.status < 500 && error.message && error.message !== text
        ? ` ${error.message}`
        : '';
    throw new ApiError(error.status, `${text}${detail}`, error.data);
  }
}
