import { z } from 'zod';
import { isTimeZone, TIME_ZONE_MAX_LENGTH } from './time-zone';
import { timeZoneMessages as m } from './time-zone.messages';

// The time-zone calls' schemas, apart from the zone rules (time-zone.ts): the screens' dates use the
// rules on every first load, and zod stays out of it (issue 63: the homes' first-load JavaScript).

/** GET /organisation/getTimeZone: the organisation's zone; isSet false while it keeps the default. */
export const timeZoneSettingsSchema = z.object({
  timeZone: z.string(),
  isSet: z.boolean(),
  /** The version an edit is based on (a stale one is 409). */
  version: z.number().int().nonnegative(),
});
export type TimeZoneSettings = z.infer<typeof timeZoneSettingsSchema>;

/** POST /organisation/setTimeZone {timeZone, version}: the form's schema and the server's. */
export const setTimeZoneSchema = z.object({
  timeZone: z
    .string({ error: m.timeZoneRequired })
    .trim()
    .min(1, m.timeZoneRequired)
    .superRefine((name, ctx) => {
      if (name.length > 0 && !isTimeZone(name)) ctx.addIssue({ code: 'custom', message: m.timeZoneInvalid(name.slice(0, TIME_ZONE_MAX_LENGTH)) });
    }),
  version: z.number({ error: m.versionRequired }).int(m.versionRequired).nonnegative(m.versionRequired),
});
export type SetTimeZoneInput = z.input<typeof setTimeZoneSchema>;
