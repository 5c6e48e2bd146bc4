import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { Navigate, useSearchParams } from 'react-router';
import { coreMessages } from '@palisade/domain/messages-core';
import { observationMessages } from '@palisade/domain/messages/observation';
import { Page } from '../../../components/page';
import { useObservation } from '../api/observations-api';
import { ObservationDetail } from '../components/observation-detail';
import { observationListPath } from '../observation-paths';
import { useObservationUser } from '../use-observation-shell';

const t = observationMessages;

/**
 * A report from `?id=` of the URL (a reload keeps it). Without an id, or with one the user may
 * not read, it goes back to the Observation list of the user's group.
 */
function ObservationDetailPage({ readOnly }: { readOnly: boolean }) {
  const { shell } = useObservationUser();
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() || null;
  const observation = useObservation(id);
  const list = observationListPath(shell);
  if (!id || observation.isError) return <Navigate to={list} replace />;
  return (
    <Page title={t.detailTitle} breadcrumbs={[{ label: t.title, to: list }, { label: t.detailTitle }]}>
      {observation.data ? (
        <ObservationDetail key={observation.data._id} observation={observation.data} shell={shell} readOnly={readOnly} />
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
