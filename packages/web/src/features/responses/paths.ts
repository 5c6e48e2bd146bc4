import { SHELL_PREFIX } from '@palisade/domain/user-types';

/** The contractor's assessment screens (spec §2). */
export const ASSESSMENT_LIST_PATH = `${SHELL_PREFIX.contractor}/Assessment`;

export function categoriesPath(responseId: string): string {
  return `${SHELL_PREFIX.contractor}/assessment/${encodeURIComponent(responseId)}/categories`;
}

export function checklistPath(responseId: string, categoryId: string): string {
  return `${categoriesPath(responseId)}/${encodeURIComponent(categoryId)}`;
}

/** The auditor's review screens (company-and-auditor §2.1). */
export const auditorPaths = {
  home: `${SHELL_PREFIX.auditor}/dashboard`,
  list: `${SHELL_PREFIX.auditor}/Assessment`,
  categories: (responseId: string) =>
    `${SHELL_PREFIX.auditor}/assessment/${encodeURIComponent(responseId)}/categories`,
  checklist: (responseId: string, categoryId: string) =>
    `${SHELL_PREFIX.auditor}/assessment/${encodeURIComponent(responseId)}/Categories/${encodeURIComponent(categoryId)}`,
};

/** The organisation's response views (company-and-auditor §2.1, §2.5). */
export const organisationPaths = {
  list: `${SHELL_PREFIX.sapphire}/Assessment`,
  response: (responseId: string) =>
    `${SHELL_PREFIX.sapphire}/Cap_AssesmentView/${encodeURIComponent(responseId)}`,
  checklist: (responseId: string, categoryId: string) =>
    `${SHELL_PREFIX.sapphire}/Cap_AssesmentView/${encodeURIComponent(responseId)}/Categories/${encodeURIComponent(categoryId)}`,
};

/** The organisations an auditor serves (their responses are its work); the working one first. */
export function servedOrganisations(profile: {
  cmp_id: string | null;
  companyId: string | null;
  assoc_companies: readonly string[];
}): string[] {
  const first = profile.cmp_id ?? profile.companyId;
  const all = first ? [first, ...profile.assoc_companies] : [...profile.assoc_companies];
  return [...new Set(all)];
}
