import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { coreMessages } from '@palisade/domain/messages-core';
import { useDocumentTitle } from '../lib/document-title';

/** /404: every unknown path lands here. "Back to home" goes to /, which sends a signed-in user home. */
export function NotFoundPage() {
  useDocumentTitle(coreMessages.pages.notFound);
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 2,
        gap: 2,
      }}
    >
      <Typography variant="h1">
        {coreMessages.pages.notFound}: {coreMessages.common.notFoundTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
        {coreMessages.common.notFoundBody}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {coreMessages.common.backHome}
      </Button>
    </Box>
  );
}
