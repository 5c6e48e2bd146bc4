import type { RealtimeServerFrame } from '@palisade/domain/chat/chat.schema';
import type { ChatBus } from './bus';
import type { HubSocket } from './hub';

const OPEN = 1;

type Log = { warn(obj: object, msg: string): void };

/** A socket of a signed-in user, with the organisations its notifications are counted in (as they are now). */
interface Watcher {
  socket: HubSocket;
  organisationIds: () => readonly string[];
}

/**
 * The bell's live count (issue 22): every realtime socket of a user hears, when that user's
 * notifications change on any instance, a 'notifications' frame with its unread count. The bus
 * carries only user ids; the count is read once per user and change, only when the user has a
 * socket here.
 */
export function createNotificationPush(deps: {
  bus: ChatBus;
  unreadOf: (userId: string, organisationIds: readonly string[]) => Promise<number>;
  log: Log;
}) {
  const byUser = new Map<string, Set<Watcher>>();
  let queue: Promise<void> = Promise.resolve();

  async function push(userId: string): Promise<void> {
    const watchers = byUser.get(userId);
    if (!watchers || watchers.size === 0) return;
    // Sockets of one user share its organisations; the first one's are used.
    const first = watchers.values().next();
    if (first.done) return;
    const unread = await deps.unreadOf(userId, first.value.organisationIds());
    const frame: RealtimeServerFrame = { type: 'notifications', unread };
    const text = JSON.stringify(frame);
    for (const w of byUser.get(userId) ?? []) if (w.socket.readyState === OPEN) w.socket.send(text);
  }

  const stop = deps.bus.onMessage((userId) => {
    if (!byUser.has(userId)) return;
    queue = queue.then(() => push(userId)).catch((err: unknown) => deps.log.warn({ err, userId }, 'notification push failed'));
  });

  return {
    /** Follows the user's notifications on this socket until the returned function is called. */
    watch(userId: string, organisationIds: () => readonly string[], socket: HubSocket): () => void {
      const watcher: Watcher = { socket, organisationIds };
      let set = byUser.get(userId);
      if (!set) byUser.set(userId, (set = new Set()));
      set.add(watcher);
      return () => {
        const current = byUser.get(userId);
        current?.delete(watcher);
        if (current && current.size === 0) byUser.delete(userId);
      };
    },
    async close(): Promise<void> {
      stop();
      byUser.clear();
      await queue;
    },
  };
}
export type NotificationPush = ReturnType<typeof createNotificationPush>;
