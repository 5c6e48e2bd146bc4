import { useCallback, useRef, useState } from 'react';

/**
 * A new client-made id for a create (DECISIONS.md: the same id twice stores one row): a random
 * UUID v4. crypto.randomUUID exists only on secure pages (https, localhost); getRandomValues
 * everywhere, so a portal served over plain http on a local network makes ids too.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The client-made id of one create a form sends (DECISIONS.md, domain client-id.ts): made when the
 * form opens and sent with every try of that create, so that a double click or a retry after a
 * lost reply stores one row; `renew` once the row is stored (or the form starts afresh), for the
 * next one.
 */
export function useClientId(): { id: string; renew: () => void } {
  const [id, setId] = useState(newClientId);
  const renew = useCallback(() => setId(newClientId()), []);
  return { id, renew };
}

/**
 * One send at a time: `run` is ignored while the last one runs, from the first click on (a
 * second click may come before the button is drawn disabled); `sending` disables it.
 */
export function useSingleFlight(): { sending: boolean; run: (send: () => Promise<unknown>) => void } {
  const busy = useRef(false);
  const [sending, setSending] = useState(false);
  const run = useCallback((send: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setSending(true);
    void send()
      .catch(() => undefined)
      .finally(() => {
        busy.current = false;
        setSending(false);
      });
  }, []);
  return { sending, run };
}
