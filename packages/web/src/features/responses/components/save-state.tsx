import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineRounded from '@mui/icons-material/CheckCircleOutlineRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type { SaveState } from '../use-answer-autosave';

const t = responseScreensMessages;

/**
 * "Saving…", "Saved", or "Not saved" with Retry, under a question's answer (issue 18). Nothing
 * before the first change; an invalid entry shows its own error instead.
 */
export function SaveStateNote({
  number,
  state,
  onRetry,
}: {
  number: number;
  state: SaveState | undefined;
  onRetry: () => void;
}) {
  let body: ReactNode = null;
  switch (state) {
    case 'pending':
    case 'saving':
      body = (
        <>
          <CircularProgress size={12} aria-hidden />
          <Typography variant="caption" color="text.secondary">
            {t.saving}
          </Typography>
        </>
      );
      break;
    case 'saved':
      body = (
        <>
          <CheckCircleOutlineRounded color="success" sx={{ fontSize: 14 }} aria-hidden />
          <Typography variant="caption" color="text.secondary">
            {t.saved}
          </Typography>
        </>
      );
      break;
    case 'error':
      body = (
        <>
          <ErrorOutlineRounded color="error" sx={{ fontSize: 14 }} aria-hidden />
          <Typography variant="caption" color="error">
            {t.saveFailed}
          </Typography>
          <Button size="small" onClick={onRetry} sx={{ minWidth: 0, py: 0 }}>
            {t.retry}
          </Button>
        </>
      );
      break;
    case 'invalid':
    case undefined:
      break;
  }
  return (
    <Box
      role="status"
      aria-label={t.saveStateOf(number)}
      data-save-state={state ?? 'none'}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 24, mt: 0.5 }}
    >
      {body}
    </Box>
  );
}
