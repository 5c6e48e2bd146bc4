import { index, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { FileRecord } from '@palisade/domain/files/file.schema';
import { createdAt, updatedAt } from './columns';
import { organisations, users } from './accounts';

/**
 * A policy document (policy update) of an organisation, shown in the homes' Recent Policy Updates
 * card. Its files are stored records (files table) listed in attachments; the creator's name and
 * type are kept as they were.
 */
export const policyDocuments = pgTable(
  'policy_documents',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    creatorType: smallint('creator_type').notNull(),
    creatorName: text('creator_name').notNull(),
    attachments: jsonb('attachments').$type<FileRecord[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('policy_documents_org_idx').on(t.organisationId, t.createdAt)],
);

/** A reader's first opening of a policy document: once per user (spec §4). */
export const policyDocumentViews = pgTable(
  'policy_document_views',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => policyDocuments.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerType: smallint('viewer_type').notNull(),
    viewerName: text('viewer_name').notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.documentId, t.userId] }),
    index('policy_document_views_user_idx').on(t.userId),
    // A document's viewers newest first, a page at a time (getDocumentViewers, issue 63).
    index('policy_document_views_doc_viewed_idx').on(t.documentId, t.viewedAt.desc(), t.userId),
  ],
);

/** Feedback given to an organisation; the author's name, e-mail and company are kept as they were. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: text('id').primaryKey(),
    organisationId: text('organisation_id')
      .notNull()
      .references(() => organisations.id),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id),
    authorType: smallint('author_type').notNull(),
    authorName: text('author_name').notNull(),
    authorEmail: text('author_email').notNull(),
    companyName: text('company_name').notNull(),
    feedbackText: text('feedback_text').notNull(),
    attachments: jsonb('attachments').$type<FileRecord[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('feedbacks_org_idx').on(t.organisationId, t.createdAt)],
);
