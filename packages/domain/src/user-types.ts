/** Numeric user types of the spec, named as DECISIONS.md names them. */
export const UserType = {
  OPERATOR: 1,
  ORGANISATION: 2,
  CONTRACTOR: 3,
  AUDITOR: 4,
  EMPLOYEE: 5,
} as const;
export type UserType = (typeof UserType)[keyof typeof UserType];

export const USER_TYPES: readonly UserType[] = [1, 2, 3, 4, 5];

/** True when the value is one of the five known user types. */
export function isUserType(value: unknown): value is UserType {
  return typeof value === 'number' && (USER_TYPES as readonly number[]).includes(value);
}

/** The three web shells and their route prefixes. */
export type Shell = 'sapphire' | 'contractor' | 'auditor';

export const SHELL_PREFIX: Record<Shell, string> = {
  sapphire: '/sapphire',
  contractor: '/atgl/Contractor',
  auditor: '/auditor',
};

/** The shell a user type works in; operators and employees have none. */
export function shellOf(type: UserType): Shell | null {
  switch (type) {
    case UserType.ORGANISATION:
      return 'sapphire';
    case UserType.CONTRACTOR:
      return 'contractor';
    case UserType.AUDITOR:
      return 'auditor';
    case UserType.OPERATOR:
    case UserType.EMPLOYEE:
      return null;
  }
}

/** Home route per user type (spec §2); types without a shell go to the sign-in page. */
export function homeRoute(type: number): string {
  if (!isUserType(type)) return '/';
  switch (type) {
    case UserType.ORGANISATION:
      return '/sapphire/Dashboard';
    case UserType.CONTRACTOR:
      return '/atgl/Contractor/dashboard';
    case UserType.AUDITOR:
      return '/auditor/dashboard';
    case UserType.OPERATOR:
    case UserType.EMPLOYEE:
      return '/';
  }
}

/** The fields that decide a user's working organisation. */
export interface OrganisationLink {
  cmp_id?: string | null;
  companyId?: string | null;
  assoc_companies?: readonly string[] | null;
}

/**
 * The working organisation: cmp_id, else companyId, else the first of assoc_companies.
 * Returns null when the user belongs to none.
 */
export function workingOrganisationId(user: OrganisationLink): string | null {
  if (user.cmp_id) return user.cmp_id;
  if (user.companyId) return user.companyId;
  return user.assoc_companies?.find((id) => id.length > 0) ?? null;
}
