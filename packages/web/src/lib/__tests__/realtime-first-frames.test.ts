import { expect, it, vi } from 'vitest';
import { FakeSocket, makeMessage } from '../../components/chat/__tests__/fake-socket';

/**
 * The frames' schema is not part of the shell's first load (issue 13): the frames that come before
 * it has loaded wait for it and are then handled in the order they came. The client comes from a
 * fresh module registry, so the schema has not loaded yet when the first frame comes, whatever
 * the worker's earlier files loaded (files share a worker's modules: vitest.config.ts).
 */
it('handles the frames that come before the schema has loaded, in order, once it has', async () => {
  vi.resetModules();
  const { RealtimeClient } = await import('../realtime');
  const client = new RealtimeClient({
    url: () => 'ws://portal.test/api/realtime',
    createSocket: (url) => new FakeSocket(url),
    lingerMs: 5000,
  });
  const seen: string[] = [];
  const errors: string[] = [];
  const stop = client.subscribe('r1', {
    onMessage: (m) => seen.push(m._id),
    onError: (e) => errors.push(e),
  });
  const socket = FakeSocket.latest();
  socket.open();
  socket.receive({ type: 'message', message: makeMessage('m1') });
  socket.receive({ type: 'message', message: { bad: 'frame' } });
  socket.receive({ type: 'message', message: makeMessage('m2') });
  socket.receive({ type: 'error', responseId: 'r1', message: 'refused' });
  expect(seen).toEqual([]);
  await vi.waitFor(() => expect(seen).toEqual(['m1', 'm2']));
  expect(errors).toEqual(['refused']);
  // Once loaded, a frame is handled as it comes.
  socket.receive({ type: 'message', message: makeMessage('m3') });
  expect(seen).toEqual(['m1', 'm2', 'm3']);
  stop();
});
