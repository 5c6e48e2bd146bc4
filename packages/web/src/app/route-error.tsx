import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { coreMessages } from '@palisade/domain/messages-core';
import { webMessages } from '@palisade/domain/messages/web';
import { useLayoutEffect } from 'react';
import { useDocumentTitle } from '../lib/document-title';
import { dismissFirstPaint } from '../lib/first-paint';

/**
 * A screen that failed to render or to load its code (typically a stale tab after a new
 * release): offer a reload instead of a blank page.
 */
export function RouteError() {
  useDocumentTitle(coreMessages.common.errorTitle);
  useLayoutEffect(dismissFirstPaint, []);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        px: 2,
        textAlign: 'center',
      }}
    >
      <Typography variant="h1">{coreMessages.common.errorTitle}</Typography>
      <Typography color="text.secondary">{coreMessages.common.technicalProblem}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {webMessages.reload}
      </Button>
    </Box>
  );
}
