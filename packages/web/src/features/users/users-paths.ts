import { SHELL_PREFIX } from '@palisade/domain/user-types';

const base = SHELL_PREFIX.sapphire;
const withId = (path: string, id: string) => `${base}/${path}?id=${encodeURIComponent(id)}`;

/**
 * The Users area's URLs (company-and-auditor §2.1). View and Edit keep the spec's paths and carry
 * the account in `?id=`, so a reload or a shared link opens the same account.
 */
export const USERS_PATHS = {
  auditors: `${base}/users`,
  companies: `${base}/companies`,
  addAuditor: `${base}/Add_Auditor`,
  addCompany: `${base}/add_company`,
  viewAuditor: (id: string) => withId('ViewAuditor', id),
  editAuditor: (id: string) => withId('EditAuditor', id),
  viewCompany: (id: string) => withId('ViewCompany', id),
  editCompany: (id: string) => withId('EditCompany', id),
} as const;
