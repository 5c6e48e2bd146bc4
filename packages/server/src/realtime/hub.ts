import type { ChatMessage, RealtimeServerFrame } from '@palisade/domain/chat/chat.schema';
import { REALTIME_SUBSCRIPTIONS_MAX } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import type { ChatService } from '../modules/chat/chat.service';
import type { AuthContext } from '../plugins/auth-context';
import type { ChatBus } from './bus';

/** What the hub needs of a socket. */
export interface HubSocket {
  send(text: string): void;
  readonly readyState: number;
}
const OPEN = 1;

/** One response a connection follows. */
interface Subscription {
  /** createdAt of the newest message sent on it (ISO), to catch up after a lost LISTEN. */
  lastAt: string | null;
  /** While the resume of `since` is read, live messages wait here (then those not sent go). */
  held: ChatMessage[] | null;
  /** Ids of the latest messages sent, so that none goes twice (resume, catch-up and live overlap). */
  recent: Set<string>;
}

/** How many sent ids a subscription remembers. */
const RECENT_IDS = 200;

/** A connected client: its user, and the responses it follows. */
export interface HubClient {
  readonly socket: HubSocket;
  readonly ctx: AuthContext;
  readonly subs: Map<string, Subscription>;
}

type Log = { warn(obj: object, msg: string): void };

/**
 * The in-process fan-out of one instance: which socket follows which response. Access is checked
 * when a client subscribes (the response's contractor, the organisation's users and auditors).
 * Every new message of any instance arrives from the bus as an id; it is loaded once (only when
 * somebody here follows its response) and sent to the followers, in the order the bus gave.
 */
export function createHub(deps: { chat: ChatService; bus: ChatBus; log: Log }) {
  const { chat, bus, log } = deps;
  const byResponse = new Map<string, Set<HubClient>>();
  // Deliveries run one after the other, so that followers see messages in order.
  let queue: Promise<void> = Promise.resolve();

  function send(client: HubClient, frame: RealtimeServerFrame): void {
    if (client.socket.readyState === OPEN) client.socket.send(JSON.stringify(frame));
  }

  function sendMessage(client: HubClient, sub: Subscription, message: ChatMessage): void {
    if (sub.held) {
      sub.held.push(message);
      return;
    }
    if (sub.recent.has(message._id)) return;
    sub.recent.add(message._id);
    if (sub.recent.size > RECENT_IDS) {
      const oldest = sub.recent.values().next();
      if (!oldest.done) sub.recent.delete(oldest.value);
    }
    if (sub.lastAt === null || message.createdAt > sub.lastAt) sub.lastAt = message.createdAt;
    send(client, { type: 'message', message });
  }

  async function deliver(messageId: string): Promise<void> {
    if (byResponse.size === 0) return;
    const message = await chat.forDelivery(messageId);
    if (!message) return;
    const followers = byResponse.get(message.responseId);
    if (!followers) return;
    for (const client of followers) {
      const sub = client.subs.get(message.responseId);
      if (sub) sendMessage(client, sub, message);
    }
  }

  /** After a lost LISTEN: every follower gets what it missed, from its newest message (or the loss). */
  async function resync(lostAt: Date): Promise<void> {
    for (const [responseId, followers] of byResponse) {
      for (const client of followers) {
        const sub = client.subs.get(responseId);
        if (!sub || sub.held) continue;
        const since = sub.lastAt ? new Date(sub.lastAt) : lostAt;
        for (const message of await chat.messagesSince(responseId, since)) sendMessage(client, sub, message);
      }
    }
  }

  const stopMessages = bus.onMessage((id) => {
    queue = queue.then(() => deliver(id)).catch((err: unknown) => log.warn({ err, messageId: id }, 'chat delivery failed'));
  });
  const stopResync = bus.onResync((lostAt) => {
    queue = queue.then(() => resync(lostAt)).catch((err: unknown) => log.warn({ err }, 'chat resync failed'));
  });

  function unsubscribe(client: HubClient, responseId: string): void {
    client.subs.delete(responseId);
    const followers = byResponse.get(responseId);
    followers?.delete(client);
    if (followers && followers.size === 0) byResponse.delete(responseId);
  }

  return {
    /** A new connection of a signed-in user. */
    connect(socket: HubSocket, ctx: AuthContext): HubClient {
      return { socket, ctx, subs: new Map() };
    },

    /**
     * Follows a response when the user may read it ('error' frame otherwise, nothing else sent);
     * 'subscribed', then with `since` every message newer than it, then live messages.
     */
    async subscribe(client: HubClient, responseId: string, since: string | undefined): Promise<void> {
      const refuse = (message: string) => send(client, { type: 'error', responseId, message });
      if (client.subs.has(responseId)) {
        send(client, { type: 'subscribed', responseId });
        return;
      }
      if (client.subs.size >= REALTIME_SUBSCRIPTIONS_MAX) {
        refuse(messages.chat.tooManySubscriptions);
        return;
      }
      if (!(await chat.maySubscribe(client.ctx, responseId))) {
        refuse(messages.chat.notSubscribable);
        return;
      }
      // The socket may have gone, or subscribed twice at once, while access was read.
      if (client.socket.readyState !== OPEN || client.subs.has(responseId)) return;
      const sub: Subscription = { lastAt: since ?? null, held: since ? [] : null, recent: new Set() };
      client.subs.set(responseId, sub);
      let followers = byResponse.get(responseId);
      if (!followers) byResponse.set(responseId, (followers = new Set()));
      followers.add(client);
      send(client, { type: 'subscribed', responseId });
      if (!since) return;
      let missed: ChatMessage[] = [];
      try {
        missed = await chat.messagesSince(responseId, new Date(since));
      } finally {
        const held = sub.held ?? [];
        sub.held = null;
        for (const message of [...missed, ...held]) sendMessage(client, sub, message);
      }
    },

    unsubscribe,

    /** A closed connection follows nothing any more. */
    disconnect(client: HubClient): void {
      for (const responseId of [...client.subs.keys()]) unsubscribe(client, responseId);
    },

    /** Stops hearing the bus; waits for deliveries under way. */
    async close(): Promise<void> {
      stopMessages();
      stopResync();
      byResponse.clear();
      await queue;
    },

    /** For tests and the bench: how many responses are followed here. */
    followedResponses(): number {
      return byResponse.size;
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
