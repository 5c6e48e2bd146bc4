import { UserType } from '@palisade/domain/user-types';
import type { AuthContext } from '../../plugins/auth-context';
import type { UserRow } from '../auth/auth.repository';

/** Who reads an account: the signed-in user and the organisations it works for. */
export type Viewer = Pick<AuthContext, 'user' | 'organisationIds'>;

/**
 * The organisations of an account that its reader may learn of: all of them for the account
 * itself; else only those the reader works for. An auditor serving two organisations is not news
 * to either about the other (issue 64: getTpiById showed another tenant's id).
 */
function assocSeenBy(viewer: Viewer, user: UserRow, assoc: string[]): string[] {
  return viewer.user.id === user.id ? assoc : assoc.filter((id) => viewer.organisationIds.includes(id));
}
import type { OrganisationRow } from './users.repository';

/**
 * isActive as the reader sees it: false when the account is off, or when every organisation of
 * the reader's that it serves disabled it for itself only (DECISIONS.md); the account itself
 * reads its own switch.
 */
function activeFor(viewer: Viewer, user: UserRow, assoc: string[], disabledIn: readonly string[]): boolean {
  if (!user.isActive) return false;
  if (viewer.user.id === user.id || disabledIn.length === 0) return true;
  const common = assoc.filter((id) => viewer.organisationIds.includes(id));
  return common.length === 0 || common.some((id) => !disabledIn.includes(id));
}

/**
 * For an organisation user: the account also serves another organisation, so its switch acts for
 * this organisation only (the Users page says so). Never told to others.
 */
function sharedFor(viewer: Viewer, assoc: string[]): boolean {
  return viewer.user.type === UserType.ORGANISATION && assoc.some((id) => !viewer.organisationIds.includes(id));
}

/** company/getCompanyById: the organisation (tenant). */
export function presentOrganisation(org: OrganisationRow) {
  return { _id: org.id, companyId: org.id, name: org.name, location: org.location, createdAt: org.createdAt.toISOString() };
}

/** A contractor company as the admin screens read it (company-and-auditor §3). */
export function presentContractor(user: UserRow, allAssoc: string[], viewer: Viewer, disabledIn: readonly string[] = []) {
  const assoc = assocSeenBy(viewer, user, allAssoc);
  return {
    _id: user.id,
    user: user.id,
    contractorId: user.id,
    name: user.name,
    location: user.location,
    emailid: user.email,
    emailId: user.email,
    contactPersonName: user.contactPersonName,
    mobile: user.phone,
    code: user.code,
    isActive: activeFor(viewer, user, allAssoc, disabledIn),
    sharedAccount: sharedFor(viewer, allAssoc),
    profileImage: user.profileImage ?? null,
    companyId: assoc[0] ?? null,
    assoc_companies: assoc,
  };
}

/** An auditor (tpi) as the admin screens read it. */
export function presentTpi(user: UserRow, allAssoc: string[], viewer: Viewer, disabledIn: readonly string[] = []) {
  const assoc = assocSeenBy(viewer, user, allAssoc);
  return {
    _id: user.id,
    tpiId: user.id,
    user: user.id,
    name: user.name,
    phoneNo: user.phone,
    email: user.email,
    contactPersonName: user.contactPersonName,
    code: user.code,
    isActive: activeFor(viewer, user, allAssoc, disabledIn),
    sharedAccount: sharedFor(viewer, allAssoc),
    profileImage: user.profileImage ?? null,
    assoc_companies: assoc,
  };
}

/** app/getUsersByIds: enough to name a user and show its picture. */
export function presentUserRef(user: UserRow) {
  return { user: user.id, fullName: user.name, type: user.type, profileImage: user.profileImage ?? null };
}
