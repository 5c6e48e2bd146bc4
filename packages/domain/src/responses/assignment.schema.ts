import { z } from 'zod';
import { orgAuditorMessages } from '../responses/org-auditor.messages';
import { idField } from '../users/users.schema';

const o = orgAuditorMessages;

/** The longest name search of the organisation's overview. */
export const RESPONSE_SEARCH_MAX = 100;

/**
 * The name search of a response list (issue 19): part of the assessment's or the contractor
 * company's name, any case; blank is no search.
 */
export const responseSearchSchema = z
  .string({ error: o.searchTooLong })
  .trim()
  .max(RESPONSE_SEARCH_MAX, o.searchTooLong)
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

/**
 * POST /assessment/responses/assignAuditor (organisation): one of the organisation's auditors
 * for a response, or null to remove the assignment. Optional: every auditor still sees every
 * response; the assigned one sees it first, marked "Assigned to you".
 */
export const assignAuditorSchema = z.object({
  responseId: idField('responseId'),
  auditorId: z.union([idField('auditorId'), z.null()], { error: o.auditorIdInvalid }),
});
export type AssignAuditorInput = z.input<typeof assignAuditorSchema>;
