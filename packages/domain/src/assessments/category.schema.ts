import { z } from 'zod';
import { clientIdField } from '../client-id';
import { CATEGORY_NAME_MAX_LENGTH, CATEGORY_NAME_MIN_LENGTH } from '../constants';
import { assessmentMessages } from '../messages/assessment';
import { idField } from '../users/users.schema';

const m = assessmentMessages;

/**
 * Categories of assessment sections (company-and-auditor §2.6, §5, §7): the organisation's own
 * list, each name unique in it regardless of case.
 */

/** Letters (any script), digits and spaces only (spec §5). */
export const CATEGORY_NAME_PATTERN = /^[\p{L}\p{N} ]+$/u;

/** A category name: required, at least 3 characters, letters, digits and spaces. */
export const categoryNameField = z
  .string({ error: m.categoryNameRequired })
  .trim()
  .min(1, m.categoryNameRequired)
  .min(CATEGORY_NAME_MIN_LENGTH, m.categoryMin)
  .max(CATEGORY_NAME_MAX_LENGTH, m.categoryTooLong)
  .regex(CATEGORY_NAME_PATTERN, m.categorySpecial);

/** Add Category and Edit Category dialogs: the same rules (spec §5). */
export const categoryFormSchema = z.object({ name: categoryNameField });
export type CategoryForm = z.infer<typeof categoryFormSchema>;

/**
 * POST /assessment/categories/createAssessCategory: companyId is the caller's organisation; id the
 * client-made id of the new category (client-id.ts).
 */
export const createAssessCategorySchema = categoryFormSchema.extend({ companyId: idField('companyId'), id: clientIdField });
export type CreateAssessCategoryInput = z.input<typeof createAssessCategorySchema>;
export type CreateAssessCategoryBody = z.infer<typeof createAssessCategorySchema>;

/** POST /assessment/categories/editAssessCategoryById */
export const editAssessCategorySchema = z.object({
  categoryId: idField('categoryId'),
  updateData: categoryFormSchema,
});
export type EditAssessCategoryInput = z.input<typeof editAssessCategorySchema>;
export type EditAssessCategoryBody = z.infer<typeof editAssessCategorySchema>;

/** POST /assessment/categories/getAssessCategoriesByCompanyId */
export const getAssessCategoriesSchema = z.object({ companyId: idField('companyId') });

/** A category as every reply carries it (spec §3). */
export const categoryReplySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The organisation that owns it. */
  companyId: z.string(),
  createdAt: z.string(),
});
export type Category = z.infer<typeof categoryReplySchema>;

/** Reply of getAssessCategoriesByCompanyId: the organisation's categories. */
export const categoryListReplySchema = z.array(categoryReplySchema);
