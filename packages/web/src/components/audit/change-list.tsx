import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { changedFields } from '@palisade/domain/audit/audit.rules';

/** The fields a log row changed, one line each: "status: SUBMITTED → COMPLETED". */
export function ChangeList({ before, after }: { before: unknown; after: unknown }) {
  const changes = changedFields(before, after);
  if (changes.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {changes.map((c) => (
        <Typography
          component="li"
          key={c.field}
          variant="body2"
          color="text.secondary"
          sx={{ overflowWrap: 'anywhere' }}
        >
          {c.field}: {c.before === '—' ? c.after : `${c.before} → ${c.after}`}
        </Typography>
      ))}
    </Box>
  );
}
