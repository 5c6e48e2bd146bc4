import { z } from 'zod';
import {
  CONTRACTOR_IDS_MAX,
  CONTRACTOR_PICKER_PAGE_SIZE,
  CONTRACTOR_SEARCH_MAX_LENGTH,
  CONTRACTOR_SEARCH_PAGE_SIZES,
  TEXT_MAX_LENGTH,
} from '../constants';
import { usersMessages } from '../messages/users';
import { pageNumberField, pageSizeField } from '../paging';
import { contractorReplySchema, idField } from './users.schema';

const m = usersMessages;

/**
 * The contractor search (issue 63): an organisation's contractor companies found by the server as
 * the user types (the pickers, the companies table, the Share dialog), never the whole list.
 */

/** The contractor statuses a search may keep to (isActive as the reader sees it). */
export const CONTRACTOR_STATUSES = ['active', 'inactive'] as const;
export type ContractorStatus = (typeof CONTRACTOR_STATUSES)[number];

/**
 * What a search matches: `search` anywhere in the name, e-mail, location or contact person (any
 * case); `location` exactly ('' = any); `status` (none = both).
 */
const contractorFilterSchema = z.object({
  companyId: idField('companyId'),
  search: z
    .string({ error: m.searchTooLong(CONTRACTOR_SEARCH_MAX_LENGTH) })
    .trim()
    .max(CONTRACTOR_SEARCH_MAX_LENGTH, m.searchTooLong(CONTRACTOR_SEARCH_MAX_LENGTH))
    .default(''),
  location: z
    .string({ error: m.searchLocationTooLong(TEXT_MAX_LENGTH) })
    .trim()
    .max(TEXT_MAX_LENGTH, m.searchLocationTooLong(TEXT_MAX_LENGTH))
    .default(''),
  status: z.enum(CONTRACTOR_STATUSES, { error: m.searchStatusInvalid }).optional(),
});

/**
 * What a search's page holds of each contractor: every field of the companies table and the Share
 * dialog ('full', the default: contractorReplySchema), or only what a company picker shows
 * ('picker': contractorPickerItemSchema), which the server reads without the accounts' other
 * columns and organisations.
 */
export const CONTRACTOR_SEARCH_FIELDS = ['full', 'picker'] as const;
export type ContractorSearchFields = (typeof CONTRACTOR_SEARCH_FIELDS)[number];

/**
 * POST /contractor/searchContractors: one page (from 1) of the organisation's contractors that
 * match, by name (any case) then id. `ids`, when given, keeps to those contractors (a picker's
 * chosen chips, to name them). `fields` chooses the shape of each row.
 */
export const searchContractorsSchema = contractorFilterSchema.extend({
  fields: z.enum(CONTRACTOR_SEARCH_FIELDS, { error: m.searchFieldsInvalid }).default('full'),
  ids: z
    .array(idField('ids'), { error: m.searchIdsList })
    .max(CONTRACTOR_IDS_MAX, m.searchIdsTooMany(CONTRACTOR_IDS_MAX))
    .optional(),
  page: pageNumberField.default(1),
  pageSize: pageSizeField(CONTRACTOR_SEARCH_PAGE_SIZES).default(CONTRACTOR_PICKER_PAGE_SIZE),
});
/** The body as a caller sends it (every field but companyId optional). */
export type SearchContractorsInput = z.input<typeof searchContractorsSchema>;
/** The body as the server reads it (defaults filled in). */
export type SearchContractorsBody = z.infer<typeof searchContractorsSchema>;

/** POST /contractor/getContractorIds: every contractor that matches (the Share dialog's "select all" and "by location"). */
export const getContractorIdsSchema = contractorFilterSchema;
export type GetContractorIdsInput = z.input<typeof getContractorIdsSchema>;
export type GetContractorIdsBody = z.infer<typeof getContractorIdsSchema>;

/** POST /contractor/getContractorLocations: the organisation's contractors' locations. */
export const getContractorLocationsSchema = z.object({ companyId: idField('companyId') });
export type GetContractorLocationsInput = z.input<typeof getContractorLocationsSchema>;

// ------------------------------------------------------------------------------- replies

/** searchContractors' data: the page's contractors (as getContractorsByCompanyId gives them) and the count of all that match. */
export const contractorSearchPageSchema = z.object({
  items: z.array(contractorReplySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ContractorSearchPage = z.infer<typeof contractorSearchPageSchema>;

/** A contractor as a company picker lists it (fields 'picker'): enough to name it and tell two of one name apart. */
export const contractorPickerItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  location: z.string().nullable(),
  contactPersonName: z.string().nullable(),
  /** As in contractorReplySchema: false also when the reader's organisation disabled it for itself only. */
  isActive: z.boolean(),
});
export type ContractorPickerItem = z.infer<typeof contractorPickerItemSchema>;

/** searchContractors' data with fields 'picker': the page's contractors as a picker lists them, and the count of all that match. */
export const contractorPickerPageSchema = z.object({
  items: z.array(contractorPickerItemSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ContractorPickerPage = z.infer<typeof contractorPickerPageSchema>;

/** searchContractors' data, by the fields asked for: the full page or the picker's. */
export const contractorSearchReplySchema = z.union([contractorSearchPageSchema, contractorPickerPageSchema]);
export type ContractorSearchReply = z.infer<typeof contractorSearchReplySchema>;

/** getContractorIds' data: every matching id, by name, and how many. */
export const contractorIdsReplySchema = z.object({
  ids: z.array(z.string()),
  total: z.number().int().nonnegative(),
});
export type ContractorIdsReply = z.infer<typeof contractorIdsReplySchema>;

/** One location of getContractorLocations: its text as stored, and how many contractors have it. */
export const contractorLocationSchema = z.object({
  location: z.string(),
  count: z.number().int().positive(),
});
export type ContractorLocation = z.infer<typeof contractorLocationSchema>;

/** getContractorLocations' data: the distinct non-empty locations, by name (any case). */
export const contractorLocationsReplySchema = z.object({ locations: z.array(contractorLocationSchema) });
export type ContractorLocationsReply = z.infer<typeof contractorLocationsReplySchema>;
