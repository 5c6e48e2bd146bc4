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
import dayjs from 'dayjs';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { engagementQuery, leaderboardPageQuery } from '../components/engagement/engagement-api';
import { complianceSummaryQuery } from '../components/compliance/compliance-api';
import { documentsQuery } from '../components/policy-documents/documents-api';
import { dashboardAssessmentsQuery } from '../features/home/api/get-assessments';
import { submittedResponsesQuery } from '../features/home/api/get-review-responses';
import { contractorLocationsQuery } from '../components/company-picker/contractor-search-api';
import {
  esgoQuery,
  pendingTasksQuery,
  performanceInput,
  performanceQuery,
  statusCountsQuery,
} from '../features/home/api/get-organisation-dashboard';

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
 * first data under the keys its cards read, so the calls run while the page's code is still
 * arriving. On the organisation home that is every card's first call (issue 25): a card whose
 * data is already there is made once, with it, instead of a skeleton made and then replaced, and
 * its data calls do not start in the middle of the page's own work. Other pages ask for their
 * data when they render.
 */
export function prefetchFirstPage(queryClient: QueryClient, pathname: string, profile: Profile): void {
  if (!isHomePath(pathname, profile)) return;
  const companyId = workingOrganisationId(profile);
  switch (profile.type) {
    case UserType.CONTRACTOR:
      void queryClient.prefetchQuery(dashboardAssessmentsQuery(profile._id));
      break;
    case UserType.ORGANISATION:
      if (!companyId) break;
      void queryClient.prefetchQuery(engagementQuery(companyId));
      void queryClient.prefetchQuery(esgoQuery(companyId, null));
      void queryClient.prefetchQuery(contractorLocationsQuery(companyId));
      void queryClient.prefetchQuery(performanceQuery(performanceInput(companyId, dayjs().format('YYYY-MM'), null)));
      void queryClient.prefetchQuery(statusCountsQuery(companyId));
      void queryClient.prefetchQuery(leaderboardPageQuery(companyId, 1, DASHBOARD_LIST_ROWS));
      void queryClient.prefetchQuery(pendingTasksQuery(companyId, DASHBOARD_LIST_ROWS));
      void queryClient.prefetchQuery(complianceSummaryQuery(companyId));
      void queryClient.prefetchQuery(documentsQuery(companyId, true));
      break;
    case UserType.AUDITOR:
      if (companyId) void queryClient.prefetchQuery(submittedResponsesQuery([companyId]));
      break;
  }
}
