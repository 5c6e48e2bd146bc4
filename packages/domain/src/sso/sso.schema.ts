import { z } from 'zod';
import { browserTimeZoneHint, emailField } from '../auth/auth.schema';
import { versionField } from '../client-id';
import { idField } from '../users/users.schema';
import { ssoMessages as m } from './sso.messages';
import {
  SSO_CHECKS,
  SSO_CLIENT_ID_MAX_LENGTH,
  SSO_CLIENT_SECRET_MAX_LENGTH,
  SSO_DOMAINS_MAX,
  SSO_ISSUER_MAX_LENGTH,
  isAllowedIssuer,
  isEmailDomain,
  normaliseDomain,
} from './sso.rules';

/**
 * Single sign-on with OpenID Connect, per organisation (issue 59). Every call is under /api/sso.
 * The organisation's users (type ORGANISATION) read and change their own organisation's settings
 * (`companyId`; another organisation's is 404); the sign-in calls are public.
 */

const issuerField = z
  .string({ error: m.issuerRequired })
  .trim()
  .min(1, m.issuerRequired)
  .max(SSO_ISSUER_MAX_LENGTH, m.tooLong('Issuer URL', SSO_ISSUER_MAX_LENGTH))
  // The issuer as the provider names it, without a trailing slash of the form's making.
  .transform((v) => v.replace(/\/+$/, ''))
  .refine(isAllowedIssuer, m.issuerInvalid);

const clientIdField = z
  .string({ error: m.clientIdRequired })
  .trim()
  .min(1, m.clientIdRequired)
  .max(SSO_CLIENT_ID_MAX_LENGTH, m.tooLong('Client ID', SSO_CLIENT_ID_MAX_LENGTH));

/** Empty or missing: keep the stored secret (the form never receives it). */
const clientSecretField = z
  .string()
  .max(SSO_CLIENT_SECRET_MAX_LENGTH, m.tooLong('Client secret', SSO_CLIENT_SECRET_MAX_LENGTH))
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

const domainsField = z
  .array(z.string().max(253, m.domainInvalid('…')), { error: m.domainsRequired })
  .transform((list) => [...new Set(list.map(normaliseDomain).filter((d) => d !== ''))])
  .superRefine((list, ctx) => {
    if (list.length === 0) ctx.addIssue({ code: 'custom', message: m.domainsRequired });
    if (list.length > SSO_DOMAINS_MAX) ctx.addIssue({ code: 'custom', message: m.tooManyDomains(SSO_DOMAINS_MAX) });
    const bad = list.find((d) => !isEmailDomain(d));
    if (bad !== undefined) ctx.addIssue({ code: 'custom', message: m.domainInvalid(bad) });
  });

/** POST /sso/getConfig */
export const getSsoConfigSchema = z.object({ companyId: idField('companyId') });

/** The provider's settings as the form sends them to be tested. */
export const testSsoConfigSchema = z.object({
  companyId: idField('companyId'),
  issuer: issuerField,
  clientId: clientIdField,
  /** Missing: the stored secret (the form shows "stored"). */
  clientSecret: clientSecretField,
});
export type TestSsoConfigInput = z.input<typeof testSsoConfigSchema>;

/** POST /sso/saveConfig: sets the organisation's single sign-on up, or changes it (based on its version). */
export const saveSsoConfigSchema = testSsoConfigSchema.extend({
  domains: domainsField,
  /** Its users of these domains may not sign in with a password. */
  requireSso: z.boolean({ error: 'requireSso must be true or false' }).default(false),
  /** The version the change is based on; null when there is no configuration yet. */
  version: versionField.nullable(),
});
export type SaveSsoConfigInput = z.input<typeof saveSsoConfigSchema>;

/** POST /sso/deleteConfig */
export const deleteSsoConfigSchema = z.object({ companyId: idField('companyId'), version: versionField });

/** An organisation's single sign-on as its admins see it: never the secret. */
export const ssoConfigSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** A secret is stored (encrypted); it is never sent back. */
  secretStored: z.boolean(),
  domains: z.array(z.string()),
  requireSso: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

export const ssoSettingsReplySchema = z.object({
  /** What the admin registers with the provider as the redirect (callback) address. */
  redirectUri: z.string(),
  config: ssoConfigSchema.nullable(),
});
export type SsoSettingsReply = z.infer<typeof ssoSettingsReplySchema>;

export const ssoCheckSchema = z.object({
  check: z.enum(SSO_CHECKS),
  ok: z.boolean(),
  /** Why it failed, in the provider's words where it gave any. */
  detail: z.string().nullable(),
});
export const testSsoReplySchema = z.object({ ok: z.boolean(), checks: z.array(ssoCheckSchema) });
export type TestSsoReply = z.infer<typeof testSsoReplySchema>;

/** POST /sso/discover: whether an e-mail's domain signs in through single sign-on. */
export const ssoDiscoverSchema = z.object({ email: emailField });
export const ssoDiscoverReplySchema = z.object({
  sso: z.boolean(),
  /** The password is refused for this domain. */
  required: z.boolean(),
});
export type SsoDiscoverReply = z.infer<typeof ssoDiscoverReplySchema>;

/** POST /sso/start: begins a sign-in at the e-mail's provider. */
export const ssoStartSchema = z.object({ email: emailField, rememberMe: z.boolean().default(false), timeZone: browserTimeZoneHint });
export type SsoStartInput = z.input<typeof ssoStartSchema>;
export const ssoStartReplySchema = z.object({
  /** Where the browser goes: the provider's authorization endpoint (state, nonce, PKCE). */
  authorizationUrl: z.string(),
});

/** GET /sso/callback: what the provider sends back (RFC 6749 §4.1.2 and the error reply). */
export const ssoCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  iss: z.string().max(SSO_ISSUER_MAX_LENGTH).optional(),
  session_state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
  error_description: z.string().max(2048).optional(),
});
