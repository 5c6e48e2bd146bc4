import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { loadErrorMessages } from '@palisade/domain/messages/load-errors';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { SHELL_PREFIX } from '@palisade/domain/user-types';
import { EmptyState } from '../../../components/empty-state';
import { ResponseCard } from '../../../components/response-card';
import { SectionCard } from '../../../components/section-card';
import { useSubmittedResponses } from '../api/get-review-responses';
import { useDeferredReply } from '../../../components/use-deferred-reply';

const r = reviewScreensMessages;
const LIST = `${SHELL_PREFIX.auditor}/Assessment`;
const categoriesOf = (id: string) => `${SHELL_PREFIX.auditor}/assessment/${encodeURIComponent(id)}/categories`;

/**
 * The auditor's work (company-and-auditor §2.2): the SUBMITTED responses of its working
 * organisation, those assigned to it first ("Assigned to you"), then newest first; the first 5, then View all / View Less. Each card leads to its categories.
 */
export function ToReviewCard({
  companyIds,
  viewerId,
}: {
  companyIds: readonly string[];
  /** The signed-in auditor: its assigned responses come first, marked "Assigned to you". */
  viewerId: string;
}) {
  const query = useDeferredReply(useSubmittedResponses(companyIds));
  const [all, setAll] = useState(false);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const shown = all ? items : items.slice(0, DASHBOARD_LIST_ROWS);
  return (
    <SectionCard title={r.toReview}>
      {query.isSuccess && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {r.shownOf(shown.length, total)}
        </Typography>
      )}
      {query.isPending && <LinearProgress aria-label={coreMessages.common.loading} />}
      {query.isError && <Alert severity="error">{loadErrorMessages.errorFetchingAssessments}</Alert>}
      {query.isSuccess && items.length === 0 && <EmptyState text={r.noneToReview} />}
      {shown.length > 0 && (
        <Box
          component="ul"
          aria-label={r.toReviewList}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {shown.map((response) => (
            <Box component="li" key={response._id}>
              <ResponseCard response={response} to={categoriesOf(response._id)} viewerId={viewerId} />
            </Box>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mt: 2 }}>
        {items.length > DASHBOARD_LIST_ROWS && (
          <Button onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? r.viewLess : r.viewAll}
          </Button>
        )}
        {all && total > items.length && (
          <Link component={RouterLink} to={LIST}>
            {r.openList}
          </Link>
        )}
      </Box>
    </SectionCard>
  );
}
