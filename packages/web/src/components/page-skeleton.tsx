import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import { coreMessages } from '@palisade/domain/messages-core';

/**
 * The loading state of a response screen: a summary block, then a card of rows. Announced as
 * loading to screen readers.
 */
export function PageSkeleton({
  summaryHeight,
  rows,
  rowHeight,
}: {
  summaryHeight: number;
  rows: number;
  rowHeight: number;
}) {
  return (
    <Box role="status" aria-label={coreMessages.common.loading}>
      <Skeleton variant="rounded" height={summaryHeight} sx={{ mb: 3 }} />
      <Card>
        <CardContent>
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} height={rowHeight} />
          ))}
        </CardContent>
      </Card>
    </Box>
  );
}
