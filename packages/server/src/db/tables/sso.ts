import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './accounts';

/**
 * Issue 59. An organisation's single sign-on: its OpenID Connect provider and client. The client
 * secret is kept encrypted (lib/secret-box.ts) and never sent back.
 */
export const ssoConfigs = pgTable('sso_configs', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecretBox: text('client_secret_box').notNull(),
  /** Passwords of users of its domains are refused. */
  requireSso: boolean('require_sso').notNull().default(false),
  version: integer('version').notNull().default(0),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The e-mail domains an organisation's provider covers: each domain belongs to one organisation only. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    /** Lower-case, as users.email is kept. */
    domain: text('domain').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => ssoConfigs.organisationId, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('sso_domains_org_idx').on(t.organisationId)],
);

/**
 * A single sign-on under way, from the redirect to the provider until its callback (10 minutes at
 * most); used once. Keyed by the SHA-256 of its state; bound to the browser that started it by the
 * SHA-256 of a cookie's token. The PKCE verifier is kept encrypted.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    bindingHash: text('binding_hash').notNull(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    codeVerifierBox: text('code_verifier_box').notNull(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);
