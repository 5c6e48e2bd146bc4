/**
 * How long a test waits for something that must come (a frame, a NOTIFY from another instance, a
 * sweep's effect) before it fails. A wait ends as soon as the thing comes, so this bound costs a
 * passing test nothing; it is long because a machine shared with another run (load average 15 on
 * two cores) may take many times as long as a quiet one (issue 55).
 */
export const EVENTUALLY_MS = 60_000;
