import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { messages } from '@palisade/domain/messages';
import type { ResponseStatus } from '@palisade/domain/statuses';
import { formatDateTime } from '../lib/dates';
import { LabelledProgress } from './labelled-progress';
import { ResponseStatusChip, STATUS_TONE } from './response-status-chip';

const t = messages.assessmentScreens;

/** What a response card reads of a response summary (getResponsesByCompanyIds). */
export interface ResponseCardModel {
  _id: string;
  status: ResponseStatus;
  assessment: { name: string };
  contractorName: string;
  lastAccessTime: string;
  /** Percent of sections whose questions are all answered. */
  progress: number;
  scored: number;
  total: number;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box component="div" sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * One response on the organisation's overview and the auditor's list (spec §2.4): name, status,
 * scored/total, company, last updated, progress and View (to where the caller says).
 */
export function ResponseCard({ response, to }: { response: ResponseCardModel; to: string }) {
  const name = response.assessment.name;
  const tone = STATUS_TONE[response.status];
  return (
    <Card
      component="article"
      aria-label={name}
      data-status={response.status}
      sx={(theme) => ({
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        borderLeft: `6px solid ${theme.palette[tone].main}`,
      })}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <Typography
            variant="h2"
            sx={{ fontSize: '1.1rem', flexGrow: 1, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <ResponseStatusChip status={response.status} />
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto minmax(0, 1fr)',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
          }}
        >
          <Fact label={t.score} value={`${response.scored}/${response.total}`} />
          <Fact label={t.company} value={response.contractorName} />
          <Fact label={t.lastUpdated} value={formatDateTime(response.lastAccessTime)} />
        </Box>
        <Box sx={{ mt: 2 }}>
          <LabelledProgress
            value={response.progress}
            label={`${t.progress}: ${name}`}
            color={tone}
          />
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Link
          component={RouterLink}
          to={to}
          aria-label={t.viewLabel(name, response.contractorName)}
        >
          {t.view}
        </Link>
      </CardActions>
    </Card>
  );
}
