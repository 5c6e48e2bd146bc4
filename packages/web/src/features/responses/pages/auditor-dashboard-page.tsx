import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { DASHBOARD_LIST_ROWS } from '@palisade/domain/constants';
import { messages } from '@palisade/domain/messages';
import { ResponseStatus } from '@palisade/domain/statuses';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { useProfile } from '../../../lib/session';
import { useResponsesFirstPage } from '../api/get-responses-page';
import { ResponseGrid } from '../components/response-grid';
import { auditorPaths, servedOrganisations } from '../paths';

const r = messages.reviewScreens;

/**
 * /auditor/dashboard (spec §2.2): the SUBMITTED responses of the organisations the auditor
 * serves, newest first; the first 5, then View all / View Less. Each card leads to its categories.
 */
export function AuditorDashboardPage() {
  const profile = useProfile();
  const query = useResponsesFirstPage({
    companyIds: servedOrganisations(profile),
    status: ResponseStatus.SUBMITTED,
    sort: 'NTO',
  });
  const [all, setAll] = useState(false);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const shown = all ? items : items.slice(0, DASHBOARD_LIST_ROWS);

  return (
    <Page
      title={messages.pages.home}
      heading={messages.web.welcome(profile.name)}
      breadcrumbs={[{ label: messages.nav.dashboard }]}
    >
      <Card>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
            <Typography variant="h2" sx={{ flexGrow: 1 }}>
              {r.toReview}
            </Typography>
            {query.isSuccess && (
              <Typography variant="body2" color="text.secondary">
                {r.shownOf(shown.length, total)}
              </Typography>
            )}
          </Box>
          {query.isPending && <LinearProgress aria-label={messages.common.loading} />}
          {query.isError && (
            <Alert severity="error">{messages.assessment.errorFetchingAssessments}</Alert>
          )}
          {query.isSuccess && items.length === 0 && <EmptyState text={r.noneToReview} />}
          {shown.length > 0 && (
            <ResponseGrid responses={shown} to={auditorPaths.categories} label={r.toReviewList} />
          )}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'flex-end',
              alignItems: 'center',
              gap: 2,
              mt: 2,
            }}
          >
            {items.length > DASHBOARD_LIST_ROWS && (
              <Button onClick={() => setAll((v) => !v)} aria-expanded={all}>
                {all ? r.viewLess : r.viewAll}
              </Button>
            )}
            {all && total > items.length && (
              <Link component={RouterLink} to={auditorPaths.list}>
                {r.openList}
              </Link>
            )}
          </Box>
        </CardContent>
      </Card>
    </Page>
  );
}
