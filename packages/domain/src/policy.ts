import { UserType } from './user-types';

const ANY: readonly UserType[] = [
  UserType.OPERATOR,
  UserType.ORGANISATION,
  UserType.CONTRACTOR,
  UserType.AUDITOR,
  UserType.EMPLOYEE,
];
const WEB: readonly UserType[] = [UserType.ORGANISATION, UserType.CONTRACTOR, UserType.AUDITOR];

/**
 * Which user types may make each call. The server checks it on every call (ownership is checked
 * by the services); the web only uses it to hide controls.
 */
export const POLICY = {
  'auth.me': ANY,
  'auth.signOut': ANY,
  'auth.changePassword': ANY,
  'auth.switchOrganisation': [UserType.CONTRACTOR, UserType.AUDITOR],
  'profile.update': ANY,
  'profile.uploadImage': ANY,
  'profile.updatePreferences': ANY,
  'company.getCompanyById': WEB,
  'contractor.getContractorById': WEB,
  'tpi.getTpiById': WEB,
  'app.getUsersByIds': WEB,
  'files.download': ANY,
} as const satisfies Record<string, readonly UserType[]>;

export type PolicyCall = keyof typeof POLICY;

/** True when a user of that type may make the call. */
export function mayCall(type: number, call: PolicyCall): boolean {
  return (POLICY[call] as readonly number[]).includes(type);
}
