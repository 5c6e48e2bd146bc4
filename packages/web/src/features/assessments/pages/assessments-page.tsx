import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import LibraryBooksOutlined from '@mui/icons-material/LibraryBooksOutlined';
import { RoundFilter } from '../../../components/recurrence/round-filter';
import type { SortCode } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { assessmentScreensMessages } from '@palisade/domain/messages/assessment-screens';
import { navMessages } from '@palisade/domain/messages/nav';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { templatesMessages } from '@palisade/domain/templates/templates.messages';
import { OverallStateChip } from '../../../components/compliance/overall-state-chip';
import { useOverallStates } from '../../../components/compliance/use-overall-states';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { starterLibraryPath } from '../../../components/templates/template-paths';
import { contractorTrendPath } from '../../../components/trends/trend-paths';
import { ResponseCard } from '../../../components/response-card';
import {
  ResponseListControls,
  type StatusFilter,
} from '../../../components/response-list-controls';
import { useProfile } from '../../../lib/session';
import { useDebounced } from '../../../lib/use-debounced';
import { useFirstRows } from '../../../lib/use-first-rows';
import { OVERVIEW_DEFAULT_SORT, useResponses } from '../api/get-responses';
import { assessmentPaths, organisationOf } from '../assessments-paths';
import { AssessmentsModal } from '../components/assessments-modal';

const t = assessmentScreensMessages;

/**
 * /sapphire/Assessment (spec §2.4): the responses to the organisation's assessments as cards,
 * filtered by status, company and name (issue 19) and sorted by last access on the server, 50 at a
 * time with Load more; overdue responses marked; Add New Assessment; and the Assessments modal with the assessments no contractor has
 * started yet.
 */
export function AssessmentsPage() {
  const profile = useProfile();
  const companyId = organisationOf(profile);
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [sort, setSort] = useState<SortCode>(OVERVIEW_DEFAULT_SORT);
  const [company, setCompany] = useState('');
  const [modalOpen, setModalOpen] = useState(false);
  const [search, setSearch] = useState('');
  // The round of the recurring assessments (issue 58), '' for all.
  const [round, setRound] = useState('');
  const settledSearch = useDebounced(search.trim());
  const filtered = status !== 'ALL' || company !== '' || settledSearch !== '' || round !== '';
  const responses = useResponses(companyId, {
    sort,
    ...(status === 'ALL' ? {} : { status }),
    ...(company === '' ? {} : { contractorId: company }),
    ...(settledSearch === '' ? {} : { search: settledSearch }),
    ...(round === '' ? {} : { round }),
  });
  const shown = responses.data?.pages.flatMap((p) => p.items) ?? [];
  const total = responses.data?.pages.at(-1)?.total ?? 0;
  // The first screen's cards first, the rest in the next task (a page holds 50).
  const rendered = useFirstRows(shown.length);
  // Each contractor's overall compliance state beside its name on the cards (issue 57).
  const overall = useOverallStates(companyId, shown.map((r) => r.contractorId));

  return (
    <Page
      title={navMessages.assessment}
      breadcrumbs={[{ label: navMessages.assessment }]}
      actions={
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<ListAltOutlined />}
            onClick={() => setModalOpen(true)}
            aria-haspopup="dialog"
          >
            {t.assessmentsButton}
          </Button>
          <Button
            variant="outlined"
            startIcon={<LibraryBooksOutlined />}
            component={RouterLink}
            to={starterLibraryPath}
          >
            {templatesMessages.libraryLink}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={assessmentPaths.add}
          >
            {t.addNew}
          </Button>
        </Box>
      }
    >
      <ResponseListControls
        status={status}
        onStatus={setStatus}
        sort={sort}
        onSort={setSort}
        company={company}
        onCompany={setCompany}
        organisationId={companyId}
        search={search}
        onSearch={setSearch}
      />
      <RoundFilter companyId={companyId} value={round} onChange={setRound} sx={{ mb: 2, minWidth: 180 }} />

      {(responses.isPending || (responses.isFetching && !responses.isFetchingNextPage)) && (
        <LinearProgress aria-label={coreMessages.common.loading} sx={{ mb: 2 }} />
      )}
      {responses.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void responses.refetch()}>
              {webMessages.reload}
            </Button>
          }
        >
          {assessmentMessages.errorFetchingAssessments}
        </Alert>
      )}
      {responses.isSuccess && shown.length === 0 && (
        <EmptyState text={filtered ? t.noResponsesMatch : t.noResponses} />
      )}
      {shown.length > 0 && (
        <Box
          component="ul"
          aria-label={t.responsesList}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'minmax(0, 1fr)',
              sm: 'repeat(2, minmax(0, 1fr))',
              lg: 'repeat(3, minmax(0, 1fr))',
            },
          }}
        >
          {shown.slice(0, rendered).map((r) => (
            <Box component="li" key={r._id}>
              <ResponseCard
                response={r}
                to={assessmentPaths.response(r._id)}
                companyTo={contractorTrendPath(r.contractorId)}
                companyExtra={
                  <OverallStateChip states={overall.data?.states} contractorId={r.contractorId} />
                }
              />
            </Box>
          ))}
        </Box>
      )}
      {shown.length > 0 && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            mt: 3,
          }}
        >
          <Typography variant="body2" color="text.secondary" role="status">
            {reviewScreensMessages.shownOf(shown.length, total)}
          </Typography>
          {responses.hasNextPage && (
            <Button
              variant="outlined"
              onClick={() => void responses.fetchNextPage()}
              loading={responses.isFetchingNextPage}
            >
              {reviewScreensMessages.loadMore}
            </Button>
          )}
        </Box>
      )}
      <AssessmentsModal open={modalOpen} onClose={() => setModalOpen(false)} />
    </Page>
  );
}
