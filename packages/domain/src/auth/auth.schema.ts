import { TIME_ZONE_MAX_LENGTH } from '../organisations/time-zone';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { coreMessages } from '../messages-core';
import { languageHint } from '../i18n/language.schema';

const m = coreMessages.auth;

/** A required, valid email of at most 255 characters; compared lower-case. */
export const emailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, m.emailTooLong)
  .pipe(z.email({ error: m.emailInvalid }));

/** A password as typed at sign-in: required, at most 255 characters. */
export const passwordField = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong);

/** At least 6 characters with a lowercase, an uppercase, a digit and one of @$!%*?&. */
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{6,}$/;

/** A new password: the spec's strength rule. */
export const newPasswordField = z
  .string({ error: m.newPasswordRequired })
  .min(1, m.newPasswordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordRule)
  .max(PASSWORD_MAX_LENGTH, m.passwordTooLong)
  .regex(PASSWORD_PATTERN, m.passwordRule);

/**
 * The browser's time zone (issue 60), sent with each call that opens a session (password, second
 * factor, single sign-on): an organisation without a zone takes its first admin's. A hint: a
 * name that is no zone is left unused, not refused.
 */
export const browserTimeZoneHint = z.string().max(TIME_ZONE_MAX_LENGTH).optional().catch(undefined);

/** POST /auth/signIn */
export const signInSchema = z.object({
  email: emailField,
  password: passwordField,
  /** Keeps the session 30 days and lets the browser pre-fill the email. */
  rememberMe: z.boolean().default(false),
  timeZone: browserTimeZoneHint,
  /** The language chosen on the sign-in page, kept as the user's (issue 60). */
  language: languageHint,
});
export type SignInInput = z.input<typeof signInSchema>;

/** POST /auth/forgotPassword */
export const forgotPasswordSchema = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The single-use code of a reset or invitation link. */
export const oobCodeField = z
  .string({ error: m.resetLinkInvalid })
  .min(20, m.resetLinkInvalid)
  .max(200, m.resetLinkInvalid);

/** POST /auth/verifyResetCode */
export const verifyResetCodeSchema = z.object({ oobCode: oobCodeField });

/** verifyResetCode's data: the e-mail of the account the link is for. */
export const verifyResetCodeReplySchema = z.object({ email: z.string() });

/** signOutOtherSessions' data: how many other sessions were ended. */
export const signOutOtherSessionsReplySchema = z.object({ ended: z.number().int().nonnegative() });

/** POST /auth/confirmPasswordReset */
export const confirmPasswordResetSchema = z.object({
  oobCode: oobCodeField,
  newPassword: newPasswordField,
});

/** The reset form: new password twice. The confirmation never leaves the browser. */
export const resetPasswordFormSchema = z
  .object({
    newPassword: newPasswordField,
    confirmPassword: z
      .string({ error: m.confirmPasswordRequired })
      .min(1, m.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: m.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** POST /auth/changePasswordWithEmail: own account only, current password required. */
export const changePasswordSchema = z.object({
  email: emailField,
  currentPassword: z
    .string({ error: m.currentPasswordRequired })
    .min(1, m.currentPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, m.passwordTooLong),
  password: newPasswordField,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The change-password form of the Account page. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordSchema.shape.currentPassword,
    password: newPasswordField,
    confirmPassword: z
      .string({ error: m.confirmPasswordRequired })
      .min(1, m.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: m.passwordsMustMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
