import { z } from 'zod';
import { pageField, pageSizeField } from '../paging';
import { idField } from '../users/users.schema';

/**
 * The organisation's activity log (#23): every write of every service appends one row to
 * audit_log in its own transaction; organisation admins read their organisation's rows page by
 * page and export them as CSV.
 */

/** Rows a page of the Activity table. */
export const AUDIT_PAGE_SIZES = [10, 20, 50] as const;

/** At most this many rows go into one CSV export (the newest of the filtered rows). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

/** The kinds of object the log names (audit_log.entity), as the entity filter offers them. */
export const AUDIT_ENTITIES = [
  'user',
  'assessment',
  'assess_category',
  'question',
  'response',
  'observation',
  'policy_document',
  'feedback',
  'learning_document',
  'learning_category',
  'chat_message',
  'compliance_requirement',
  'compliance_document',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** An instant with its offset (ISO 8601), as the date-range filter sends its bounds. */
const instantField = (name: string) =>
  z.iso.datetime({ offset: true, error: `${name} must be a date and time (ISO 8601)` }).optional();

/** The filters that both the list and the export take. */
const auditFilterShape = {
  /** Only what this person did. */
  actorId: idField('actorId').optional(),
  /** Only rows about this kind of object. */
  entity: z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  /** Only rows about this object (with entity: a response's own history). */
  entityId: idField('entityId').optional(),
  /** From this instant on (inclusive). */
  from: instantField('from'),
  /** Up to this instant (inclusive). */
  to: instantField('to'),
};

const rangeInOrder = (v: { from?: string | undefined; to?: string | undefined }) =>
  v.from === undefined || v.to === undefined || Date.parse(v.from) <= Date.parse(v.to);
const RANGE_MESSAGE = { message: 'from must not be after to', path: ['to'] };

/** POST /audit/list: one page of the working organisation's log, newest first. */
export const auditListSchema = z
  .object({
    page: pageField.default(1),
    pageSize: pageSizeField(AUDIT_PAGE_SIZES).default(AUDIT_PAGE_SIZES[0]),
    ...auditFilterShape,
  })
  .refine(rangeInOrder, RANGE_MESSAGE);
export type AuditListInput = z.input<typeof auditListSchema>;
export type AuditListQuery = z.output<typeof auditListSchema>;

/** POST /audit/export: the same filters; the reply is a CSV file (text/csv), newest first. */
export const auditExportSchema = z.object(auditFilterShape).refine(rangeInOrder, RANGE_MESSAGE);
export type AuditExportInput = z.input<typeof auditExportSchema>;
export type AuditFilter = z.output<typeof auditExportSchema>;

/** One row of the log as the calls reply. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** When (ISO date and time). */
  at: z.string(),
  /** Who: null for what the system did by itself. */
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  actorType: z.number().int().nullable(),
  /** What was done, as `<kind>.<verb>` (assessment.create, response.changeStatus …). */
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** The changed fields before and after (no secrets). */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A person who appears in the organisation's log (the person filter). */
export const auditActorSchema = z.object({ id: z.string(), name: z.string(), type: z.number().int() });
export type AuditActor = z.infer<typeof auditActorSchema>;

/** Reply of /audit/list. */
export const auditListReplySchema = z.object({
  rows: z.array(auditEntrySchema),
  total: z.number().int(),
  /** Everyone who appears in the organisation's log, by name. */
  actors: z.array(auditActorSchema),
});
export type AuditListReply = z.infer<typeof auditListReplySchema>;

/** The content type of the export. */
export const AUDIT_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
