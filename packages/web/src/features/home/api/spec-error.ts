import { ApiError } from '../../../lib/api-client';

/**
 * Gives a failed call the spec's text for it (§8: "Error in fetching scores!"…), followed by a
 * client error's own message; a lost session and an aborted call keep theirs.
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
