import WebSocket from 'ws';
import { realtimeServerFrameSchema, type RealtimeClientFrame, type RealtimeServerFrame } from '@palisade/domain/chat/chat.schema';
import { frameText } from './realtime.routes';
import { EVENTUALLY_MS } from '../test/waits';

/**
 * A realtime client for tests and the bench (the `ws` package): it keeps every frame received,
 * and waits for the one a test expects.
 */
export class TestSocket {
  readonly frames: RealtimeServerFrame[] = [];
  private readonly waiters = new Set<() => void>();
  closed: { code: number; reason: string } | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(realtimeServerFrameSchema.parse(JSON.parse(frameText(data))));
      for (const w of this.waiters) w();
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      for (const w of this.waiters) w();
    });
  }

  /** Connects to base (http://host:port) + /api/realtime with a session cookie and an Origin. */
  static async open(base: string, cookie?: string, origin: string | null = base): Promise<TestSocket> {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (origin !== null) headers.origin = origin;
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/realtime`, { headers });
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return socket;
  }

  send(frame: RealtimeClientFrame | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first frame (from `from` on) that matches, waiting up to timeoutMs. */
  async next<T extends RealtimeServerFrame>(match: (f: RealtimeServerFrame) => f is T, timeoutMs = EVENTUALLY_MS, from = 0): Promise<T> {
    const found = () => this.frames.slice(from).find(match);
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        const f = found();
        if (f) {
          done();
          resolve(f);
        } else if (this.closed) {
          done();
          reject(new Error(`socket closed (${this.closed.code}) while waiting`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** The 'message' frame of a message id. */
  async message(id: string, timeoutMs = EVENTUALLY_MS) {
    return this.next((f): f is Extract<RealtimeServerFrame, { type: 'message' }> => f.type === 'message' && f.message._id === id, timeoutMs);
  }

  /** Resolves with the close code and reason. */
  async closedWith(timeoutMs = EVENTUALLY_MS): Promise<{ code: number; reason: string }> {
    const started = Date.now();
    while (!this.closed) {
      if (Date.now() - started > timeoutMs) throw new Error('socket not closed');
      await new Promise((r) => setTimeout(r, 10));
    }
    return this.closed;
  }

  /** The ids of the 'message' frames received so far, in order. */
  messageIds(): string[] {
    return this.frames.flatMap((f) => (f.type === 'message' ? [f.message._id] : []));
  }

  close(): void {
    this.ws.close();
  }
}

export const isSubscribed = (responseId: string) => (f: RealtimeServerFrame): f is Extract<RealtimeServerFrame, { type: 'subscribed' }> =>
  f.type === 'subscribed' && f.responseId === responseId;
export const isError = (f: RealtimeServerFrame): f is Extract<RealtimeServerFrame, { type: 'error' }> => f.type === 'error';
export const isPong = (f: RealtimeServerFrame): f is Extract<RealtimeServerFrame, { type: 'pong' }> => f.type === 'pong';
