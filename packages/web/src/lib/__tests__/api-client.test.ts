import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/mock-fetch';
import { ApiError, apiCall, errorMessage, setUnauthenticatedHandler } from '../api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(() => undefined);
});

describe('apiCall', () => {
  it('returns data and sends JSON with the session cookie', async () => {
    const fetchMock = mockFetch({ '/api/profile/updatePreferences': { data: { ok: 1 } } });
    await expect(
      apiCall('/api/profile/updatePreferences', { emailNotifications: false }),
    ).resolves.toEqual({ ok: 1 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws ApiError with the envelope message and data', async () => {
    mockFetch({
      '/api/auth/forgotPassword': {
        status: 400,
        message: 'Email not found',
        data: { authErrCode: 'auth/user-not-found' },
      },
    });
    const error = await apiCall('/api/auth/forgotPassword', { email: 'x@y.z' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Email not found',
      data: { authErrCode: 'auth/user-not-found' },
    });
  });

  it('reports a network failure as Unknown Error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(apiCall('/api/auth/signOut')).rejects.toMatchObject({
      status: 0,
      message: 'Unknown Error',
    });
  });

  it('treats 401 as an expired session except on sign-in and the session probe', async () => {
    const onExpired = vi.fn();
    setUnauthenticatedHandler(onExpired);
    mockFetch({
      '/api/auth/signIn': { status: 401, message: 'Wrong password' },
      '/api/auth/me': { status: 401 },
      '/api/profile/updateProfile': { status: 401 },
    });
    await apiCall('/api/auth/signIn', {}).catch(() => undefined);
    await apiCall('/api/auth/me', undefined, { method: 'GET' }).catch(() => undefined);
    expect(onExpired).not.toHaveBeenCalled();
    await apiCall('/api/profile/updateProfile', {}).catch(() => undefined);
    expect(onExpired).toHaveBeenCalledTimes(1);
  });
});

describe('errorMessage', () => {
  it('adds the request id of a server failure, so that the user can quote it', () => {
    expect(errorMessage(new ApiError(500, 'Something went wrong', { requestId: 'abc-123' }))).toBe('Something went wrong (reference: abc-123)');
    expect(errorMessage(new ApiError(503, 'Busy', { retryAfterSeconds: 2, requestId: 'r-9' }))).toBe('Busy (reference: r-9)');
    // A client error's data is not a reference.
    expect(errorMessage(new ApiError(400, 'Bad', { requestId: 'x' }))).toBe('Bad');
    expect(errorMessage(new ApiError(500, 'Plain'))).toBe('Plain');
  });
});
