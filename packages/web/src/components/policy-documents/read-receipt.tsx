import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { readReceiptPercent } from '@palisade/domain/documents/document.rules';
import { documentsMessages } from '@palisade/domain/messages/documents';

/** The read receipt of a document: the share of its readers who opened it, as a bar and a percent. */
export function ReadReceipt({ viewers, audience }: { viewers: number; audience: number }) {
  const percent = readReceiptPercent(viewers, audience);
  const label = documentsMessages.readReceiptLabel(viewers, audience);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} title={label}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        // On phones the share alone fits its column; the bar comes back from sm up.
        sx={{
          flex: 1,
          height: 6,
          borderRadius: 3,
          minWidth: 48,
          display: { xs: 'none', sm: 'block' },
        }}
      />
      <Typography variant="body2" sx={{ minWidth: '3.5ch', textAlign: 'right' }}>
        {percent}%
      </Typography>
    </Box>
  );
}
