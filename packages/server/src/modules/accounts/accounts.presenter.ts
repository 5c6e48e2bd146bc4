import type { BulkInvalidRow, BulkSkippedRow } from '@palisade/domain/users/accounts.schema';
import { bulkReport } from '../../lib/bulk-report';
import { presentContractor, presentTpi } from '../users/users.presenter';
import type { AccountWithOrgs } from './accounts.repository';

/** A contractor company as the admin screens read it (the same shape as getContractorById). */
export function presentContractorAccount(account: AccountWithOrgs) {
  return presentContractor(account.user, account.assoc);
}

/** An auditor as the admin screens read it (the same shape as getTpiById). */
export function presentTpiAccount(account: AccountWithOrgs) {
  return presentTpi(account.user, account.assoc);
}

/** A new account, and whether its invitation mail left. */
export function presentCreated<T>(account: T, invitationSent: boolean): T & { invitationSent: boolean } {
  return { ...account, invitationSent };
}

/** The report of a bulk upload: what was created, skipped (taken or repeated) and invalid, by row. */
export function presentBulkReport(report: { created: AccountWithOrgs[]; skipped: BulkSkippedRow[]; invalid: BulkInvalidRow[]; invitationsSent: number }) {
  return bulkReport({ ...report, created: report.created.map(presentContractorAccount) });
}
