import type { Profile } from '@palisade/domain/auth/profile.schema';
import { DEFAULT_TIME_ZONE } from '@palisade/domain/organisations/time-zone';
import { isLanguage } from '@palisade/domain/i18n/catalogue';
import { UserType } from '@palisade/domain/user-types';
import type { UserRow } from './auth.repository';

/** Shapes a user row into the profile the spec's client reads (spec §1). */
export function presentProfile(
  user: UserRow,
  ctx: { organisationIds: string[]; organisationId: string | null; organisations: { id: string; name: string; timeZone: string | null }[] },
): Profile {
  const serves = user.type === UserType.CONTRACTOR || user.type === UserType.AUDITOR;
  const names = new Map(ctx.organisations.map((o) => [o.id, o.name]));
  const working = ctx.organisations.find((o) => o.id === ctx.organisationId);
  return {
    _id: user.id,
    user: user.id,
    type: user.type,
    name: user.name,
    email: user.email,
    phoneNo: user.phone,
    mobile: user.phone,
    location: user.location,
    code: user.code,
    contactPersonName: user.contactPersonName,
    cmp_id: ctx.organisationId,
    companyId: serves ? ctx.organisationId : user.organisationId,
    assoc_companies: serves ? ctx.organisationIds : [],
    organisations: ctx.organisationIds.map((id) => ({ _id: id, name: names.get(id) ?? '' })),
    contractorId: user.contractorId,
    profileImage: user.profileImage ?? null,
    canExportAssessmentData: user.canExportAssessmentData,
    emailNotifications: user.emailNotifications,
    timeZone: working?.timeZone ?? DEFAULT_TIME_ZONE,
    language: isLanguage(user.language) ? user.language : null,
  };
}
