import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './accounts';

/**
 * Issue 59. A user's authenticator app (TOTP, RFC 6238): its secret, encrypted (lib/secret-box.ts).
 * enabled_at null: a set-up started and not yet confirmed with a first code (not asked at sign-in).
 * last_used_step: the 30-second step of the last code accepted, so that no code works twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The single-use recovery codes of a user with two-factor on, each as the SHA-256 of the code. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/**
 * The step between a right password and its code: no session yet. The client holds a random token,
 * the row its SHA-256; it works once, until expires_at (the app's clock). purpose 'enrol': the
 * organisation requires two-factor and the user sets it up first.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'verify' | 'enrol'>().notNull(),
    remember: boolean('remember').notNull().default(false),
    /** The client it was given to: the session it opens records them. */
    address: text('address'),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.userId)],
);

/** An organisation's sign-in rules, edited by its admin in Settings (a row once it changed them). */
export const organisationSecurity = pgTable('organisation_security', {
  organisationId: text('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  /** Its admins (organisation users) and the auditors serving it must use two-factor codes. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  version: integer('version').notNull().default(0),
  updatedAt: updatedAt(),
});
