import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { fileDateStamp, toCsv } from '../../components/csv-file';
import type { Auditor, Company } from './api/account-types';

const t = userScreensMessages;

/** Auditors_{DD-MM-YYYY}.csv: Organization, Mobile, E-mail, Contact Person (spec §2.7). */
export function auditorsCsv(auditors: readonly Auditor[]): string {
  return toCsv(
    [t.organization, t.mobile, t.email, t.contactPerson],
    auditors.map((a) => [a.name, a.phoneNo, a.email, a.contactPersonName]),
  );
}

/** Companies_{DD-MM-YYYY}.csv: Company Name, Location, E-mail, Contact Person. */
export function companiesCsv(companies: readonly Company[]): string {
  return toCsv(
    [t.companyName, t.location, t.email, t.contactPerson],
    companies.map((c) => [c.name, c.location, c.emailid, c.contactPersonName]),
  );
}

export const auditorsCsvName = (date = fileDateStamp()) => t.csvFileName('Auditors', date);
export const companiesCsvName = (date = fileDateStamp()) => t.csvFileName('Companies', date);
