import type { AuditorEditForm, CreateTpiInput } from '@palisade/domain/users/accounts.schema';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { webMessages } from '@palisade/domain/messages/web';
import type { AccountField } from './components/account-fields';

const t = userScreensMessages;

// Functions, not constants: the labels are read when a form renders, in the user's language
// (issue 60), not once when this module loads.

/** Add Auditor: Auditor Name, E-mail ID, Contact Person; code and phone may be given later. */
export function auditorCreateFields(): readonly AccountField<CreateTpiInput>[] {
  return [
    { name: 'name', label: t.auditorName, required: true, autoComplete: 'organization' },
    { name: 'email', label: t.emailId, required: true, type: 'email', autoComplete: 'email' },
    { name: 'contactPersonName', label: t.contactPerson, required: true, autoComplete: 'name' },
    { name: 'code', label: t.optional(t.code) },
    { name: 'phoneNo', label: t.optional(t.phone), type: 'tel', help: webMessages.phoneHelp },
  ];
}

/** Edit Auditor: every field required (spec §5). */
export function auditorEditFields(): readonly AccountField<AuditorEditForm>[] {
  return [
    { name: 'name', label: t.auditorName, required: true, autoComplete: 'organization' },
    { name: 'email', label: t.emailId, required: true, type: 'email', autoComplete: 'email' },
    { name: 'contactPersonName', label: t.contactPerson, required: true, autoComplete: 'name' },
    { name: 'code', label: t.code, required: true },
    { name: 'phoneNo', label: t.phone, required: true, type: 'tel', help: webMessages.phoneHelp },
  ];
}
