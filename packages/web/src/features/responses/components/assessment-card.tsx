import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { isScoreFinal } from '@palisade/domain/responses/response.rules';
import { LabelledProgress } from '../../../components/labelled-progress';
import { formatDate } from '../../../lib/dates';
import { dueOf, type ListItem } from '../list-items';
import { ResponseStatusChip, STATUS_TONE } from '../../../components/response-status-chip';
import { categoriesPath } from '../paths';
import { DetailList } from './detail-list';

const t = responseScreensMessages;

/** The due date, marked when it was extended and when it has passed. */
function DueDate({ due, extended }: { due: string; extended: boolean }) {
  return (
    <>
      {formatDate(due)}
      {extended && (
        <Typography component="span" variant="caption" color="text.secondary">
          {` (${t.dueDateExtended})`}
        </Typography>
      )}
    </>
  );
}

interface AssessmentCardProps {
  item: ListItem;
  today: string;
  /** Start Assessment of a card not started yet. */
  onStart: (item: Extract<ListItem, { kind: 'assessment' }>) => void;
  /** The assessment being started (its button spins, the others wait). */
  startingId: string | null;
}

/**
 * One card of the Assessment list (spec §2): a started response with score, contractor, last
 * update, progress and View; or an assessment not started yet with Start Assessment. Its class is
 * the lowercase status, which picks the colour of its edge from the theme palette.
 */
export function AssessmentCard({ item, today, onStart, startingId }: AssessmentCardProps) {
  const { due, extended, overdue } = dueOf(item, today);
  const name = item.kind === 'response' ? item.response.assessment.name : item.assessment.name;
  const tone = STATUS_TONE[item.status];

  let details: (readonly [string, ReactNode])[];
  let action: ReactNode;
  if (item.kind === 'response') {
    const r = item.response;
    details = [
      // Before the auditor's final score a partial sum (0/50, or the categories a resubmitted
      // response kept) would read as a failing score (issue 56).
      [
        t.score,
        isScoreFinal(r.status)
          ? `${r.scored}/${r.total}`
          : t.notScoredYet,
      ],
      [t.contractor, r.contractorName],
      [t.lastUpdated, formatDate(r.lastAccessTime)],
      [t.dueDate, <DueDate key="due" due={due} extended={extended} />],
    ];
    action = (
      <Button
        component={RouterLink}
        to={categoriesPath(r._id)}
        aria-label={t.viewLabel(name)}
        variant="outlined"
        size="small"
      >
        {t.view}
      </Button>
    );
  } else {
    const a = item.assessment;
    details = [
      [t.organisation, a.companyName],
      [t.dueDate, <DueDate key="due" due={due} extended={false} />],
    ];
    action = (
      <Button
        variant="contained"
        size="small"
        aria-label={t.startLabel(name)}
        onClick={() => onStart(item)}
        loading={startingId === a._id}
        disabled={startingId !== null && startingId !== a._id}
      >
        {t.startAssessment}
      </Button>
    );
  }

  return (
    <Card
      component="article"
      aria-label={name}
      className={`assessment-card ${item.status.toLowerCase()}`}
      data-status={item.status}
      sx={(theme) => ({
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderLeft: `6px solid ${theme.palette[tone].main}`,
      })}
    >
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <ResponseStatusChip status={item.status} />
          {overdue && <Chip size="small" color="error" label={t.overdue} />}
        </Box>
        <Typography component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <DetailList rows={details} />
        {item.kind === 'response' && (
          <Box>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {t.progress}
            </Typography>
            <LabelledProgress
              value={item.response.progress}
              label={t.progressOf(name)}
              color={tone}
            />
          </Box>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, justifyContent: 'flex-end' }}>{action}</CardActions>
    </Card>
  );
}
