import { sql } from 'drizzle-orm';
import {
  bigserial,
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

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The tenant: the firm that runs the portal for its suppliers. */
export const organisations = pgTable('organisations', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  location: text('location'),
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_organisation_idx').on(t.organisationId, t.type),
    index('users_contractor_idx').on(t.contractorId),
  ],
);

/** assoc_companies: the organisations a contractor or an auditor serves. */
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

/** Stored files, so that downloads can be authorized. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    path: text('path').notNull(),
    fileName: text('file_name').notNull(),
    fileType: text('file_type').notNull(),
    size: integer('size').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id),
    /** The organisation whose users may read it; null: the owner and those sharing one with it. */
    organisationId: text('organisation_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('files_path_key').on(t.path), index('files_owner_idx').on(t.ownerId)],
);

/** Append-only: who changed what, when, before → after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
    actorId: text('actor_id'),
    organisationId: text('organisation_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);
