import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, Navigate, useLocation, useSearchParams } from 'react-router';
import { coreMessages } from '@palisade/domain/messages-core';
import { observationMessages } from '@palisade/domain/messages/observation';
import { Page } from '../../../components/page';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useObservation } from '../api/observations-api';
import { ObservationDetail } from '../components/observation-detail';
import { observationListPath } from '../observation-paths';
import { useObservationUser } from '../use-observation-shell';

const t = observationMessages;

/** The list's search (range, company) the table's link carried in the history state; '' without one. */
export function listSearchOf(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('listSearch' in state)) return '';
  const search = state.listSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}

/** What the page says when the report cannot be shown: not found (a refusal), else the failure's words. */
function failureText(error: Error): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? t.notFound : errorMessage(error);
}

/**
 * A report from `?id=` of the URL (a reload keeps it). Without an id it goes back to the
 * Observation list of the user's group (spec §2.8); an id the user may not read, or that names no
 * report, says "Observation not found" with a link back to the list (issue 56), never a silent
 * redirect. The list's range and company come back with Back to list.
 */
function ObservationDetailPage({ readOnly }: { readOnly: boolean }) {
  const { shell } = useObservationUser();
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get('id')?.trim() || null;
  const observation = useObservation(id);
  const list = `${observationListPath(shell)}${listSearchOf(location.state)}`;
  if (!id) return <Navigate to={list} replace />;
  return (
    <Page title={t.detailTitle} breadcrumbs={[{ label: t.title, to: list }, { label: t.detailTitle }]}>
      {observation.isError ? (
        <Card>
          <CardContent sx={{ py: 6, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}>
            <Typography variant="h2" component="p" role="alert">
              {failureText(observation.error)}
            </Typography>
            <Button component={RouterLink} to={list} variant="contained">
              {t.back}
            </Button>
          </CardContent>
        </Card>
      ) : observation.data ? (
        <ObservationDetail key={observation.data._id} observation={observation.data} shell={shell} readOnly={readOnly} listPath={list} />
      ) : (
        <Box aria-busy="true" aria-label={coreMessages.common.loading} sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={48} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      )}
    </Page>
  );
}

/** ViewObservation: the root-cause form of a report. */
export function ViewObservationPage() {
  return <ObservationDetailPage readOnly={false} />;
}

/** OnlyViewObservation: the same report, read-only. */
export function OnlyViewObservationPage() {
  return <ObservationDetailPage readOnly />;
}
