import { z } from 'zod';
import { clientIdField } from '../client-id';
import {
  LEARNING_CATEGORY_MAX_LENGTH,
  LEARNING_CATEGORY_MIN_LENGTH,
  LEARNING_DESCRIPTION_MAX_LENGTH,
  LEARNING_PROGRESS_SECONDS_MAX,
  LEARNING_REWARDS_MAX,
  LEARNING_SEARCH_MAX_LENGTH,
  LEARNING_TABLE_PAGE_SIZES,
  LEARNING_TITLE_MAX_LENGTH,
  LEARNING_TITLE_MIN_LENGTH,
  LEARNING_TOTAL_TIME_MAX,
  MAX_UPLOAD_BYTES,
} from '../constants';
import { fileRecordSchema } from '../files/file.schema';
import { idField } from '../users/users.schema';
import { CATEGORY_NAME_PATTERN, DOC_TYPES, DocType, fileFitsType, isYoutubeEmbedLink } from './learning.rules';
import { learningMessages as m } from './learning.messages';

/**
 * Learning content and notices (foundation-and-contractor §2, §3, §5, §7, §9; company-and-auditor
 * §2.9, §5, §7; DECISIONS.md: type codes, learning table roles, recordProgress, where the
 * noticeboard lives). The server validates each call with these; the Upload Learning and Upload
 * Notice modals resolve their fields with the same ones.
 */

/** A number typed in a form arrives as text; a numeric text counts as that number. */
const numeric = (notNumber: string, positive: string, max: number, field: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v),
    z
      .number({ error: notNumber })
      .refine((n) => Number.isFinite(n), notNumber)
      .refine((n) => n > 0, positive)
      .refine((n) => n <= max, m.tooBig(field, max)),
  );

const docTypeField = z.preprocess(
  (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v),
  z.union(
    DOC_TYPES.map((t) => z.literal(t)),
    { error: m.selectDocumentType },
  ),
);

const textField = (required: string, min: string, max: number, field: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(LEARNING_TITLE_MIN_LENGTH, min)
    .max(max, m.tooLong(field, max));

/** Which form the document comes from: texts differ (Time/Total time, Link is not valid/Invalid Url). */
export type DocumentForm = 'learning' | 'notice';

/** The document of an upload: its texts, time, rewards, type and file name or Youtube link. */
export function documentSchema(form: DocumentForm) {
  return z
    .object({
      title: textField(m.titleRequired, m.titleMin, LEARNING_TITLE_MAX_LENGTH, 'Title'),
      desc: textField(m.descriptionRequired, m.descriptionMin, LEARNING_DESCRIPTION_MAX_LENGTH, 'Description'),
      totaltime: numeric(form === 'notice' ? m.totalTimeNumber : m.timeNumber, m.timePositive, LEARNING_TOTAL_TIME_MAX, 'Time'),
      rewards: numeric(m.rewardsNumber, m.rewardsPositive, LEARNING_REWARDS_MAX, 'Rewards'),
      type: docTypeField,
      subcat: z.string().trim().max(LEARNING_CATEGORY_MAX_LENGTH, m.tooLong('Sub Category', LEARNING_CATEGORY_MAX_LENGTH)).optional().default(''),
      /** The chosen file's name (not Youtube). */
      filename: z.string().trim().max(255, m.tooLong('filename', 255)).optional().default(''),
      /** The Youtube embed link (Youtube only). */
      item_url: z.string().trim().max(500, m.tooLong('item_url', 500)).optional().default(''),
      /** The chosen file's size (the form checks it before sending; the upload is capped again). */
      fileSize: z.number().int().min(0).optional(),
    })
    .superRefine((d, ctx) => {
      const type = d.type;
      if (type === DocType.YOUTUBE) {
        if (!isYoutubeEmbedLink(d.item_url))
          ctx.addIssue({ code: 'custom', path: ['item_url'], message: form === 'notice' ? m.invalidUrl : m.linkNotValid });
        return;
      }
      if (d.filename === '') {
        ctx.addIssue({ code: 'custom', path: ['filename'], message: m.fileRequired });
        return;
      }
      if (!fileFitsType(d.filename, type)) ctx.addIssue({ code: 'custom', path: ['filename'], message: m.wrongFileType });
      else if (d.fileSize !== undefined && d.fileSize > MAX_UPLOAD_BYTES)
        ctx.addIssue({ code: 'custom', path: ['filename'], message: m.tooLarge });
    });
}
export const learningDocumentSchema = documentSchema('learning');
export const noticeDocumentSchema = documentSchema('notice');
export type LearningDocumentInput = z.output<typeof learningDocumentSchema>;

/** A category or sub-category name: letters, digits and spaces, at least 3 characters. */
export function categoryNameSchema(kind: 'category' | 'subcategory') {
  const sub = kind === 'subcategory';
  return z
    .string({ error: sub ? m.subCategoryRequired : m.categoryRequired })
    .trim()
    .min(1, sub ? m.subCategoryRequired : m.categoryRequired)
    .min(LEARNING_CATEGORY_MIN_LENGTH, sub ? m.subCategoryMin : m.categoryMin)
    .max(LEARNING_CATEGORY_MAX_LENGTH, m.tooLong(sub ? 'Sub Category' : 'Category', LEARNING_CATEGORY_MAX_LENGTH))
    .regex(CATEGORY_NAME_PATTERN, m.specialCharacters);
}

/**
 * POST /company/uploadLearning {cmp_id, topic, document}: the organisation adds a learning
 * document under a category (topic) and sub-category. The reply is the storage reference to which
 * the file is then uploaded (none for a Youtube link).
 */
export const uploadLearningSchema = z.object({
  cmp_id: idField('cmp_id'),
  topic: categoryNameSchema('category'),
  document: learningDocumentSchema,
});
export type UploadLearningInput = z.output<typeof uploadLearningSchema>;

/** POST /notice/createNotice {cmp_id, document}: a learning document under topic Notices. */
export const createNoticeSchema = z.object({
  /** The notice's own id, made by the form when it opens (DECISIONS.md: the same id twice stores one). */
  id: clientIdField,
  cmp_id: idField('cmp_id'),
  document: noticeDocumentSchema,
});
export type CreateNoticeInput = z.output<typeof createNoticeSchema>;

/** The storage reference of an upload: the file is then POSTed (multipart, field `file`) to uploadUrl. */
export const storageReferenceSchema = z.object({
  _id: z.string(),
  /** Where the file will be stored; null for a Youtube link (nothing to upload). */
  storagePath: z.string().nullable(),
  uploadUrl: z.string().nullable(),
});
export type StorageReference = z.output<typeof storageReferenceSchema>;

/** POST /company/addLearningCategory {companyId, kind, name} */
export const addLearningCategorySchema = z.object({
  companyId: idField('companyId'),
  kind: z.enum(['category', 'subcategory'], { error: 'kind must be category or subcategory' }),
  name: z.string({ error: m.categoryRequired }),
});

/** GET /company/getLearningCategories?cmp_id= */
export const learningCategoriesQuerySchema = z.object({ cmp_id: idField('cmp_id') });
export const learningCategoriesSchema = z.object({ categories: z.array(z.string()), subcategories: z.array(z.string()) });
export type LearningCategories = z.output<typeof learningCategoriesSchema>;

/** POST /learning/recordProgress {docId, seconds, completed}: an employee's time on a document (seconds only grow; completion once). */
export const recordProgressSchema = z.object({
  docId: idField('docId'),
  seconds: z
    .number({ error: m.secondsInvalid })
    .int(m.secondsInvalid)
    .min(0, m.secondsInvalid)
    .max(LEARNING_PROGRESS_SECONDS_MAX, m.tooBig('seconds', LEARNING_PROGRESS_SECONDS_MAX)),
  completed: z.boolean({ error: m.completedInvalid }).optional().default(false),
});
export const progressReplySchema = z.object({
  docId: z.string(),
  seconds: z.number(),
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});
export type ProgressReply = z.output<typeof progressReplySchema>;

/** GET /{role}/fetchLearningTable?cmp_id=&contractor_id=&page=&pageSize=&search= */
export const learningTableQuerySchema = z.object({
  cmp_id: idField('cmp_id'),
  contractor_id: z.string().trim().max(100, m.contractorNotFound).optional(),
  page: z.coerce.number({ error: m.pageInvalid }).int(m.pageInvalid).min(1, m.pageInvalid).max(100_000, m.pageInvalid).optional().default(1),
  pageSize: z.coerce
    .number({ error: m.pageSizeInvalid })
    .refine((n) => (LEARNING_TABLE_PAGE_SIZES as readonly number[]).includes(n), m.pageSizeInvalid)
    .optional()
    .default(LEARNING_TABLE_PAGE_SIZES[0]),
  search: z.string().trim().max(LEARNING_SEARCH_MAX_LENGTH, m.searchTooLong).optional().default(''),
});
export const learningRoleSchema = z.object({ role: z.enum(['company', 'contractor'], { error: m.roleInvalid }) });

/** A row of the Employee Learning table (spec §3: name, completed_hrs in seconds, completed_modules). */
export const learningRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  contractorId: z.string().nullable(),
  contractorName: z.string().nullable(),
  completed_hrs: z.number(),
  completed_modules: z.number(),
});
export type LearningRow = z.output<typeof learningRowSchema>;
export const learningTableSchema = z.object({
  data: z.array(learningRowSchema),
  /** Rows matching the search (all pages). */
  total: z.number(),
  total_learning_module: z.number(),
});
export type LearningTable = z.output<typeof learningTableSchema>;

/** GET /company/fetchLearningGraph?cmp_id=&year= */
export const learningGraphQuerySchema = z.object({
  cmp_id: idField('cmp_id'),
  year: z.coerce.number({ error: m.yearInvalid }).int(m.yearInvalid).min(2000, m.yearInvalid).max(2100, m.yearInvalid),
});
export const learningGraphRowSchema = z.object({ month: z.number(), seconds: z.number(), hours: z.number() });
export type LearningGraphRow = z.output<typeof learningGraphRowSchema>;
export const learningGraphSchema = z.object({ year: z.number(), data: z.array(learningGraphRowSchema) });
export type LearningGraph = z.output<typeof learningGraphSchema>;

/** A viewer of a notice (spec §3: uid, viewed_at, _id). */
export const noticeViewerSchema = z.object({ _id: z.string(), uid: z.string(), name: z.string(), viewed_at: z.string() });

/** A learning document or notice as replies show it (spec §3). */
export const learningDocSchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  topic: z.string(),
  subcat: z.string(),
  title: z.string(),
  desc: z.string(),
  type: z.number(),
  rewards: z.number(),
  totaltime: z.number(),
  filename: z.string(),
  /** The link that opens it: the file's authorized link, or the Youtube embed link. */
  item_url: z.string(),
  file: fileRecordSchema.nullable(),
  created_time: z.object({ seconds: z.number(), nanoseconds: z.number() }),
  createdAt: z.string(),
  creatorName: z.string(),
  /** Readers counted for the caller (its own side for a contractor). */
  viewersCount: z.number(),
  viewedByMe: z.boolean(),
  viewers: z.array(noticeViewerSchema),
});
export type LearningDoc = z.output<typeof learningDocSchema>;

/** GET /learning/getLearningDocs' data: the library's documents. */
export const learningDocsReplySchema = z.array(learningDocSchema) satisfies z.ZodType<LearningDoc[]>;

/** POST /company/getLearningTopicDocs {companyId, topic}: the topic's documents and how many people can read them. */
export const topicDocsSchema = z.object({ companyId: idField('companyId'), topic: z.string({ error: 'topic is required' }).trim().min(1, 'topic is required').max(LEARNING_CATEGORY_MAX_LENGTH, 'topic is invalid') });
export const topicDocsReplySchema = z.object({ docs: z.array(learningDocSchema), usersCount: z.number() });
export type TopicDocsReply = z.output<typeof topicDocsReplySchema>;

/** GET /learning/getLearningDocs?cmp_id=: the learning library (every topic but Notices). */
export const learningDocsQuerySchema = z.object({ cmp_id: idField('cmp_id') });

/** POST /notice/getNoticesByCompanyId?viewers= {companyId}; GET /notice/getAllNotices?viewers= */
export const noticesByCompanySchema = z.object({ companyId: idField('companyId') });
export const noticesQuerySchema = z.object({
  viewers: z
    .enum(['true', 'false'], { error: 'viewers must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});
/** POST /notice/recordNoticeView {noticeId} */
export const recordNoticeViewSchema = z.object({ noticeId: idField('noticeId') });
export const noticeViewReplySchema = z.object({ noticeId: z.string(), viewed_at: z.string(), recorded: z.boolean() });
export type NoticeViewReply = z.output<typeof noticeViewReplySchema>;
