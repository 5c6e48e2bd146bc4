import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { SortCode } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { navMessages } from '@palisade/domain/messages/nav';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { workingOrganisationId } from '@palisade/domain/user-types';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import {
  ResponseListControls,
  type StatusFilter,
} from '../../../components/response-list-controls';
import { useProfile } from '../../../lib/session';
import { useDebounced } from '../../../lib/use-debounced';
import {
  LIST_DEFAULT_SORT,
  useResponsesPages,
  type ResponsesFilters,
} from '../api/get-responses-page';
import { ResponseGrid } from '../components/response-grid';
import { auditorPaths } from '../paths';

const a = assessmentScreensMessages;
const r = reviewScreensMessages;

/**
 * /auditor/Assessment (spec §2.4): the responses of the auditor's working organisation, with
 * the overview's filters (status, sort, company), filtered, sorted and paged on the server; each
 * card leads to the auditor's categories page.
 */
export function AuditorListPage() {
  const profile = useProfile();
  // The working organisation only (the switcher picks it; the server holds the auditor to it).
  const working = workingOrganisationId(profile);
  const companyIds = working ? [working] : [];
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [sort, setSort] = useState<SortCode>(LIST_DEFAULT_SORT);
  const [company, setCompany] = useState('');
  const [search, setSearch] = useState('');
  const settledSearch = useDebounced(search.trim());

  // A new object each render is fine: the query key is compared by value.
  const filters: ResponsesFilters = {
    companyIds,
    sort,
    ...(status === 'ALL' ? {} : { status }),
    ...(company === '' ? {} : { contractorId: company }),
    ...(settledSearch === '' ? {} : { search: settledSearch }),
  };
  const query = useResponsesPages(filters);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = status !== 'ALL' || company !== '' || settledSearch !== '';

  return (
    <Page title={navMessages.assessment} breadcrumbs={[{ label: navMessages.assessment }]}>
      <ResponseListControls
        status={status}
        onStatus={setStatus}
        sort={sort}
        onSort={setSort}
        company={company}
        onCompany={setCompany}
        organisationId={working ?? ''}
        search={search}
        onSearch={setSearch}
      />
      {(query.isPending || (query.isFetching && !query.isFetchingNextPage)) && (
        <LinearProgress aria-label={coreMessages.common.loading} sx={{ mb: 2 }} />
      )}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {webMessages.reload}
            </Button>
          }
        >
          {assessmentMessages.errorFetchingAssessments}
        </Alert>
      )}
      {query.isSuccess && items.length === 0 && (
        <EmptyState text={filtered ? a.noResponsesMatch : a.noResponses} />
      )}
      {items.length > 0 && (
        <ResponseGrid responses={items} to={auditorPaths.categories} viewerId={profile._id} />
      )}
      {items.length > 0 && (
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            mt: 3,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="body2" color="text.secondary" role="status">
            {r.shownOf(items.length, total)}
          </Typography>
          {query.hasNextPage && (
            <Button
              variant="outlined"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              {r.loadMore}
            </Button>
          )}
        </Box>
      )}
    </Page>
  );
}
