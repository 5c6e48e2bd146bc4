import { z } from 'zod';
import { phoneField } from '../auth/profile.schema';
import {
  BULK_MAX_ROWS,
  CODE_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LOCATION_MIN_LENGTH,
  NAME_MIN_LENGTH,
  TEXT_MAX_LENGTH,
} from '../constants';
import { coreMessages } from '../messages-core';
import { filesMessages } from '../messages/files';
import { profileMessages } from '../messages/profile';
import { usersMessages } from '../messages/users';
import { contractorReplySchema, idField, tpiReplySchema } from './users.schema';

const m = usersMessages;

/**
 * Account calls of the admin area (company-and-auditor §5, §7): contractor companies
 * ("Company" in the admin area, user type 3) and auditors (tpi, user type 4). Each form schema is
 * what the web form resolves with; each call schema is what the server validates.
 */

/** Letters (any script), slash, apostrophe and space only (spec §5). */
export const NAME_PATTERN = /^[\p{L}/'’ ]+$/u;
/** Letters, digits, underscore and hyphen. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
/** Word characters, with the spaces and the few marks place names carry (", . ' / ( ) -"). */
export const LOCATION_PATTERN = /^[\p{L}\p{N}_][\p{L}\p{N}_ .,'’/()-]*$/u;

/** A company or auditor name: required, at least 3 characters, the letter rule. */
export const accountNameField = z
  .string({ error: m.nameRequired })
  .trim()
  .min(1, m.nameRequired)
  .min(NAME_MIN_LENGTH, m.nameMin)
  .max(TEXT_MAX_LENGTH, m.tooLong('Name', TEXT_MAX_LENGTH))
  .regex(NAME_PATTERN, m.nameInvalid);

/** The contact person: required, the same letter rule. */
export const contactPersonField = z
  .string({ error: m.contactPersonRequired })
  .trim()
  .min(1, m.contactPersonRequired)
  .max(TEXT_MAX_LENGTH, m.tooLong('Contact person', TEXT_MAX_LENGTH))
  .regex(NAME_PATTERN, m.contactPersonInvalid);

/** An account's email: required and valid ('Please enter valid email'); the server lower-cases it. */
export const accountEmailField = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(EMAIL_MAX_LENGTH, coreMessages.auth.emailTooLong)
  .pipe(z.email({ error: m.validEmail }));

/** A code: letters, digits, underscore, hyphen ('Code is invalid'); required where present. */
export const codeField = z
  .string({ error: m.codeInvalid })
  .trim()
  .min(1, m.codeInvalid)
  .max(CODE_MAX_LENGTH, m.codeInvalid)
  .regex(CODE_PATTERN, m.codeInvalid);

/** A contractor company's location: required, word characters, at least 2. */
export const locationField = z
  .string({ error: m.locationRequired })
  .trim()
  .min(1, m.locationRequired)
  .min(LOCATION_MIN_LENGTH, m.locationInvalid)
  .max(TEXT_MAX_LENGTH, profileMessages.locationTooLong)
  .regex(LOCATION_PATTERN, m.locationInvalid);

/** Exactly 10 digits as typed ('Phone no is invalid'); stored in E.164 with the default country code. */
export const accountPhoneField = phoneField;

/** Optional on create: empty means not given. */
const optional = <T extends z.ZodType>(field: T) => z.union([field, z.literal('')]).optional();

/** The optional working-organisation id the spec's client sends; it must be the caller's own. */
const cmpIdField = idField('cmp_id').optional();

// ---------------------------------------------------------------------------------- auditors

/** Add Auditor form: Auditor Name, E-mail ID, Contact Person. */
export const auditorCreateFormSchema = z.object({
  name: accountNameField,
  email: accountEmailField,
  contactPersonName: contactPersonField,
});
export type AuditorCreateForm = z.infer<typeof auditorCreateFormSchema>;

/** Edit Auditor form: every field required (spec §5: code and 10-digit phone). */
export const auditorEditFormSchema = z.object({
  name: accountNameField,
  email: accountEmailField,
  contactPersonName: contactPersonField,
  code: codeField,
  /** Ten digits; the reply carries it in E.164 (use localPhone to fill the form). */
  phoneNo: accountPhoneField,
});
export type AuditorEditForm = z.infer<typeof auditorEditFormSchema>;

/** POST /tpi/createTpi: the add form, optionally with code and phone. */
export const createTpiSchema = auditorCreateFormSchema.extend({
  code: optional(codeField),
  phoneNo: optional(accountPhoneField),
  cmp_id: cmpIdField,
});
export type CreateTpiInput = z.input<typeof createTpiSchema>;
export type CreateTpiBody = z.infer<typeof createTpiSchema>;

/** POST /tpi/editTpi: the fields to change (at least one), each validated as in the edit form. */
export const editTpiSchema = z.object({
  tpiId: idField('tpiId'),
  updateData: auditorEditFormSchema
    .partial()
    .refine((v) => Object.values(v).some((x) => x !== undefined), { message: m.nothingToUpdate }),
});
export type EditTpiInput = z.input<typeof editTpiSchema>;
export type EditTpiBody = z.infer<typeof editTpiSchema>;

/** POST /tpi/changeTpiAccStatus: disable true turns the account off, false on. */
export const changeTpiStatusSchema = z.object({
  tpiId: idField('tpiId'),
  disable: z.boolean({ error: 'disable must be true or false' }),
});
/** POST /tpi/deleteTpi */
export const deleteTpiSchema = z.object({ tpiId: idField('tpiId') });

// ---------------------------------------------------------------------- contractor companies

/** Add Company form (also one row of a bulk upload): name, location, email, contact person. */
export const companyCreateFormSchema = z.object({
  name: accountNameField,
  location: locationField,
  emailid: accountEmailField,
  contactPersonName: contactPersonField,
});
export type CompanyCreateForm = z.infer<typeof companyCreateFormSchema>;

/** Edit Company form: every field required (code pattern, 10-digit mobile, location ≥ 2). */
export const companyEditFormSchema = companyCreateFormSchema.extend({
  code: codeField,
  /** Ten digits; the reply carries it in E.164 (use localPhone to fill the form). */
  mobile: accountPhoneField,
});
export type CompanyEditForm = z.infer<typeof companyEditFormSchema>;

/** POST /contractor/createContractor and /company/createCompany. */
export const createContractorSchema = companyCreateFormSchema.extend({
  code: optional(codeField),
  mobile: optional(accountPhoneField),
  cmp_id: cmpIdField,
});
export type CreateContractorInput = z.input<typeof createContractorSchema>;
export type CreateContractorBody = z.infer<typeof createContractorSchema>;

/** POST /contractor/editContractor and /company/editCompany. */
export const editContractorSchema = z.object({
  contractorId: idField('contractorId'),
  updateData: companyEditFormSchema
    .partial()
    .refine((v) => Object.values(v).some((x) => x !== undefined), { message: m.nothingToUpdate }),
});
export type EditContractorInput = z.input<typeof editContractorSchema>;
export type EditContractorBody = z.infer<typeof editContractorSchema>;

/** POST /contractor/changeContractorAccStatus */
export const changeContractorStatusSchema = z.object({
  contractorId: idField('contractorId'),
  disable: z.boolean({ error: 'disable must be true or false' }),
});
/** POST /contractor/deleteContractor and /company/deleteCompany */
export const deleteContractorSchema = z.object({ contractorId: idField('contractorId') });

/** POST /contractor/getContractorsByCompanyId and /tpi/getTpisByCompanyId: one of the caller's organisations. */
export const byCompanyIdSchema = z.object({ companyId: idField('companyId') });

/** One company row of a bulk upload, as parsed from the file (fields of spec §5). */
export const bulkCompanyRowSchema = companyCreateFormSchema;
export type BulkCompanyRow = z.infer<typeof bulkCompanyRowSchema>;

/**
 * POST /contractor/createBulkContractors: either the file's text (`csv`, preferred: the server
 * checks the header and numbers the rows as in the file) or the rows already parsed
 * (`contractorsData`, numbered from 2 as if under a header). The spec's createdBy, cmp_name and
 * code are not needed: the server knows who calls.
 */
export const createBulkContractorsSchema = z
  .object({
    csv: z.string({ error: m.bulkFormat }).max(1024 * 1024, m.bulkFormat).optional(),
    contractorsData: z
      .array(z.record(z.string(), z.unknown(), { error: m.bulkFormat }), { error: m.bulkFormat })
      .max(BULK_MAX_ROWS, m.bulkTooMany(BULK_MAX_ROWS))
      .optional(),
    cmp_id: cmpIdField,
  })
  .refine((v) => v.csv !== undefined || v.contractorsData !== undefined, { message: filesMessages.required, path: ['csv'] });
export type CreateBulkContractorsInput = z.input<typeof createBulkContractorsSchema>;
export type CreateBulkContractorsBody = z.infer<typeof createBulkContractorsSchema>;

// ------------------------------------------------------------------------- existence checks

/** The record being edited, so that its own value does not count as taken. */
const excludeIdField = idField('excludeId').optional();

/** POST /{company,contractor,tpi}/checkEmailExists: any account of any kind, anywhere. */
export const checkEmailExistsSchema = z.object({ email: accountEmailField, excludeId: excludeIdField });
/** POST /{company,contractor,tpi}/checkNameExists: same kind, caller's organisation. */
export const checkNameExistsSchema = z.object({ name: accountNameField, excludeId: excludeIdField });
/** POST /{company,contractor,tpi}/checkCodeExists: same kind, caller's organisation. */
export const checkCodeExistsSchema = z.object({ code: codeField, excludeId: excludeIdField });
/** POST /{company,contractor,tpi}/checkPhoneNumberExists: same kind, caller's organisation. */
export const checkPhoneNumberExistsSchema = z.object({ phoneNo: accountPhoneField, excludeId: excludeIdField });

/** Reply of every exists check (data). */
export const existsReplySchema = z.object({ exists: z.boolean() });
export type ExistsReply = z.infer<typeof existsReplySchema>;

// ------------------------------------------------------------------------------- replies

/** A skipped bulk row: valid, but its email or name is taken (or repeats an earlier row). */
export interface BulkSkippedRow {
  row: number;
  field: 'emailid' | 'name';
  reason: string;
}
/** One invalid field of a bulk row. */
export interface BulkInvalidRow {
  row: number;
  field: string;
  message: string;
}

/** createContractor's and createCompany's data: the new company, and whether its invitation mail left. */
export const createdContractorReplySchema = contractorReplySchema.extend({ invitationSent: z.boolean() });
/** createTpi's data: the new auditor, and whether its invitation mail left. */
export const createdTpiReplySchema = tpiReplySchema.extend({ invitationSent: z.boolean() });

/** The contractor lists' data (getContractorsByCompanyId, getAllContractors, getAllCompanies). */
export const contractorListReplySchema = z.array(contractorReplySchema);
/** The auditor lists' data (getTpisByCompanyId, getAllTpis). */
export const tpiListReplySchema = z.array(tpiReplySchema);

/** A delete's data (deleteContractor, deleteCompany, deleteTpi): the account's id. */
export const deletedAccountReplySchema = z.object({ _id: z.string() });

/** A skipped bulk row, as the reply carries it. */
export const bulkSkippedRowReplySchema = z.object({
  row: z.number().int(),
  field: z.enum(['emailid', 'name']),
  reason: z.string(),
}) satisfies z.ZodType<BulkSkippedRow>;
/** An invalid field of a bulk row, as the reply carries it. */
export const bulkInvalidRowReplySchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
}) satisfies z.ZodType<BulkInvalidRow>;

/** createBulkContractors' data: what was created (file order), skipped and invalid, by row. */
export const bulkContractorsReplySchema = z.object({
  created: z.array(contractorReplySchema),
  createdCount: z.number().int().nonnegative(),
  skipped: z.array(bulkSkippedRowReplySchema),
  invalid: z.array(bulkInvalidRowReplySchema),
  invitationsSent: z.number().int().nonnegative(),
});
