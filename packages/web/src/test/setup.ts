import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetLanguage } from '../lib/language';
import { resetNotifier } from '../lib/notifier';
import { resetRealtimeClient } from '../lib/realtime';
import { resetUploads } from '../lib/uploads';

// Waits end when what they wait for shows; the bound only stops a test that would wait forever. The
// first visit of a lazy route compiles its modules, which a machine shared with another run (load
// average 15 on two cores) can take many seconds to do.
configure({ asyncUtilTimeout: 60_000 });

/**
 * No test talks to a server: every shell's notification bell opens the realtime channel, and a
 * socket that never opens stands in for it. Tests of live behaviour stub their own (FakeSocket).
 */
class InertSocket {
  readyState = 0;
  onopen = null;
  onclose = null;
  onerror = null;
  onmessage = null;
  send(): void {
    // nothing leaves a test
  }
  close(): void {
    this.readyState = 3;
  }
}
globalThis.WebSocket = InertSocket as unknown as typeof WebSocket;

// Tests run without vitest globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // English again, and a language switch a test left under way never lands in the next one.
  resetLanguage();
  resetNotifier();
  resetRealtimeClient();
  resetUploads();
  localStorage.clear();
});

/**
 * Uploads go by XMLHttpRequest (lib/uploads.ts, for their progress); in tests they go through
 * whatever stands for fetch at the time (mockFetch), so that one mock answers both. Tests of the
 * progress itself stub their own (a held request they move on by hand).
 */
class FetchBackedXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private readonly controller = new AbortController();

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body?: XMLHttpRequestBodyInit | null): void {
    fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body: body ?? undefined,
      credentials: 'same-origin',
      signal: this.controller.signal,
    }).then(
      async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      (error: unknown) => {
        if (error instanceof DOMException && error.name === 'AbortError') this.onabort?.();
        else this.onerror?.();
      },
    );
  }

  abort(): void {
    this.controller.abort();
  }
}
globalThis.XMLHttpRequest = FetchBackedXhr as unknown as typeof XMLHttpRequest;
