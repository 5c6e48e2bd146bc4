import type { CompanyCreateForm, CompanyEditForm } from '@palisade/domain/users/accounts.schema';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { webMessages } from '@palisade/domain/messages/web';
import type { AccountField } from './components/account-fields';

const t = userScreensMessages;

// Functions, not constants: the labels are read when a form renders, in the user's language
// (issue 60), not once when this module loads.

/** Add Company: Company Name, Location, E-mail ID, Contact Person (spec §5). */
export function companyCreateFields(): readonly AccountField<CompanyCreateForm>[] {
  return [
    { name: 'name', label: t.companyName, required: true, autoComplete: 'organization' },
    { name: 'location', label: t.location, required: true, autoComplete: 'address-level2' },
    { name: 'emailid', label: t.emailId, required: true, type: 'email', autoComplete: 'email' },
    { name: 'contactPersonName', label: t.contactPerson, required: true, autoComplete: 'name' },
  ];
}

/** Edit Company: the add fields, then code and 10-digit mobile, all required. */
export function companyEditFields(): readonly AccountField<CompanyEditForm>[] {
  return [
    ...(companyCreateFields() as readonly AccountField<CompanyEditForm>[]),
    { name: 'code', label: t.code, required: true },
    { name: 'mobile', label: t.mobile, required: true, type: 'tel', help: webMessages.phoneHelp },
  ];
}
