import { z } from 'zod';
import { clientIdField } from '../client-id';
import { DOCUMENT_DESCRIPTION_MAX_LENGTH, DOCUMENT_TITLE_MAX_LENGTH } from '../constants';
import { fileRecordSchema } from '../files/file.schema';
import { documentsMessages } from '../messages/documents';
import { pageNumberField, pageSizeField } from '../paging';
import { DOCUMENT_VIEWER_PAGE_SIZES } from './document.rules';
import { idField } from '../users/users.schema';

const m = documentsMessages;

/**
 * Policy documents (foundation-and-contractor §2, §3, §4, §5, §7; company-and-auditor §2.2, §2.9,
 * §7). The organisation writes them in the Recent Policy Updates card; its contractors and their
 * employees read them, and each reader's first opening is recorded once. The server validates
 * the calls with these; the Add/Edit document modal resolves its fields with the same ones.
 */

/** Title and text: both required ("All fields are mandatory"), trimmed. */
export const documentFieldsShape = {
  title: z
    .string({ error: m.allMandatory })
    .trim()
    .min(1, m.allMandatory)
    .max(DOCUMENT_TITLE_MAX_LENGTH, m.titleTooLong(DOCUMENT_TITLE_MAX_LENGTH)),
  description: z
    .string({ error: m.allMandatory })
    .trim()
    .min(1, m.allMandatory)
    .max(DOCUMENT_DESCRIPTION_MAX_LENGTH, m.textTooLong(DOCUMENT_DESCRIPTION_MAX_LENGTH)),
};

/**
 * POST /document/createDocument (multipart): the fields, and one to DOCUMENT_ATTACHMENTS_MAX
 * files named `attachments`. The creator and the organisation come from the session (the
 * working organisation); creator fields in the body are ignored.
 */
export const createDocumentFieldsSchema = z.object({
  ...documentFieldsShape,
  /** The document's own id, made by the dialog when it opens (DECISIONS.md: the same id twice stores one). */
  id: clientIdField,
});
export type CreateDocumentFields = z.output<typeof createDocumentFieldsSchema>;

/**
 * POST /document/editDocument (multipart): the document, its new title and text, `keep` (repeated:
 * the filePath of each current attachment to keep; the others are removed) and new files named
 * `attachments`. At least one attachment must remain.
 */
export const editDocumentFieldsSchema = z.object({
  documentId: idField('documentId'),
  ...documentFieldsShape,
  keep: z.array(z.string().min(1, m.keepUnknown)).default([]),
});
export type EditDocumentFields = z.output<typeof editDocumentFieldsSchema>;

/** POST /document/deleteDocument */
export const deleteDocumentSchema = z.object({ documentId: idField('documentId') });
/** deleteDocument's data: the document removed. */
export const deleteDocumentReplySchema = z.object({ documentId: z.string() });

/**
 * POST /document/recordDocView: the viewer is the signed-in user; a `viewer` in the body (as the
 * spec's client sends it) is ignored.
 */
export const recordDocViewSchema = z.object({ documentId: idField('documentId') });

/** POST /document/getDocumentsByCompanyId (query viewers=true adds each document's viewers). */
export const getDocumentsByCompanyIdSchema = z.object({ companyId: idField('companyId') });
export const documentsQuerySchema = z.object({
  viewers: z
    .enum(['true', 'false'], { error: 'viewers must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** One reader's first opening of a document (spec §3: viewers[] {viewer {type, name, uid}, viewed_at}). */
export const documentViewerSchema = z.object({
  viewer: z.object({ type: z.number().int(), name: z.string(), uid: z.string() }),
  /** ISO date and time. */
  viewed_at: z.string(),
});
export type DocumentViewer = z.infer<typeof documentViewerSchema>;

/**
 * POST /document/getDocumentViewers (the organisation, issue 63): one page (from 1) of a
 * document's viewers, newest first; a document may be opened by thousands.
 */
export const getDocumentViewersSchema = z.object({
  documentId: idField('documentId'),
  page: pageNumberField.default(1),
  pageSize: pageSizeField(DOCUMENT_VIEWER_PAGE_SIZES).default(DOCUMENT_VIEWER_PAGE_SIZES[0]),
});
export type GetDocumentViewersInput = z.input<typeof getDocumentViewersSchema>;

/** getDocumentViewers' data: the page's viewers and how many opened the document in all. */
export const documentViewersPageSchema = z.object({
  viewers: z.array(documentViewerSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type DocumentViewersPage = z.infer<typeof documentViewersPageSchema>;

/** A policy document as every reply names it. */
export const policyDocumentSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** ISO date and time. */
  createdAt: z.string(),
  creatorId: z.string(),
  creatorType: z.number().int(),
  creatorName: z.string(),
  companyId: z.string(),
  attachments: z.array(fileRecordSchema),
  /** How many readers have opened it (the read receipt's numerator). */
  viewerCount: z.number().int().nonnegative(),
  /** True when the signed-in user has opened it. */
  viewedByMe: z.boolean(),
  /** The readers who opened it, newest first: for the organisation with viewers=true, else []. */
  viewers: z.array(documentViewerSchema),
});
export type PolicyDocument = z.infer<typeof policyDocumentSchema>;

/**
 * getDocumentsByCompanyId's data (spec: reads data.data and employee_count): the documents,
 * newest first, and how many people can see them (the read receipt's denominator).
 */
export const documentsReplySchema = z.object({
  data: z.array(policyDocumentSchema),
  employee_count: z.number().int().nonnegative(),
});
export type DocumentsReply = z.infer<typeof documentsReplySchema>;

/** recordDocView's data: when the user first opened it, and whether this call recorded it. */
export const docViewReplySchema = z.object({
  documentId: z.string(),
  viewed_at: z.string(),
  recorded: z.boolean(),
});
export type DocViewReply = z.infer<typeof docViewReplySchema>;
