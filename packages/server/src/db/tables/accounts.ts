import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { createdAt, updatedAt } from './columns';

/** The tenant: the firm that runs the portal for its suppliers. */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location'),
  /**
   * Issue 60: its IANA time zone; null until set (then UTC, the meaning every stored date had
   * before): a due date ends at the end of its day here, and "today" is this zone's day.
   */
  timeZone: text('time_zone'),
  /** The version of the time zone setting an edit is based on (stale: 409). */
  timeZoneVersion: integer('time_zone_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every account, of all five types. Contractors' name is the company name; auditors' the
 * inspection firm's. Organisation users and employees belong to one organisation through
 * organisation_id; contractors and auditors through user_organisations.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    type: smallint('type').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    phone: text('phone'),
    location: text('location'),
    code: text('code'),
    contactPersonName: text('contact_person_name'),
    organisationId: text('organisation_id').references(() => organisations.id),
    contractorId: text('contractor_id'),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    profileImage: jsonb('profile_image').$type<FileRecord>(),
    canExportAssessmentData: boolean('can_export_assessment_data').notNull().default(false),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    /** The user's language (issue 60; null: not chosen, the browser's or English). */
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_organisation_idx').on(t.organisationId, t.type),
    index('users_contractor_idx').on(t.contractorId),
    // The Employee Learning table: an organisation's live employees by name, a page at a time (learning.repository).
    index('users_org_type_name_live_idx')
      .on(t.organisationId, t.type, t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('users_contractor_name_live_idx')
      .on(t.contractorId, t.name, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Its name search (ILIKE '%text%'): trigrams of live employees' names (migration 0018, pg_trgm).
    index('users_employee_name_trgm_idx')
      .using('gin', t.name.op('gin_trgm_ops'))
      .where(sql`${t.type} = 5 and ${t.deletedAt} is null`),
    // The contractor search (issue 63, accounts.repository contractorsWhere): ILIKE '%text%' on a
    // live contractor's name, e-mail, location or contact person. One GIN index of the four
    // columns' trigrams: a rare text is found by a BitmapOr of its four scans; a common one reads
    // the organisation's contractors instead, as the column statistics tell the planner (migration
    // 0032, pg_trgm).
    index('users_contractor_search_trgm_idx')
      .using(
        'gin',
        t.name.op('gin_trgm_ops'),
        t.email.op('gin_trgm_ops'),
        t.location.op('gin_trgm_ops'),
        t.contactPersonName.op('gin_trgm_ops'),
      )
      .where(sql`${t.type} = 3 and ${t.deletedAt} is null`),
  ],
);

/**
 * assoc_companies: the organisations a contractor or an auditor serves. disabled_at: the
 * organisation disabled an account that also serves another for itself only (DECISIONS.md): the
 * account may not work there, and stays active elsewhere.
 */
export const userOrganisations = pgTable(
  'user_organisations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organisationId] }),
    index('user_organisations_org_idx').on(t.organisationId),
  ],
);

/** Server-side sessions; the cookie holds a random token, the row its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The working organisation chosen with the switcher; null follows the default rule. */
    organisationId: text('organisation_id'),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** The client that signed in (issue 59: the Account page's sessions): its user agent and address. */
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** The last request seen, written at most once a minute (sessions.service.ts); null: none since. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use codes of reset and invitation links, stored hashed. */
export const authCodes = pgTable(
  'auth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'reset' | 'invite'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_codes_user_idx').on(t.userId)],
);

/** Failed sign-ins of an account since its last success (#17): backoff, then a lock. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The client address the failures came from; '*' for the account's from every address (issue 64). */
    address: text('address').notNull().default('*'),
    failures: integer('failures').notNull().default(0),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

/** Secrets made once per installation and shared by its instances (the unsubscribe links' key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
