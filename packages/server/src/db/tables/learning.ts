import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
import { organisations, users } from './accounts';

/**
 * Learning categories (topics) and sub-categories an organisation added besides the defaults
 * (LEARNING_DEFAULT_CATEGORIES, LEARNING_DEFAULT_SUBCATEGORIES); a name once per kind, any case.
 */
export const learningCategories = pgTable(
  'learning_categories',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    kind: text('kind').$type<'category' | 'subcategory'>().notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('learning_categories_org_kind_name_key').on(
      t.organisationId,
      t.kind,
      sql`lower(${t.name})`,
    ),
  ],
);

/**
 * A learning document of an organisation under a topic (category) and sub-category; notices are
 * learning documents under topic Notices (DECISIONS.md). type: 1 Image, 2 Video, 3 PDF, 4 Youtube
 * link. A file document is ready once its file is uploaded to the storage reference that
 * uploadLearning / createNotice returned; a Youtube link is ready at once. Lists show ready ones.
 */
export const learningDocuments = pgTable(
  'learning_documents',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    topic: text('topic').notNull(),
    subcat: text('subcat').notNull().default(''),
    title: text('title').notNull(),
    description: text('description').notNull(),
    type: smallint('type').notNull(),
    rewards: integer('rewards').notNull(),
    /** Seconds (totaltime). */
    totalTime: integer('total_time').notNull(),
    /** The chosen file's name (stored name once uploaded). */
    fileName: text('file_name').notNull().default(''),
    /** The Youtube embed link (type 4). */
    itemUrl: text('item_url').notNull().default(''),
    file: jsonb('file').$type<FileRecord>(),
    ready: boolean('ready').notNull().default(false),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    creatorType: smallint('creator_type').notNull(),
    creatorName: text('creator_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('learning_documents_org_topic_idx').on(t.organisationId, t.topic, t.createdAt)],
);

/**
 * An employee's time on one learning document (recordProgress): seconds only grow, completion is
 * set once. organisation and contractor are the employee's, kept for the lists.
 */
export const learningProgress = pgTable(
  'learning_progress',
  {
    docId: text('doc_id')
      .notNull()
      .references(() => learningDocuments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organisationId: text('organisation_id').notNull(),
    contractorId: text('contractor_id').notNull().default(''),
    seconds: integer('seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.docId, t.userId] }),
    // For the cascade of a user's deletion; the Employee Learning table reads learning_employee_totals.
    index('learning_progress_user_id_idx').on(t.userId),
  ],
);

/**
 * Seconds learnt per organisation, UTC month and contractor, kept in the transaction of each
 * recordProgress (the growth of seconds is added to the month it was recorded in): the Learning in
 * hours chart reads at most 12 × contractors rows instead of the progress rows.
 */
export const learningMonthSeconds = pgTable(
  'learning_month_seconds',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    month: date('month', { mode: 'string' }).notNull(),
    contractorId: text('contractor_id').notNull().default(''),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month, t.contractorId] })],
);

/**
 * Seconds learnt per organisation and UTC month, all its contractors together: kept with
 * learning_month_seconds in the same statement (addMonthSeconds), so that the organisation's
 * Learning in hours chart reads 12 rows, not 12 × contractors (issue 21).
 */
export const learningOrgMonthSeconds = pgTable(
  'learning_org_month_seconds',
  {
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    month: date('month', { mode: 'string' }).notNull(),
    seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.month] })],
);

/**
 * An employee's learning summed over its progress rows (seconds, and modules completed), kept in
 * the transaction of each recordProgress: the Employee Learning table reads one row per employee
 * of its page instead of summing each one's progress (issue 21).
 */
export const learningEmployeeTotals = pgTable('learning_employee_totals', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seconds: bigint('seconds', { mode: 'number' }).notNull().default(0),
  completed: integer('completed').notNull().default(0),
});

/** A reader's first opening of a notice: once per user. contractor_id is the reader's side (itself, or an employee's contractor). */
export const noticeViews = pgTable(
  'notice_views',
  {
    docId: text('doc_id')
      .notNull()
      .references(() => learningDocuments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractorId: text('contractor_id').notNull().default(''),
    viewerType: smallint('viewer_type').notNull(),
    viewerName: text('viewer_name').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.docId, t.userId] }),
    index('notice_views_doc_contractor_idx').on(t.docId, t.contractorId),
    index('notice_views_user_idx').on(t.userId),
  ],
);
