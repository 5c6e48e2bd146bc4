import type { QueryClient } from '@tanstack/react-query';
import type { Profile } from '@palisade/domain/auth/profile.schema';
import {
  homeRoute,
  isUserType,
  SHELL_PREFIX,
  shellOf,
  UserType,
  workingOrganisationId,
} from '@palisade/domain/user-types';
import { engagementQuery } from '../components/engagement/engagement-api';
import { dashboardAssessmentsQuery } from '../features/home/api/get-assessments';
import { submittedResponsesQuery } from '../features/home/api/get-review-responses';

/** The path without a trailing slash, lower case (routes match without regard to case). */
const normal = (pathname: string) => pathname.replace(/\/+$/, '').toLowerCase();

/** True when `pathname` shows the user's home: the home itself or its shell's bare prefix. */
export function isHomePath(pathname: string, profile: Pick<Profile, 'type'>): boolean {
  if (!isUserType(profile.type)) return false;
  const shell = shellOf(profile.type);
  const path = normal(pathname);
  return (
    path === normal(homeRoute(profile.type)) || (shell !== null && path === normal(SHELL_PREFIX[shell]))
  );
}

/**
 * A first visit's head start (issue 19): as soon as the session is known, asks for the home's
 * first data (the card a user looks at first) under the keys its cards read, so the calls run
 * while the page's code is still arriving. Other pages ask for their data when they render.
 */
export function prefetchFirstPage(queryClient: QueryClient, pathname: string, profile: Profile): void {
  if (!isHomePath(pathname, profile)) return;
  const companyId = workingOrganisationId(profile);
  switch (profile.type) {
    case UserType.CONTRACTOR:
      void queryClient.prefetchQuery(dashboardAssessmentsQuery(profile._id));
      break;
    case UserType.ORGANISATION:
      if (companyId) void queryClient.prefetchQuery(engagementQuery(companyId));
      break;
    case UserType.AUDITOR:
      if (companyId) void queryClient.prefetchQuery(submittedResponsesQuery([companyId]));
      break;
  }
}
