import { vi } from 'vitest';

export interface MockReply {
  status?: number;
  message?: string;
  data?: unknown;
}

type Handler = MockReply | ((body: unknown) => MockReply);

/**
 * Replaces fetch with replies in the server's envelope, by path (with its query, or without it).
 * Unknown paths answer 404 so a
 * forgotten handler shows up as a failing test, not a hang.
 */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path =
      typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    // By the whole path with its query first, else by the path alone.
    const handler = handlers[path] ?? handlers[path.split('?')[0] ?? path];
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const reply =
      typeof handler === 'function'
        ? handler(body)
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
