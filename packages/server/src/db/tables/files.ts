import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './accounts';

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
    /**
     * With organisationId: only the organisation's own users and its auditors read it, besides the
     * owner (answer attachments: the organisation's other contractors are the owner's competitors).
     */
    staffOnly: boolean('staff_only').notNull().default(false),
    /**
     * With organisationId: the organisation's auditors do not read it (policy documents: its users,
     * contractors and employees; with staffOnly, feedback: its own users and the owner only).
     */
    auditorsExcluded: boolean('auditors_excluded').notNull().default(false),
    /**
     * The organisation whose storage quota the file counts against when that is not
     * organisationId (a profile image, readable beyond one organisation: the uploader's working
     * organisation); null: organisationId. Migration 0013 keeps organisation_storage in step.
     */
    quotaOrganisationId: text('quota_organisation_id'),
    /**
     * Since when nothing uses the file (an answer attachment uploaded for a later save, or taken
     * off its answer); null once it is attached. Unattached files count against their owner's
     * limit and are deleted UNATTACHED_UPLOAD_TTL_MS after this.
     */
    unattachedSince: timestamp('unattached_since', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('files_path_key').on(t.path),
    index('files_owner_idx').on(t.ownerId),
    index('files_unattached_owner_idx')
      .on(t.ownerId)
      .where(sql`${t.unattachedSince} is not null`),
    index('files_unattached_since_idx')
      .on(t.unattachedSince)
      .where(sql`${t.unattachedSince} is not null`),
  ],
);

/**
 * Bytes an organisation's files take (the files charged to it: quotaOrganisationId, else
 * organisationId), kept by a trigger on files (migration 0013) so that the quota check of an
 * upload reads one row, which it locks while it decides.
 */
export const organisationStorage = pgTable('organisation_storage', {
  organisationId: text('organisation_id').primaryKey(),
  usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
});
