import type { FileRecord } from '@palisade/domain/files/file.schema';

/** An auditor (tpi) as the admin calls return it (tpi/getAllTpis, getTpiById, createTpi…). */
export interface Auditor {
  _id: string;
  tpiId: string;
  user: string;
  name: string;
  email: string;
  /** E.164, or null when not given. */
  phoneNo: string | null;
  contactPersonName: string | null;
  code: string | null;
  /** False also when this organisation disabled it for itself only. */
  isActive: boolean;
  /** It also serves another organisation: its switch acts for this organisation only. */
  sharedAccount: boolean;
  profileImage: FileRecord | null;
  assoc_companies: string[];
}

/** A contractor company ("Company" in the admin area) as the contractor/ calls return it. */
export interface Company {
  _id: string;
  contractorId: string;
  user: string;
  name: string;
  location: string | null;
  emailid: string;
  emailId: string;
  contactPersonName: string | null;
  /** E.164, or null when not given. */
  mobile: string | null;
  code: string | null;
  /** False also when this organisation disabled it for itself only. */
  isActive: boolean;
  /** It also serves another organisation: its switch acts for this organisation only. */
  sharedAccount: boolean;
  profileImage: FileRecord | null;
  companyId: string | null;
  assoc_companies: string[];
}

/** A create call's reply: the new account, and whether its invitation mail left. */
export type Created<T> = T & { invitationSent: boolean };

/** Query keys of the Users area; every write invalidates `all` of its kind. */
export const auditorKeys = {
  all: ['users', 'auditors'] as const,
  list: () => [...auditorKeys.all, 'list'] as const,
  one: (tpiId: string) => [...auditorKeys.all, 'one', tpiId] as const,
};
export const companyKeys = {
  all: ['users', 'companies'] as const,
  list: () => [...companyKeys.all, 'list'] as const,
  /** One page of the Company tab: under list(), so that what reloads the list reloads it. */
  page: (companyId: string, search: string, page: number, pageSize: number) =>
    [...companyKeys.list(), 'page', { companyId, search, page, pageSize }] as const,
  one: (contractorId: string) => [...companyKeys.all, 'one', contractorId] as const,
};
