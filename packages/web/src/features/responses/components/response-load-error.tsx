import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { EmptyState } from '../../../components/empty-state';
import { ApiError } from '../../../lib/api-client';
import { ASSESSMENT_LIST_PATH } from '../paths';

const t = responseScreensMessages;

/**
 * Why a response did not open: "This response was not found." for a 404 (with the way back to
 * the list); otherwise the spec's "Error in fetching assessment" and a retry (issue 18).
 */
export function ResponseLoadError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 403);
  return (
    <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
      <EmptyState text={notFound ? t.notFound : t.fetchError} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {!notFound && (
          <Button variant="contained" onClick={onRetry} loading={retrying}>
            {t.tryAgain}
          </Button>
        )}
        <Button component={RouterLink} to={ASSESSMENT_LIST_PATH}>
          {t.backToList}
        </Button>
      </Box>
    </Box>
  );
}
