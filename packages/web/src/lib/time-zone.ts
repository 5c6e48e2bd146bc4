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
