import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, makeMessage } from '../../components/chat/__tests__/fake-socket';
import { loadFrameSchema, RealtimeClient } from '../realtime';

function makeClient() {
  return new RealtimeClient({
    url: () => 'ws://portal.test/api/realtime',
    createSocket: (url) => new FakeSocket(url),
    minDelayMs: 1000,
    maxDelayMs: 8000,
    pingMs: 25_000,
    lingerMs: 5000,
    // The longest delay of each step: base/2 + base/2.
    random: () => 1,
  });
}

// The frames' schema loads with the first frame; here it is loaded first, so frames are handled
// as they come (the test below covers frames that come before it).
beforeAll(async () => {
  await loadFrameSchema();
});

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('RealtimeClient', () => {
  it('opens one socket for every subscription and subscribes each response once it is open', () => {
    const client = makeClient();
    client.subscribe('r1', {});
    client.subscribe('r1', {});
    client.subscribe('r2', {});
    expect(FakeSocket.instances).toHaveLength(1);
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://portal.test/api/realtime');
    expect(client.status).toBe('connecting');
    socket.open();
    expect(client.status).toBe('open');
    expect(socket.sentOfType('subscribe')).toEqual([
      { type: 'subscribe', responseId: 'r1' },
      { type: 'subscribe', responseId: 'r2' },
    ]);
    client.subscribe('r3', {});
    expect(socket.sentOfType('subscribe').at(-1)).toEqual({ type: 'subscribe', responseId: 'r3' });
  });

  it('delivers each message once to the handlers of its response', () => {
    const client = makeClient();
    const first = vi.fn();
    const second = vi.fn();
    const other = vi.fn();
    client.subscribe('r1', { onMessage: first });
    client.subscribe('r1', { onMessage: second });
    client.subscribe('r2', { onMessage: other });
    const socket = FakeSocket.latest();
    socket.open();
    const message = makeMessage('m1');
    socket.receive({ type: 'message', message });
    socket.receive({ type: 'message', message });
    socket.receive({ type: 'message', message: { bad: 'frame' } });
    socket.receive('not json at all');
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith(message);
    expect(second).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('passes a refused subscription to onError', () => {
    const client = makeClient();
    const onError = vi.fn();
    client.subscribe('r9', { onError });
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive({
      type: 'error',
      responseId: 'r9',
      message: 'You may not follow this response',
    });
    expect(onError).toHaveBeenCalledWith('You may not follow this response');
  });

  it('reconnects with a growing delay and resubscribes with since = the newest message seen', () => {
    const client = makeClient();
    const onMessage = vi.fn();
    const onResubscribed = vi.fn();
    client.subscribe('r1', { onMessage, onResubscribed });
    let socket = FakeSocket.latest();
    socket.open();
    socket.receive({ type: 'subscribed', responseId: 'r1' });
    socket.receive({
      type: 'message',
      message: makeMessage('m2', { createdAt: '2026-03-02T10:00:00.000Z' }),
    });
    socket.receive({
      type: 'message',
      message: makeMessage('m1', { createdAt: '2026-03-02T09:00:00.000Z' }),
    });

    socket.drop();
    expect(client.status).toBe('waiting');
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    // A second failure waits twice as long, a third four times, capped at maxDelayMs.
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(4000);
    expect(FakeSocket.instances).toHaveLength(4);
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(8000);
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(8000);
    expect(FakeSocket.instances).toHaveLength(6);

    socket = FakeSocket.latest();
    socket.open();
    expect(socket.sentOfType('subscribe')).toEqual([
      { type: 'subscribe', responseId: 'r1', since: '2026-03-02T10:00:00.000Z' },
    ]);
    socket.receive({ type: 'subscribed', responseId: 'r1' });
    expect(onResubscribed).toHaveBeenCalledTimes(1);
    // The replay repeats a message already delivered: it is dropped; a missed one comes through.
    socket.receive({
      type: 'message',
      message: makeMessage('m2', { createdAt: '2026-03-02T10:00:00.000Z' }),
    });
    socket.receive({
      type: 'message',
      message: makeMessage('m3', { createdAt: '2026-03-02T10:01:00.000Z' }),
    });
    expect(onMessage.mock.calls.map(([m]) => (m as { _id: string })._id)).toEqual([
      'm2',
      'm1',
      'm3',
    ]);

    // Once open again, the back-off starts from the first step.
    socket.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(7);
  });

  it('resumes from its first subscription (less a clock margin) when no message was seen', () => {
    vi.setSystemTime(new Date('2026-03-02T12:00:00.000Z'));
    const client = makeClient();
    client.subscribe('r1', {});
    FakeSocket.latest().open();
    FakeSocket.latest().receive({ type: 'subscribed', responseId: 'r1' });
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    FakeSocket.latest().open();
    expect(FakeSocket.latest().sentOfType('subscribe')).toEqual([
      { type: 'subscribe', responseId: 'r1', since: '2026-03-02T11:59:00.000Z' },
    ]);
  });

  it('unsubscribes when the last handler of a response leaves and closes the idle socket later', () => {
    const client = makeClient();
    const offA = client.subscribe('r1', {});
    const offB = client.subscribe('r1', {});
    const socket = FakeSocket.latest();
    socket.open();
    offA();
    expect(socket.sentOfType('unsubscribe')).toEqual([]);
    offB();
    offB();
    expect(socket.sentOfType('unsubscribe')).toEqual([{ type: 'unsubscribe', responseId: 'r1' }]);
    // A page change follows again within the linger time: the same socket serves it.
    vi.advanceTimersByTime(2000);
    const offC = client.subscribe('r2', {});
    expect(FakeSocket.instances).toHaveLength(1);
    offC();
    vi.advanceTimersByTime(5000);
    expect(socket.closedWith).toBe(1000);
    expect(client.status).toBe('idle');
    // No reconnect once nothing is followed.
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('pings while open and starts over when the server stays silent', () => {
    const client = makeClient();
    client.subscribe('r1', {});
    const socket = FakeSocket.latest();
    socket.open();
    vi.advanceTimersByTime(25_000);
    expect(socket.sentOfType('ping')).toHaveLength(1);
    socket.receive({ type: 'pong' });
    vi.advanceTimersByTime(50_000);
    expect(socket.sentOfType('ping')).toHaveLength(3);
    // Nothing heard for more than 2.5 pings: the socket is dropped and a new one is opened.
    vi.advanceTimersByTime(25_000);
    expect(socket.closedWith).toBe(4000);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});
