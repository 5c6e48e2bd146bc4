import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  message?: string;
  data?: unknown;
}

/** A reply, or one made from the request's JSON body and its path with the query. */
export type MockHandler = MockReply | ((body: unknown, path: string) => MockReply);

export interface MockFetchOptions {
  /**
   * What a path without a handler gets: 404 (the default, so that a forgotten handler fails the
   * test), or 'pending', for tests of routing and shells, where the page's own data does not
   * matter and an Error dialog (opening whenever the 404 lands) would hide the page.
   */
  unknown?: '404' | 'pending';
}

/**
 * Replaces fetch with replies in the server's envelope, by path (with its query, or without it).
 * Unknown paths answer 404 so a
 * forgotten handler shows up as a failing test, not a hang.
 */
export function mockFetch(handlers: Record<string, MockHandler>, options: MockFetchOptions = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    // By the whole path with its query first, else by the path alone.
    const handler = handlers[path] ?? handlers[path.split('?')[0] ?? path];
    if (handler === undefined && options.unknown === 'pending') {
      // Never answered (until aborted): the page keeps loading, and no Error dialog opens.
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      });
    }
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const reply =
      typeof handler === 'function'
        ? handler(body, path)
        : (handler ?? { status: 404, message: 'Not found' });
    const status = reply.status ?? 200;
    await Promise.resolve();
    return new Response(
      JSON.stringify({
        code: status,
        message: reply.message ?? 'Success',
        data: reply.data ?? null,
      }),
      {
        status,
        headers: { 'Content-Type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The paths fetch was called with, in order. */
export function calledPaths(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls.map(([input]) =>
    typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url,
  );
}
