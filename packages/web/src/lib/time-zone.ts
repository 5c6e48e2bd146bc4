import { currentZoneName } from '@palisade/domain/organisations/time-zone';

/** The browser's own time zone by its current name (issue 60), or undefined when it cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone ? currentZoneName(zone) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A call that opens a session (password, second factor, single sign-on) with the browser's time
 * zone added when known: an organisation without one takes its first admin's (issue 60).
 */
export function withBrowserTimeZone<T extends object>(input: T): T & { timeZone?: string } {
  const timeZone = browserTimeZone();
  return timeZone ? { ...input, timeZone } : input;
}
