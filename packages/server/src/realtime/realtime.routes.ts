import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { realtimeClientFrameSchema, type RealtimeClientFrame, type RealtimeServerFrame } from '@palisade/domain/chat/chat.schema';
import { AppError } from '@palisade/domain/errors';
import { messages } from '@palisade/domain/messages';
import { mayCall } from '@palisade/domain/policy';
import { isSafeText } from '@palisade/domain/text/text-safety';
import { REALTIME_CLOSE_FORBIDDEN, REALTIME_CLOSE_UNAUTHENTICATED } from '@palisade/domain/constants';
import { validate } from '../lib/validate';
import type { ChatService } from '../modules/chat/chat.service';
import type { Hub } from './hub';
import type { NotificationPush } from './notification-push';

/**
 * How often the server pings (a socket that has not answered the previous ping is dropped) and
 * checks that the sessions of its sockets still live (signed out, expired, disabled: 4401).
 */
export const HEARTBEAT_MS = 30_000;

/** A frame's bytes as text (ws hands over a Buffer, a list of them, or an ArrayBuffer). */
export function frameText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}

/**
 * The same rule as the CSRF check of plugins/security.ts: a browser's Origin must be this host or
 * PUBLIC_URL; 'null' is refused; no Origin (not a browser) is allowed, the cookie still decides.
 */
export function originAllowed(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === 'null') return false;
  try {
    return new URL(origin).host === request.headers.host || new URL(origin).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/**
 * GET /api/realtime: the chat's WebSocket. The session cookie is read at the upgrade (the auth
 * context hook); without a session the socket is closed with 4401, from another site with 4403.
 * Frames are JSON: subscribe / unsubscribe / ping from the client; subscribed, message, error and
 * pong from the server (domain chat.schema).
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  opts: { hub: Hub; chat: ChatService; publicUrl: string; heartbeatMs?: number | undefined; notifications?: NotificationPush | undefined },
): Promise<void> {
  const { hub, chat } = opts;
  const alive = new WeakMap<WebSocket, boolean>();
  /** Every open socket, with the session it was opened with. */
  const sockets = new Map<WebSocket, string>();
  async function closeEnded(): Promise<void> {
    if (sockets.size === 0) return;
    // The sockets open when the check starts: one opened while it runs has a session the check
    // did not ask about, and is judged at the next heartbeat, not closed as if it had ended.
    const checked = [...sockets];
    const live = await chat.liveSessions([...new Set(checked.map(([, sessionId]) => sessionId))]);
    for (const [socket, sessionId] of checked) {
      if (!live.has(sessionId)) socket.close(REALTIME_CLOSE_UNAUTHENTICATED, messages.chat.unauthenticated);
    }
  }
  const heartbeat = setInterval(() => {
    for (const socket of sockets.keys()) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
    closeEnded().catch((err: unknown) => app.log.warn({ err }, 'realtime session check failed'));
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await hub.close();
    await opts.notifications?.close();
  });

  const described = { summary: 'The realtime channel (WebSocket): chat messages as they are sent' };
  // The policy is checked here, not before: a refusal is a close code the browser's socket reads.
  app.get('/realtime', { websocket: true, schema: described, config: { policy: 'realtime.connect', openapi: { websocket: true } } }, (socket, request) => {
    if (!originAllowed(request, opts.publicUrl)) {
      socket.close(REALTIME_CLOSE_FORBIDDEN, messages.chat.crossSite);
      return;
    }
    const ctx = request.auth;
    if (!ctx) {
      socket.close(REALTIME_CLOSE_UNAUTHENTICATED, messages.chat.unauthenticated);
      return;
    }
    if (!mayCall(ctx.user.type, 'realtime.connect')) {
      socket.close(REALTIME_CLOSE_FORBIDDEN, messages.http.forbidden);
      return;
    }
    const client = hub.connect(socket, ctx);
    // The bell's count follows every socket of the user (issue 22).
    const unwatch = opts.notifications?.watch(ctx.user.id, () => client.ctx.organisationIds, socket);
    sockets.set(socket, ctx.sessionId);
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    const reply = (frame: RealtimeServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };

    socket.on('message', (data, isBinary) => {
      alive.set(socket, true);
      let parsed: unknown;
      try {
        parsed = isBinary ? undefined : JSON.parse(frameText(data));
      } catch {
        parsed = undefined;
      }
      // Validated as a request body is (lib/validate.ts): NUL and broken characters first, then the schema.
      let f: RealtimeClientFrame;
      try {
        if (parsed === undefined) throw new AppError('BAD_REQUEST', messages.chat.badFrame);
        f = validate(realtimeClientFrameSchema, parsed);
      } catch (err) {
        const claimed = typeof parsed === 'object' && parsed !== null && 'responseId' in parsed ? parsed.responseId : null;
        const responseId = typeof claimed === 'string' && isSafeText(claimed) ? claimed : null;
        reply({ type: 'error', responseId, message: err instanceof AppError ? err.message : messages.chat.badFrame });
        return;
      }
      switch (f.type) {
        case 'subscribe':
          hub.subscribe(client, f.responseId, f.since).catch((err: unknown) => {
            request.log.warn({ err }, 'realtime subscribe failed');
            reply({ type: 'error', responseId: f.responseId, message: messages.http.internal });
          });
          return;
        case 'unsubscribe':
          hub.unsubscribe(client, f.responseId);
          return;
        case 'ping':
          reply({ type: 'pong' });
          return;
      }
    });
    socket.on('close', () => {
      unwatch?.();
      sockets.delete(socket);
      hub.disconnect(client);
    });
  });
}
