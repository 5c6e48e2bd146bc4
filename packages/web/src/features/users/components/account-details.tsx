import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { userScreensMessages } from '@palisade/domain/messages/user-screens';
import { webMessages } from '@palisade/domain/messages/web';
import { SectionCard } from '../../../components/section-card';

/** The read-only fields of a View page, as label and value. */
export function AccountDetails({ rows }: { rows: readonly [string, string | null | undefined][] }) {
  return (
    <SectionCard title={userScreensMessages.details}>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' },
          columnGap: 2,
          rowGap: { xs: 0.5, sm: 1.5 },
          m: 0,
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary" sx={{ mt: { xs: 1, sm: 0 } }}>
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value || webMessages.notProvided}
            </Typography>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
