import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { TIMELINE_ROWS } from '@palisade/domain/constants';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import { rolesMessages } from '@palisade/domain/messages/roles';
import type { ResponseTimelineEntry } from '@palisade/domain/responses/response.schema';
import { isUserType } from '@palisade/domain/user-types';
import { formatDateTime } from '../../../lib/dates';

const t = responseScreensMessages;
const r = reviewScreensMessages;

function roleOf(type: number): string {
  return isUserType(type) ? rolesMessages[type] : '';
}

/** One change in words: "Submitted → Reassessment by Ann (Auditor)", its note below. */
function Entry({ entry }: { entry: ResponseTimelineEntry }) {
  const change =
    entry.from === null
      ? r.timelineStarted(t.statusNames[entry.to])
      : r.timelineChange(t.statusNames[entry.from], t.statusNames[entry.to]);
  const role = roleOf(entry.by.type);
  return (
    <Box
      component="li"
      sx={{
        position: 'relative',
        pl: 3,
        pb: 2,
        '&::before': {
          content: '""',
          position: 'absolute',
          left: 6,
          top: 6,
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: 'primary.main',
        },
        '&:not(:last-of-type)::after': {
          content: '""',
          position: 'absolute',
          left: 10,
          top: 18,
          bottom: 0,
          width: 2,
          bgcolor: 'divider',
        },
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(entry.at)}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{change}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {role ? r.timelineBy(entry.by.name, role) : entry.by.name}
      </Typography>
      {entry.note && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {entry.note}
        </Typography>
      )}
    </Box>
  );
}

/** The response's timeline (spec §2.5): the 5 latest changes, newest first; View all when more. */
export function ResponseTimeline({ entries }: { entries: readonly ResponseTimelineEntry[] }) {
  const [all, setAll] = useState(false);
  const newestFirst = [...entries].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, TIMELINE_ROWS);
  return (
    <Card component="section" aria-labelledby="timeline-heading">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="timeline-heading" variant="h2" gutterBottom>
          {r.timeline}
        </Typography>
        {shown.length === 0 ? (
          <Typography color="text.secondary">{r.noTimeline}</Typography>
        ) : (
          <Box component="ol" aria-label={r.timelineList} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map((entry, i) => (
              <Entry key={`${entry.at}-${i}`} entry={entry} />
            ))}
          </Box>
        )}
        {newestFirst.length > TIMELINE_ROWS && (
          <Button onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? r.viewLess : r.viewAll}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
