import type { BulkInvalidRow, BulkSkippedRow } from '@palisade/domain/users/accounts.schema';
import { bulkReport } from '../../lib/bulk-report';
import { presentContractor, presentTpi, type Viewer } from '../users/users.presenter';
import type { AccountWithOrgs } from './accounts.repository';

/** A contractor company as the admin screens read it (the same shape as getContractorById). */
export function presentContractorAccount(account: AccountWithOrgs, viewer: Viewer) {
  return presentContractor(account.user, account.assoc, viewer, account.disabledIn);
}

/** A page of the contractor search: its contractors as the lists give them, and where it is. */
export function presentContractorPage(accounts: readonly AccountWithOrgs[], at: { total: number; page: number; pageSize: number }, viewer: Viewer) {
  return { items: accounts.map((a) => presentContractorAccount(a, viewer)), ...at };
}

/** An auditor as the admin screens read it (the same shape as getTpiById). */
export function presentTpiAccount(account: AccountWithOrgs, viewer: Viewer) {
  return presentTpi(account.user, account.assoc, viewer, account.disabledIn);
}

/** A new account, and whether its invitation mail left. */
export function presentCreated<T>(account: T, invitationSent: boolean): T & { invitationSent: boolean } {
  return { ...account, invitationSent };
}

/** The report of a bulk upload: what was created, skipped (taken or repeated) and invalid, by row. */
export function presentBulkReport(
  report: { created: AccountWithOrgs[]; skipped: BulkSkippedRow[]; invalid: BulkInvalidRow[]; invitationsSent: number },
  viewer: Viewer,
) {
  return bulkReport({ ...report, created: report.created.map((a) => presentContractorAccount(a, viewer)) });
}
