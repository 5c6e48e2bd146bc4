import { useEffect, useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useNavigate } from 'react-router';
import {
  CONTRACTOR_LIST_PAGE_SIZES,
  SORT_CODES,
  type SortCode,
} from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { assessmentMessages } from '@palisade/domain/messages/assessment';
import { navMessages } from '@palisade/domain/messages/nav';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { RESPONSE_SEARCH_MAX } from '@palisade/domain/responses/assignment.schema';
import { EmptyState } from '../../../components/empty-state';
import { ListPager } from '../../../components/list-pager';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { oneOfParam, useListParams } from '../../../lib/use-list-params';
import { useCreateResponse } from '../api/create-response';
import { useContractorAssessments } from '../api/get-contractor-assessments';
import { useContractorResponsesPage } from '../api/get-contractor-responses';
import { AssessmentCard } from '../components/assessment-card';
import {
  LIST_FILTERS,
  newItems,
  responseItems,
  type ListFilter,
  type ListItem,
} from '../list-items';
import { categoriesPath } from '../paths';
import { useOrganisationToday } from '../../../lib/organisation-today';

const t = responseScreensMessages;

const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
  gap: 2,
  listStyle: 'none',
  p: 0,
  m: 0,
} as const;

function LoadingCards() {
  return (
    <Box sx={GRID} aria-busy="true" aria-label={coreMessages.common.loading} role="status">
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <CardContent>
            <Skeleton width="30%" />
            <Skeleton width="80%" height={32} />
            <Skeleton />
            <Skeleton />
            <Skeleton width="60%" />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

/** The list's filters in the URL: ?status=&sort= (with page, size and q). */
const FILTER_PARAMS = {
  status: oneOfParam<ListFilter>(LIST_FILTERS, 'ALL'),
  sort: oneOfParam<SortCode>(SORT_CODES, 'NTO'),
};

/**
 * /atgl/Contractor/Assessment: the contractor's assessments as cards, started ones with their
 * progress and View, the others with Start Assessment; filter by status, sort by last access,
 * search by name. The responses are paged, filtered, sorted and searched by the server (issue 21:
 * a contractor may have hundreds); the assessments not started yet come whole with the shared
 * assessments and, under All, open the first page. Filter, sort, search and page are kept in the
 * URL (?status=&sort=&q=&page=&size=), so that Back from a response returns to the same cards.
 */
export function AssessmentListPage() {
  const profile = useProfile();
  const navigate = useNavigate();
  const assessments = useContractorAssessments(profile._id);
  const create = useCreateResponse();
  const list = useListParams({
    sizes: CONTRACTOR_LIST_PAGE_SIZES,
    filters: FILTER_PARAMS,
    searchMax: RESPONSE_SEARCH_MAX,
  });
  const { page, pageSize, fitPage } = list;
  const { status: filter, sort } = list.filters;
  const settled = list.query;
  const day = useOrganisationToday();

  const status = filter === 'ALL' || filter === 'NEW' ? undefined : filter;
  const responses = useContractorResponsesPage(
    filter === 'NEW'
      ? null
      : {
          contractorId: profile._id,
          page: page + 1,
          pageSize,
          sort,
          ...(status === undefined ? {} : { status }),
          ...(settled === '' ? {} : { search: settled }),
        },
  );
  const unstarted = useMemo(
    () => (filter === 'NEW' || filter === 'ALL' ? newItems(assessments.data ?? [], sort, settled) : []),
    [assessments.data, filter, sort, settled],
  );
  const { shown, total } = useMemo((): { shown: ListItem[]; total: number } => {
    if (filter === 'NEW') {
      return { shown: unstarted.slice(page * pageSize, (page + 1) * pageSize), total: unstarted.length };
    }
    const started = responseItems(responses.data?.items ?? []);
    return {
      shown: filter === 'ALL' && page === 0 ? [...unstarted, ...started] : started,
      total: responses.data?.total ?? 0,
    };
  }, [filter, unstarted, responses.data, page, pageSize]);
  const waitingForResponses = filter !== 'NEW' && responses.isPending;
  const loading = assessments.isPending || waitingForResponses;
  // Both calls must answer (spec §7); the Error dialog has said which one did not.
  const failed = assessments.isError || (filter !== 'NEW' && responses.isError);
  const nothingShared = assessments.data?.length === 0;
  const totalKnown = filter === 'NEW' ? assessments.isSuccess : responses.isSuccess && !responses.isPlaceholderData;
  useEffect(() => {
    // A page past the end (an old link, a shorter list): the last one instead.
    if (totalKnown) fitPage(total);
  }, [totalKnown, total, fitPage]);

  const start = (item: Extract<ListItem, { kind: 'assessment' }>) => {
    create.mutate(
      {
        assessmentId: item.assessment._id,
        contractor: {
          contractorId: profile._id,
          contractorName: profile.name,
          companyId: item.assessment.companyId,
        },
      },
      { onSuccess: (response) => void navigate(categoriesPath(response._id)) },
    );
  };
  const startingId = create.isPending ? create.variables.assessmentId : null;

  return (
    <Page title={navMessages.assessment} breadcrumbs={[{ label: navMessages.assessment }]}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 3,
        }}
      >
        {/* Every filter stays in sight: on phones the buttons wrap, each with its own border. */}
        <Box sx={{ maxWidth: '100%' }}>
          <ToggleButtonGroup
            value={filter}
            exclusive
            size="small"
            color="primary"
            aria-label={t.statusFilter}
            onChange={(_event, next: ListFilter | null) => {
              // A new filter is a new history entry, from the first page.
              if (next) list.setFilters({ status: next });
            }}
            sx={{
              flexWrap: 'wrap',
              gap: 1,
              // Separate buttons rather than one segmented bar: a wrapped row keeps its borders.
              '& .MuiToggleButtonGroup-grouped': {
                m: 0,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
              },
              // The chosen filter reads as a filled button: white on the primary colour.
              '& .MuiToggleButton-root': {
                px: 1.5,
                bgcolor: 'background.paper',
                whiteSpace: 'nowrap',
              },
              '& .MuiToggleButton-root.Mui-selected, & .MuiToggleButton-root.Mui-selected:hover': {
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
              },
            }}
          >
            {LIST_FILTERS.map((f) => (
              <ToggleButton key={f} value={f}>
                {t.statusNames[f]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        <TextField
          type="search"
          size="small"
          margin="none"
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
          slotProps={{ htmlInput: { maxLength: RESPONSE_SEARCH_MAX } }}
          sx={{ width: { xs: '100%', sm: 260 }, bgcolor: 'background.paper' }}
        />
        <TextField
          select
          size="small"
          margin="none"
          label={t.sortLabel}
          value={sort}
          onChange={(event) => {
            const next = SORT_CODES.find((code) => code === event.target.value);
            if (next) list.setFilters({ sort: next });
          }}
          sx={{ width: { xs: '100%', sm: 220 }, bgcolor: 'background.paper' }}
        >
          <MenuItem value="NTO">{t.sortNto}</MenuItem>
          <MenuItem value="OTN">{t.sortOtn}</MenuItem>
        </TextField>
      </Box>

      {loading && !failed ? (
        <LoadingCards />
      ) : failed ? (
        <EmptyState text={assessmentMessages.errorFetchingAssessments} />
      ) : shown.length === 0 ? (
        <EmptyState text={nothingShared ? t.noAssessments : t.noAssessmentsMatch} />
      ) : (
        <>
          <Box component="ul" sx={GRID} aria-label={t.assessmentsList}>
            {shown.map((item) => (
              <li key={item.key}>
                <AssessmentCard item={item} today={day} onStart={start} startingId={startingId} />
              </li>
            ))}
          </Box>
          <ListPager
            total={total}
            page={page}
            onPage={list.setPage}
            pageSize={pageSize}
            sizes={CONTRACTOR_LIST_PAGE_SIZES}
            onPageSize={list.setPageSize}
            wrap
          />
        </>
      )}
    </Page>
  );
}
