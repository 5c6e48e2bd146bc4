import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import type { JudgementReply } from '@palisade/domain/responses/response.schema';
import { AssessStatus } from '@palisade/domain/statuses';
import { formatDateTime } from '../../../lib/dates';

const t = responseScreensMessages;

function statusText(status: JudgementReply['assessStatus']): string {
  switch (status) {
    case AssessStatus.ACCEPTED:
      return t.accepted;
    case AssessStatus.REJECTED:
      return t.rejected;
    case AssessStatus.NONE:
      return t.notJudged;
  }
}

/**
 * Every judgement and remark of a question, oldest first (DECISIONS.md, States): who, when, what
 * and why. Folded behind a History button; the same for the contractor, the organisation and
 * the auditors.
 */
export function JudgementHistory({
  number,
  history,
}: {
  number: number;
  history: readonly JudgementReply[];
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  if (history.length === 0) return null;
  return (
    <Box sx={{ mt: 0.5 }}>
      <Button
        size="small"
        startIcon={<HistoryRounded />}
        aria-expanded={open}
        aria-controls={id}
        aria-label={t.historyOf(number)}
        onClick={() => setOpen((v) => !v)}
        // primary.dark: the button sits on a rejected question's tinted row too, where primary is too faint.
        sx={{ px: 0.5, color: 'primary.dark' }}
      >
        {`${t.history} (${history.length})`}
      </Button>
      <Collapse in={open}>
        <Box
          component="ol"
          id={id}
          aria-label={t.historyOf(number)}
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            pl: 1,
            borderLeft: 2,
            borderColor: 'divider',
            display: 'grid',
            gap: 1,
          }}
        >
          {history.map((h, i) => (
            <Box component="li" key={`${h.at}-${i}`}>
              <Typography variant="body2" color="text.secondary">
                {t.historyEntry(statusText(h.assessStatus), h.by.name, formatDateTime(h.at))}
              </Typography>
              {h.remarks && (
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {h.remarks}
                </Typography>
              )}
            </Box>
          ))}
        </Box>
      </Collapse>
    </Box>
  );
}
