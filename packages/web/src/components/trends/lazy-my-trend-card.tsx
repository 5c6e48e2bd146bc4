import { lazy, Suspense } from 'react';
import Skeleton from '@mui/material/Skeleton';

/** The card's module (and the charts' code with it) comes only when the card is shown. */
const MyTrendCard = lazy(() =>
  import('./my-trend-card').then((module) => ({ default: module.MyTrendCard })),
);

/** My trend on the contractor's home, loaded after the home's first paint (issue 58). */
export function LazyMyTrendCard(props: { contractorId: string; companyId: string | null }) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
      <MyTrendCard {...props} />
    </Suspense>
  );
}
