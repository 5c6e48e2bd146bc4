import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type {
  ChatMessage,
  RealtimeClientFrame,
  RealtimeServerFrame,
  realtimeServerFrameSchema,
} from '@palisade/domain/chat/chat.schema';
import {
  REALTIME_CLOSE_FORBIDDEN,
  REALTIME_CLOSE_UNAUTHENTICATED,
  REALTIME_PATH,
} from '@palisade/domain/constants';
import { reportUnauthenticated } from './api-client';
import { loadOnce } from './load-once';
import { onSessionCleared } from './session';

/**
 * The frames' schema (and zod with it) loads with the first frame, not with the shell: frames come
 * only on events (a chat message, a notification), and zod is a large part of a home's first load
 * (issue 13). Until it is here, frames wait in order; after, they are handled as they come.
 */
let frameSchema: typeof realtimeServerFrameSchema | null = null;
export const loadFrameSchema = loadOnce(() =>
  import('@palisade/domain/chat/chat.schema').then(
    (module) => (frameSchema = module.realtimeServerFrameSchema),
  ),
);

/**
 * The realtime channel of the tab: one WebSocket to /api/realtime shared by every screen, opened
 * on the first subscription and closed a moment after the last one ends. A dropped connection is
 * opened again with exponential back-off (with jitter), and every followed response is subscribed
 * again with `since` = the newest message seen, so the server replays what was missed.
 */

/** idle: nothing followed; connecting; open; waiting: dropped, a reconnect is scheduled. */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting';

/** What a screen wants to hear about one response. */
export interface RealtimeHandlers {
  /** A new message in any room of the response (each message once, however often replayed). */
  onMessage?: (message: ChatMessage) => void;
  /**
   * The response was subscribed again after a reconnect; the missed messages follow through
   * onMessage. Derived state that the replay cannot fix (unread counts) should be fetched again.
   */
  onResubscribed?: () => void;
  /** The server refused the subscription (no read access). */
  onError?: (message: string) => void;
}

/** The part of the browser's WebSocket the client uses (a fake one in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface RealtimeOptions {
  /** The socket's URL; by default ws(s)://{this host}/api/realtime. */
  url?: () => string;
  createSocket?: (url: string) => SocketLike;
  /** First reconnect delay and its cap (the delay doubles per failed attempt). */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How often a ping is sent; a socket silent for 2.5 times this is taken as dead. */
  pingMs?: number;
  /** How long the socket stays open once nothing is followed (a page change re-follows at once). */
  lingerMs?: number;
  random?: () => number;
  /** The server closed the channel because the session ended (4401); by default the app's 401 handler. */
  onUnauthenticated?: () => void;
}

/** WebSocket.OPEN, without needing the global in environments that lack it. */
const OPEN = 1;
/** Messages remembered per response to drop the duplicates a replay brings. */
const SEEN_IDS_MAX = 1000;
/**
 * With no message seen yet, a resume asks for the messages since the first subscription minus
 * this margin: client and server clocks may differ, and duplicates are dropped anyway.
 */
const CLOCK_MARGIN_MS = 60_000;

interface Followed {
  handlers: Set<RealtimeHandlers>;
  /** createdAt (ISO) of the newest message delivered. */
  newest: string | null;
  /** When the server first confirmed the subscription (client clock). */
  firstSubscribedAt: number | null;
  /** Ids of recent messages, oldest first, to deliver each message once. */
  seen: Set<string>;
}

function defaultUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${REALTIME_PATH}`;
}

function defaultSocket(url: string): SocketLike {
  return new WebSocket(url);
}

export class RealtimeClient {
  private readonly options: Required<RealtimeOptions>;
  private readonly followed = new Map<string, Followed>();
  /** Listeners of the signed-in user's notifications (the bell); they keep the socket open too. */
  private readonly notificationWatchers = new Set<(unread: number | null) => void>();
  private socket: SocketLike | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  /** Frames that came before the frames' schema had loaded, in order (loadFrameSchema). */
  private waitingFrames: unknown[] | null = null;
  private lastHeard = 0;
  private currentStatus: RealtimeStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();

  constructor(options: RealtimeOptions = {}) {
    this.options = {
      url: options.url ?? defaultUrl,
      createSocket: options.createSocket ?? defaultSocket,
      minDelayMs: options.minDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      pingMs: options.pingMs ?? 25_000,
      lingerMs: options.lingerMs ?? 5000,
      random: options.random ?? Math.random,
      onUnauthenticated: options.onUnauthenticated ?? reportUnauthenticated,
    };
  }

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** For useSyncExternalStore: called whenever the status changes. */
  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Follows a response's messages until the returned function is called. */
  subscribe(responseId: string, handlers: RealtimeHandlers): () => void {
    let entry = this.followed.get(responseId);
    if (!entry) {
      entry = { handlers: new Set(), newest: null, firstSubscribedAt: null, seen: new Set() };
      this.followed.set(responseId, entry);
      this.sendSubscribe(responseId, entry);
    }
    entry.handlers.add(handlers);
    this.clearLinger();
    this.ensureSocket();

    const followed = entry;
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      followed.handlers.delete(handlers);
      if (followed.handlers.size > 0 || this.followed.get(responseId) !== followed) return;
      this.followed.delete(responseId);
      this.send({ type: 'unsubscribe', responseId });
      if (!this.wanted()) this.scheduleLinger();
    };
  }

  /**
   * Hears that the user's notifications changed (the unread count), and null once the channel is
   * (re)opened, when changes may have been missed. Keeps the socket open until the returned
   * function is called.
   */
  watchNotifications(listener: (unread: number | null) => void): () => void {
    this.notificationWatchers.add(listener);
    this.clearLinger();
    this.ensureSocket();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.notificationWatchers.delete(listener);
      if (!this.wanted()) this.scheduleLinger();
    };
  }

  /** Whether anything wants the socket open. */
  private wanted(): boolean {
    return this.followed.size > 0 || this.notificationWatchers.size > 0;
  }

  /** Connects now if a reconnect is waiting (the browser came back online). */
  retryNow(): void {
    if (this.reconnectTimer === null) return;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  /** Closes the socket and forgets every subscription (sign-out, tests). */
  shutdown(): void {
    this.followed.clear();
    this.notificationWatchers.clear();
    this.clearLinger();
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.dropSocket(1000);
    this.setStatus('idle');
  }

  private setStatus(next: RealtimeStatus): void {
    if (next === this.currentStatus) return;
    this.currentStatus = next;
    for (const listener of this.statusListeners) listener();
  }

  private ensureSocket(): void {
    if (this.socket || this.reconnectTimer !== null) return;
    this.connect();
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      // A malformed URL or a blocked socket: treated like a dropped connection.
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.setStatus('connecting');
    socket.onopen = () => {
      this.attempt = 0;
      this.lastHeard = Date.now();
      this.setStatus('open');
      for (const [responseId, entry] of this.followed) this.sendSubscribe(responseId, entry);
      for (const listener of [...this.notificationWatchers]) listener(null);
      this.startPing();
    };
    socket.onmessage = (event: MessageEvent) => {
      this.lastHeard = Date.now();
      if (typeof event.data === 'string') this.onFrame(event.data);
    };
    // A failed connection is followed by close, which schedules the retry.
    socket.onerror = () => undefined;
    socket.onclose = (event: CloseEvent) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      if (event.code === REALTIME_CLOSE_UNAUTHENTICATED) {
        // Signed out elsewhere, password changed, account disabled: knocking again cannot help.
        this.shutdown();
        this.options.onUnauthenticated();
        return;
      }
      if (event.code === REALTIME_CLOSE_FORBIDDEN) {
        // Refused for good (this user type has no chat, or another site): no retry until a
        // screen asks again.
        this.attempt = 0;
        this.setStatus('idle');
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (!this.wanted()) {
      this.setStatus('idle');
      return;
    }
    const { minDelayMs, maxDelayMs, random } = this.options;
    const base = Math.min(maxDelayMs, minDelayMs * 2 ** this.attempt);
    // Jitter in [base/2, base): many tabs that lost the server do not all return at one instant.
    const delay = base / 2 + (random() * base) / 2;
    this.attempt += 1;
    this.setStatus('waiting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted()) this.connect();
      else this.setStatus('idle');
    }, delay);
  }

  private dropSocket(code: number): void {
    const socket = this.socket;
    this.socket = null;
    this.stopPing();
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    socket.close(code);
  }

  private scheduleLinger(): void {
    this.clearLinger();
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (this.wanted()) return;
      if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
      this.dropSocket(1000);
      this.attempt = 0;
      this.setStatus('idle');
    }, this.options.lingerMs);
  }

  private clearLinger(): void {
    if (this.lingerTimer !== null) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
  }

  private startPing(): void {
    this.stopPing();
    const { pingMs } = this.options;
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastHeard > pingMs * 2.5) {
        // Silent too long (a dead network path never reports a close): start over.
        this.dropSocket(4000);
        this.scheduleReconnect();
        return;
      }
      this.send({ type: 'ping' });
    }, pingMs);
  }

  private stopPing(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private send(frame: RealtimeClientFrame): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(frame));
  }

  private sendSubscribe(responseId: string, entry: Followed): void {
    const since =
      entry.newest ??
      (entry.firstSubscribedAt === null
        ? null
        : new Date(entry.firstSubscribedAt - CLOCK_MARGIN_MS).toISOString());
    this.send(since ? { type: 'subscribe', responseId, since } : { type: 'subscribe', responseId });
  }

  private onFrame(text: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return;
    }
    if (frameSchema && this.waitingFrames === null) {
      this.onParsedFrame(frameSchema, raw);
      return;
    }
    if (this.waitingFrames !== null) {
      this.waitingFrames.push(raw);
      return;
    }
    this.waitingFrames = [raw];
    loadFrameSchema().then(
      (schema) => {
        const frames = this.waitingFrames ?? [];
        this.waitingFrames = null;
        for (const frame of frames) this.onParsedFrame(schema, frame);
      },
      // The code did not arrive (offline): the frames are lost as a dropped socket would lose
      // them; the next reconnect catches up from the newest message seen.
      () => {
        this.waitingFrames = null;
      },
    );
  }

  private onParsedFrame(schema: typeof realtimeServerFrameSchema, raw: unknown): void {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return;
    const frame: RealtimeServerFrame = parsed.data;
    switch (frame.type) {
      case 'subscribed': {
        const entry = this.followed.get(frame.responseId);
        if (!entry) return;
        if (entry.firstSubscribedAt === null) {
          entry.firstSubscribedAt = Date.now();
          return;
        }
        for (const handlers of [...entry.handlers]) handlers.onResubscribed?.();
        return;
      }
      case 'message':
        this.deliver(frame.message);
        return;
      case 'error': {
        const entry = frame.responseId ? this.followed.get(frame.responseId) : undefined;
        for (const handlers of entry ? [...entry.handlers] : []) handlers.onError?.(frame.message);
        return;
      }
      case 'pong':
        return;
      case 'notifications':
        for (const listener of [...this.notificationWatchers]) listener(frame.unread);
        return;
    }
  }

  private deliver(message: ChatMessage): void {
    const entry = this.followed.get(message.responseId);
    if (!entry || entry.seen.has(message._id)) return;
    entry.seen.add(message._id);
    if (entry.seen.size > SEEN_IDS_MAX) {
      const oldest = entry.seen.values().next();
      if (!oldest.done) entry.seen.delete(oldest.value);
    }
    if (!entry.newest || Date.parse(message.createdAt) > Date.parse(entry.newest)) {
      entry.newest = message.createdAt;
    }
    for (const handlers of [...entry.handlers]) handlers.onMessage?.(message);
  }
}

let shared: RealtimeClient | null = null;
let stopFollowingSession: (() => void) | null = null;

/** The tab's one realtime client. */
export function realtimeClient(): RealtimeClient {
  if (!shared) {
    const client = new RealtimeClient();
    shared = client;
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => client.retryNow());
    }
    // The socket belongs to the session it was opened under: it closes when that session ends.
    stopFollowingSession = onSessionCleared(() => client.shutdown());
  }
  return shared;
}

/** Test helper: closes the shared client so the next test starts from nothing. */
export function resetRealtimeClient(): void {
  shared?.shutdown();
  shared = null;
  stopFollowingSession?.();
  stopFollowingSession = null;
}

/**
 * Follows a response's messages while the component is mounted (nothing when responseId is
 * empty). The handlers may change on every render; the subscription stays.
 */
export function useRealtimeMessages(
  responseId: string | null | undefined,
  handlers: RealtimeHandlers,
): void {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!responseId) return undefined;
    return realtimeClient().subscribe(responseId, {
      onMessage: (message) => latest.current.onMessage?.(message),
      onResubscribed: () => latest.current.onResubscribed?.(),
      onError: (text) => latest.current.onError?.(text),
    });
  }, [responseId]);
}

/** The shared channel's status, e.g. to say that live messages are paused. */
export function useRealtimeStatus(): RealtimeStatus {
  const client = realtimeClient();
  return useSyncExternalStore(
    (listener) => client.onStatus(listener),
    () => client.status,
    () => client.status,
  );
}
