import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { CHAT_SEARCH_PARAM } from '@palisade/domain/notifications/notification.rules';
import type { RoomRef } from './chat-api';
import { roomKey } from './live-unread';

/**
 * Which question's chat is open in the tab. It lives outside the buttons because a checklist
 * swaps its table for cards when the window narrows (and back): the buttons are mounted anew, and
 * an open chat must stay open through that.
 */
let current: string | null = null;
const listeners = new Set<() => void>();
/** Chat buttons mounted per room. */
const mounted = new Map<string, number>();

function setCurrent(next: string | null): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the room's chat is open, and a setter; the chat closes once its page is left. A URL
 * naming the room's question (`?chat=<questionId>`, where a chat digest in the bell links) opens
 * it; closing it takes the parameter out of the URL (replacing the entry), so that a reload or
 * going back does not open it again.
 */
export function useOpenChat(room: RoomRef): [boolean, (open: boolean) => void] {
  const key = roomKey(room);
  const [params, setParams] = useSearchParams();
  const linked = params.get(CHAT_SEARCH_PARAM) === room.questionId;
  useEffect(() => {
    if (linked) setCurrent(key);
  }, [linked, key]);
  const open = useSyncExternalStore(
    subscribe,
    () => current === key,
    () => false,
  );
  useEffect(() => {
    mounted.set(key, (mounted.get(key) ?? 0) + 1);
    return () => {
      const left = (mounted.get(key) ?? 1) - 1;
      if (left > 0) mounted.set(key, left);
      else mounted.delete(key);
      // A layout swap mounts the room's button again in the same commit: only a room with no
      // button left after it (the page was left) is closed.
      setTimeout(() => {
        if (!mounted.has(key) && current === key) setCurrent(null);
      }, 0);
    };
  }, [key]);
  const setOpen = useCallback(
    (next: boolean) => {
      if (next) {
        setCurrent(key);
        return;
      }
      if (current === key) setCurrent(null);
      if (linked) {
        setParams(
          (now) => {
            const rest = new URLSearchParams(now);
            rest.delete(CHAT_SEARCH_PARAM);
            return rest;
          },
          { replace: true },
        );
      }
    },
    [key, linked, setParams],
  );
  return [open, setOpen];
}
