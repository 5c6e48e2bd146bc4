import { SHELL_PREFIX } from '@palisade/domain/user-types';

/** The contractor's assessment screens (spec §2). */
export const ASSESSMENT_LIST_PATH = `${SHELL_PREFIX.contractor}/Assessment`;

export function categoriesPath(responseId: string): string {
  return `${SHELL_PREFIX.contractor}/assessment/${encodeURIComponent(responseId)}/categories`;
}

export function checklistPath(responseId: string, categoryId: string): string {
  return `${categoriesPath(responseId)}/${encodeURIComponent(categoryId)}`;
}
