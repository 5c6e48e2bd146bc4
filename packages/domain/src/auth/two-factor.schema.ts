import { z } from 'zod';
import { browserTimeZoneHint } from './auth.schema';
import { profileSchema } from './profile.schema';
import { isRecoveryCode, isTotpCode, normaliseCode } from './two-factor.rules';
import { twoFactorMessages as m } from './two-factor.messages';

/** A code of the authenticator app: six digits (spaces allowed); normalised. */
export const totpCodeField = z
  .string({ error: m.codeRequired })
  .trim()
  .min(1, m.codeRequired)
  .max(20, m.totpCodeInvalidFormat)
  .refine(isTotpCode, m.totpCodeInvalidFormat)
  .transform(normaliseCode);

/** A code of the app or a recovery code (dashes, spaces and case do not matter); normalised. */
export const secondFactorCodeField = z
  .string({ error: m.codeRequired })
  .trim()
  .min(1, m.codeRequired)
  .max(40, m.codeInvalidFormat)
  .refine((v) => isTotpCode(v) || isRecoveryCode(v), m.codeInvalidFormat)
  .transform(normaliseCode);

/** The token of the sign-in step between a right password and its code (signIn's reply). */
export const challengeField = z
  .string({ error: m.challengeRequired })
  .min(20, m.challengeRequired)
  .max(200, m.challengeRequired);

/** signIn's reply when the password was right and a second factor is needed: no session yet. */
export const twoFactorChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Sent back with the code (or with the enrolment calls); works for a few minutes. */
  challenge: z.string(),
  /** True: the organisation requires two-factor and the user has none yet, so it sets it up first. */
  enrol: z.boolean(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

/** POST /auth/signIn's data: the profile (signed in), or the step that asks for a code. */
export const signInReplySchema = z.union([profileSchema, twoFactorChallengeSchema]);
export type SignInReply = z.infer<typeof signInReplySchema>;

/** POST /auth/verifyTwoFactor: the code (or a recovery code) of the sign-in step. */
export const verifyTwoFactorSchema = z.object({
  challenge: challengeField,
  code: secondFactorCodeField,
  timeZone: browserTimeZoneHint,
});
export type VerifyTwoFactorInput = z.input<typeof verifyTwoFactorSchema>;

/** POST /auth/twoFactor/enrolStart: a required set-up during sign-in. */
export const challengeEnrolStartSchema = z.object({ challenge: challengeField });

/** POST /auth/twoFactor/enrolConfirm: the first code of a required set-up during sign-in. */
export const challengeEnrolConfirmSchema = z.object({
  challenge: challengeField,
  code: totpCodeField,
  timeZone: browserTimeZoneHint,
});

/** POST /auth/twoFactor/confirm: the first code of the app, which turns it on. */
export const confirmTwoFactorSchema = z.object({ code: totpCodeField });
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** POST /auth/twoFactor/disable: a current code of the app (or a recovery code). */
export const disableTwoFactorSchema = z.object({ code: secondFactorCodeField });
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

/** GET /auth/twoFactor: the user's own second factor. */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** When it was turned on (ISO); null when off. */
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int().nonnegative(),
  /** One of the user's organisations requires it: it cannot be turned off. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The set-up's secret: as a QR code (a PNG data URL), as an otpauth:// URL and as text. */
export const twoFactorSetupSchema = z.object({
  /** Base32, as typed into an app by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** The recovery codes, shown once when two-factor is turned on. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /auth/twoFactor/enrolConfirm's data: signed in, with the recovery codes to keep. */
export const challengeEnrolReplySchema = z.object({
  profile: profileSchema,
  recoveryCodes: z.array(z.string()),
});
export type ChallengeEnrolReply = z.infer<typeof challengeEnrolReplySchema>;

/** POST /users/resetTwoFactor: an organisation admin resets a user's second factor. */
export const resetUserTwoFactorSchema = z.object({
  userId: z
    .string({ error: m.userIdRequired })
    .trim()
    .min(1, m.userIdRequired)
    .max(100, m.userIdRequired),
});

/** GET /organisation/getSecuritySettings: the organisation's sign-in rules. */
export const securitySettingsSchema = z.object({
  requireTwoFactor: z.boolean(),
  /** The version an edit is based on (a stale one is 409). */
  version: z.number().int().nonnegative(),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** POST /organisation/updateSecuritySettings */
export const updateSecuritySettingsSchema = z.object({
  requireTwoFactor: z.boolean({ error: m.requireTwoFactorRequired }),
  version: z
    .number({ error: m.versionRequired })
    .int(m.versionRequired)
    .nonnegative(m.versionRequired),
});
export type UpdateSecuritySettingsInput = z.input<typeof updateSecuritySettingsSchema>;

/** One signed-in session of the user (GET /auth/sessions). */
export const sessionItemSchema = z.object({
  /** A reference of the session (not its token, nor the token's hash). */
  _id: z.string(),
  /** "Chrome 120 on Windows 10", from the user agent; null when unknown. */
  device: z.string().nullable(),
  /** The client address it signed in from. */
  address: z.string().nullable(),
  startedAt: z.string(),
  /** The last request seen (written at most once a minute); null: none since the start. */
  lastSeenAt: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;
export const sessionListSchema = z.array(sessionItemSchema);

/** POST /auth/revokeSession */
export const revokeSessionSchema = z.object({
  sessionId: z
    .string({ error: m.sessionIdRequired })
    .trim()
    .min(1, m.sessionIdRequired)
    .max(100, m.sessionIdRequired),
});
