import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { resetNotifier } from '../lib/notifier';
import { resetRealtimeClient } from '../lib/realtime';

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
  resetNotifier();
  resetRealtimeClient();
  localStorage.clear();
});
