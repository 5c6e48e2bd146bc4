import { z } from 'zod';
import { fileRecordSchema } from '../files/file.schema';

/** An id as the calls carry it. */
export const idField = (name: string) =>
  z.string({ error: `${name} is required` }).trim().min(1, `${name} is required`).max(100, `${name} is invalid`);

/** POST /company/getCompanyById */
export const getCompanyByIdSchema = z.object({ companyId: idField('companyId') });
/** POST /contractor/getContractorById */
export const getContractorByIdSchema = z.object({ contractorId: idField('contractorId') });
/** POST /tpi/getTpiById */
export const getTpiByIdSchema = z.object({ tpiId: idField('tpiId') });
/** POST /app/getUsersByIds: at most 200 ids a call. */
export const getUsersByIdsSchema = z.object({
  userIds: z.array(idField('userIds'), { error: 'userIds must be a list' }).max(200, 'At most 200 userIds a call'),
});

// ------------------------------------------------------------------------------- replies

/** company/getCompanyById's data: the organisation (tenant). */
export const organisationReplySchema = z.object({
  _id: z.string(),
  companyId: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  /** ISO date and time. */
  createdAt: z.string(),
});
export type OrganisationReply = z.infer<typeof organisationReplySchema>;

/**
 * A contractor company as the admin calls reply (contractor/getContractorById, the lists, edit,
 * status, image): company-and-auditor §3.
 */
export const contractorReplySchema = z.object({
  _id: z.string(),
  user: z.string(),
  contractorId: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  emailid: z.string(),
  emailId: z.string(),
  contactPersonName: z.string().nullable(),
  /** E.164, or null when not given. */
  mobile: z.string().nullable(),
  code: z.string().nullable(),
  /** False also when the reader's organisation disabled it for itself only. */
  isActive: z.boolean(),
  /** It also serves another organisation (told to organisation users only). */
  sharedAccount: z.boolean(),
  profileImage: fileRecordSchema.nullable(),
  /** The first of the reader's organisations it serves. */
  companyId: z.string().nullable(),
  /** The organisations it serves that the reader may learn of. */
  assoc_companies: z.array(z.string()),
});
export type ContractorReply = z.infer<typeof contractorReplySchema>;

/** An auditor (tpi) as the admin calls reply (tpi/getTpiById, the lists, edit, status, image). */
export const tpiReplySchema = z.object({
  _id: z.string(),
  tpiId: z.string(),
  user: z.string(),
  name: z.string(),
  /** E.164, or null when not given. */
  phoneNo: z.string().nullable(),
  email: z.string(),
  contactPersonName: z.string().nullable(),
  code: z.string().nullable(),
  /** False also when the reader's organisation disabled it for itself only. */
  isActive: z.boolean(),
  /** It also serves another organisation (told to organisation users only). */
  sharedAccount: z.boolean(),
  profileImage: fileRecordSchema.nullable(),
  /** The organisations it serves that the reader may learn of. */
  assoc_companies: z.array(z.string()),
});
export type TpiReply = z.infer<typeof tpiReplySchema>;

/** One user of app/getUsersByIds: enough to name it and show its picture. */
export const userRefReplySchema = z.object({
  user: z.string(),
  fullName: z.string(),
  type: z.number().int(),
  profileImage: fileRecordSchema.nullable(),
});
export type UserRefReply = z.infer<typeof userRefReplySchema>;

/** app/getUsersByIds' data: the users the caller may see (unknown and foreign ids left out). */
export const usersByIdsReplySchema = z.array(userRefReplySchema);
