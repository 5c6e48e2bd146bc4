import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { auditMessages } from '@palisade/domain/audit/audit.messages';
import { auditDetails, detailLine, type AuditFacts } from '@palisade/domain/audit/audit.sentences';
import { formatDateTime } from '../../lib/dates';

/** Read by screen readers, not shown: which row the disclosure belongs to. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/**
 * A row's before and after behind a "Details" disclosure, for the organisation's admin (the
 * log is theirs): one "field: value" line each, with names ("Status: Submitted → Completed"),
 * never JSON or ids. Nothing when the row has no such fields.
 */
export function AuditDetails({ row, label }: { row: AuditFacts; label: string }) {
  const lines = auditDetails(row, formatDateTime).map(detailLine);
  if (lines.length === 0) return null;
  return (
    <Box
      component="details"
      sx={{
        mt: 0.5,
        '& > summary': { cursor: 'pointer', color: 'primary.main', typography: 'body2', width: 'fit-content' },
        '& > summary:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box component="summary">
        {auditMessages.details}
        <Box component="span" sx={visuallyHidden}>
          {` (${label})`}
        </Box>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {lines.map((line, i) => (
          <Typography component="li" key={i} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
