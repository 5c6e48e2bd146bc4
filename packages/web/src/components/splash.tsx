import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { coreMessages } from '@palisade/domain/messages-core';

/** The loading screen while the session or a screen's code arrives. */
export function Splash({ fullScreen = true }: { fullScreen?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: fullScreen ? '100vh' : 240,
        width: '100%',
      }}
    >
      <CircularProgress aria-label={coreMessages.common.loading} />
    </Box>
  );
}
