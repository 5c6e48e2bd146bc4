import type { ChatMessage, RealtimeServerFrame } from '@palisade/domain/chat/chat.schema';
import { REALTIME_CLOSE_UNAUTHENTICATED, REALTIME_SUBSCRIPTIONS_MAX } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { workingOrganisationId } from '@palisade/domain/user-types';
import type { OrganisationRef } from '../modules/auth/auth.repository';
import type { ChatService } from '../modules/chat/chat.service';
import type { AuthContext } from '../plugins/auth-context';
import type { ChatBus } from './bus';

/** What the hub needs of a socket. */
export interface HubSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
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

/** A connected client: its user (its organisations as they are now), and the responses it follows. */
export interface HubClient {
  readonly socket: HubSocket;
  ctx: AuthContext;
  readonly subs: Map<string, Subscription>;
}

type Log = { warn(obj: object, msg: string): void };

/** The context with the user's organisations as they are now; the working one kept while it is one of them. */
function withOrganisations(ctx: AuthContext, organisations: OrganisationRef[]): AuthContext {
  const organisationIds = organisations.map((o) => o.id);
  const organisationId =
    ctx.organisationId !== null && organisationIds.includes(ctx.organisationId)
      ? ctx.organisationId
      : workingOrganisationId({ cmp_id: ctx.user.organisationId, assoc_companies: organisationIds });
  return { ...ctx, organisationIds, organisations, organisationId };
}

/**
 * The in-process fan-out of one instance: which socket follows which response. Access is checked
 * when a client subscribes (the response's contractor, the organisation's users and auditors).
 * Every new message of any instance arrives from the bus as an id; it is loaded once (only when
 * somebody here follows its response) and sent to the followers, in the order the bus gave.
 */
export function createHub(deps: {
  chat: ChatService;
  bus: ChatBus;
  log: Log;
  /** Whose memberships changed, of any instance (payload: a user id; accounts.service.ts). */
  memberships?: ChatBus | undefined;
  /** Of these sessions, the live ones with their user's organisations now. */
  sessionOrganisations?: ((sessionIds: readonly string[]) => Promise<Map<string, OrganisationRef[]>>) | undefined;
}) {
  const { chat, bus, log } = deps;
  const byResponse = new Map<string, Set<HubClient>>();
  const byUser = new Map<string, Set<HubClient>>();
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

  /**
   * The user's memberships changed (an organisation disabled, enabled or unlinked the shared
   * account): each of its sockets here takes its organisations as they are now, and stops following
   * every response it may no longer read ('error' frame with the response's id). A socket whose
   * session ended meanwhile (the last organisation disabled it) is closed with 4401 at once. Run in
   * the delivery queue: a message heard after the change is delivered after it.
   */
  async function refresh(userId: string): Promise<void> {
    const clients = byUser.get(userId);
    if (!clients || !deps.sessionOrganisations) return;
    const now = await deps.sessionOrganisations([...new Set([...clients].map((c) => c.ctx.sessionId))]);
    for (const client of [...clients]) {
      const organisations = now.get(client.ctx.sessionId);
      if (!organisations) {
        client.socket.close(REALTIME_CLOSE_UNAUTHENTICATED, messages.chat.unauthenticated);
        continue;
      }
      client.ctx = withOrganisations(client.ctx, organisations);
      for (const responseId of [...client.subs.keys()]) {
        if (await chat.maySubscribe(client.ctx, responseId)) continue;
        unsubscribe(client, responseId);
        send(client, { type: 'error', responseId, message: messages.chat.accessEnded });
      }
    }
  }

  /**
   * Whether the client may follow the response, by its organisations as they are once the answer
   * comes (asked again when a refresh changed them meanwhile). A refusal first reads them again
   * from the session: an organisation that enabled the user again may not have been heard of yet.
   */
  async function mayFollow(client: HubClient, responseId: string): Promise<boolean> {
    let reread = false;
    for (;;) {
      const ctx = client.ctx;
      const allowed = await chat.maySubscribe(ctx, responseId);
      if (ctx !== client.ctx) continue;
      if (allowed || reread || !deps.sessionOrganisations) return allowed;
      reread = true;
      const organisations = (await deps.sessionOrganisations([ctx.sessionId])).get(ctx.sessionId);
      if (!organisations) return false;
      if (client.ctx === ctx) client.ctx = withOrganisations(ctx, organisations);
    }
  }

  const stopMessages = bus.onMessage((id) => {
    queue = queue.then(() => deliver(id)).catch((err: unknown) => log.warn({ err, messageId: id }, 'chat delivery failed'));
  });
  const stopResync = bus.onResync((lostAt) => {
    queue = queue.then(() => resync(lostAt)).catch((err: unknown) => log.warn({ err }, 'chat resync failed'));
  });
  const refreshLater = (userId: string) => {
    queue = queue.then(() => refresh(userId)).catch((err: unknown) => log.warn({ err, userId }, 'realtime membership refresh failed'));
  };
  const stopMemberships = deps.memberships?.onMessage((userId) => {
    if (byUser.has(userId)) refreshLater(userId);
  });
  // Changes made while the LISTEN connection was lost were not heard: every user here is read again.
  const stopMembershipResync = deps.memberships?.onResync(() => {
    for (const userId of byUser.keys()) refreshLater(userId);
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
      const client: HubClient = { socket, ctx, subs: new Map() };
      let clients = byUser.get(ctx.user.id);
      if (!clients) byUser.set(ctx.user.id, (clients = new Set()));
      clients.add(client);
      return client;
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
      if (!(await mayFollow(client, responseId))) {
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
      const clients = byUser.get(client.ctx.user.id);
      clients?.delete(client);
      if (clients && clients.size === 0) byUser.delete(client.ctx.user.id);
    },

    /** Stops hearing the bus; waits for deliveries under way. */
    async close(): Promise<void> {
      stopMessages();
      stopResync();
      stopMemberships?.();
      stopMembershipResync?.();
      byResponse.clear();
      byUser.clear();
      await queue;
    },

    /** For tests and the bench: how many responses are followed here. */
    followedResponses(): number {
      return byResponse.size;
    },
  };
}
export type Hub = ReturnType<typeof createHub>;
