import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { realtimeClient } from '../../lib/realtime';
import { chatKeys, setUnread, type RoomRef } from './chat-api';

/**
 * Keeps a response's unread counts live: a message from someone else in a room whose dialog is
 * closed adds one to that question's badge. One socket subscription per response and query
 * client, however many chat buttons the page shows (each button would otherwise add its own one).
 */

export const roomKey = ({ responseId, questionId }: RoomRef) => `${responseId}\u0000${questionId}`;

/** Rooms whose dialog is open in this tab (open dialogs mark read instead of counting). */
const openRooms = new Map<string, number>();

/** Marks a room's dialog as open until the returned function is called. */
export function holdRoomOpen(room: RoomRef): () => void {
  const key = roomKey(room);
  openRooms.set(key, (openRooms.get(key) ?? 0) + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (openRooms.get(key) ?? 1) - 1;
    if (left > 0) openRooms.set(key, left);
    else openRooms.delete(key);
  };
}

export function isRoomOpen(room: RoomRef): boolean {
  return openRooms.has(roomKey(room));
}

interface Keeper {
  users: number;
  stop: () => void;
}

const keepers = new WeakMap<QueryClient, Map<string, Keeper>>();

function startKeeper(queryClient: QueryClient, responseId: string, selfId: string): Keeper {
  const stop = realtimeClient().subscribe(responseId, {
    onMessage: (message) => {
      if (message.fromId === selfId || isRoomOpen(message)) return;
      setUnread(queryClient, message, (count) => count + 1);
    },
    // Replayed messages may already be in the counts read before the drop: read them again.
    onResubscribed: () =>
      void queryClient.invalidateQueries({ queryKey: chatKeys.unread(responseId) }),
  });
  return { users: 0, stop };
}

/** Keeps the unread counts of the response live while the calling component is mounted. */
export function useLiveUnreadCounts(responseId: string, selfId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!responseId || !selfId) return undefined;
    let byResponse = keepers.get(queryClient);
    if (!byResponse) {
      byResponse = new Map();
      keepers.set(queryClient, byResponse);
    }
    const key = `${responseId}\u0000${selfId}`;
    const keeper = byResponse.get(key) ?? startKeeper(queryClient, responseId, selfId);
    byResponse.set(key, keeper);
    keeper.users += 1;
    const map = byResponse;
    return () => {
      keeper.users -= 1;
      if (keeper.users > 0) return;
      keeper.stop();
      map.delete(key);
    };
  }, [queryClient, responseId, selfId]);
}
