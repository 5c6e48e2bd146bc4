import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** The image card beside the details on wide screens, above them on phones. */
export function AccountFormLayout({ image, children }: { image: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '300px minmax(0, 1fr)' },
        gap: 3,
        alignItems: 'start',
      }}
    >
      {image}
      <Box sx={{ minWidth: 0 }}>{children}</Box>
    </Box>
  );
}
