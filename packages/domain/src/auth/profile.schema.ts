import { z } from 'zod';
import { NAME_MIN_LENGTH, PHONE_DIGITS, TEXT_MAX_LENGTH } from '../constants';
import { fileRecordSchema } from '../files/file.schema';
import { profileMessages } from '../messages/profile';
import { LANGUAGES } from '../i18n/catalogue';

/** The signed-in user's profile (spec §1 and company-and-auditor §3, Current user). */
export const profileSchema = z.object({
  /** The user's id (also `user`, as the spec's client reads it). */
  _id: z.string(),
  user: z.string(),
  type: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** E.164, e.g. +919876543210; null when not given. */
  phoneNo: z.string().nullable(),
  /** The same number, as the contractor screens name it. */
  mobile: z.string().nullable(),
  location: z.string().nullable(),
  code: z.string().nullable(),
  contactPersonName: z.string().nullable(),
  /** The working organisation (DECISIONS.md: cmp_id, else companyId, else assoc_companies[0]). */
  cmp_id: z.string().nullable(),
  /** The organisation an organisation user or an employee belongs to. */
  companyId: z.string().nullable(),
  /** The organisations a contractor or an auditor serves. */
  assoc_companies: z.array(z.string()),
  /** The organisations the switcher offers, with their names. */
  organisations: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** The contractor an employee works for. */
  contractorId: z.string().nullable(),
  profileImage: fileRecordSchema.nullable(),
  canExportAssessmentData: z.boolean(),
  emailNotifications: z.boolean(),
  /**
   * The working organisation's time zone (issue 60; UTC while never set, or without one): the day
   * the screens mark due dates by, and the zone times are compared with.
   */
  timeZone: z.string(),
  /** The user's language (issue 60): null until chosen (the browser's, else English). */
  language: z.enum(LANGUAGES).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Ten digits as typed; the server stores E.164 with the default country code. */
export const phoneField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), profileMessages.phoneInvalid);

/** POST /profile/updateProfile: what a user may change of their own profile. */
export const updateProfileSchema = z.object({
  name: z
    .string({ error: profileMessages.nameRequired })
    .trim()
    .min(1, profileMessages.nameRequired)
    .min(NAME_MIN_LENGTH, profileMessages.nameMin)
    // Its own text: the schema's error above would otherwise name a too long name as missing.
    .max(TEXT_MAX_LENGTH, profileMessages.nameTooLong),
  /** Ten digits, or empty to clear. */
  phoneNo: z.union([phoneField, z.literal('')]).default(''),
  location: z.string().trim().max(255, profileMessages.locationTooLong).default(''),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** POST /profile/updatePreferences (the Settings page). */
export const updatePreferencesSchema = z.object({ emailNotifications: z.boolean() });

/** POST /auth/switchOrganisation: choose the working organisation among one's own. */
export const switchOrganisationSchema = z.object({ companyId: z.string().min(1).max(100) });

/** The phone as the forms show it: the last ten digits of the stored E.164 number. */
export function localPhone(e164: string | null): string {
  if (!e164) return '';
  const digits = e164.replace(/\D/g, '');
  return digits.slice(-PHONE_DIGITS);
}

/** Ten digits to E.164 with the given country code. */
export function toE164(tenDigits: string, countryCode: string): string {
  return `${countryCode}${tenDigits}`;
}
