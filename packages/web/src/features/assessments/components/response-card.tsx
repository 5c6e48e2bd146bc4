import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { messages } from '@palisade/domain/messages';
import { formatDateTime } from '../../../lib/dates';
import type { ResponseSummary } from '../api/assessment-types';
import { assessmentPaths } from '../assessments-paths';

const t = messages.assessmentScreens;

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

/** One response on the overview: name, scored/total, company, last updated, progress, View. */
export function ResponseCard({ response }: { response: ResponseSummary }) {
  const progress = Math.max(0, Math.min(100, response.progress));
  const name = response.assessment.name;
  return (
    <Card component="article" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <Typography
            variant="h2"
            sx={{ fontSize: '1.1rem', flexGrow: 1, overflowWrap: 'anywhere' }}
          >
            {name}
          </Typography>
          <Chip size="small" label={response.status} />
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
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={`${t.progress}: ${name}`}
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
          />
          <Typography variant="body2" sx={{ minWidth: 56, textAlign: 'right' }}>
            {`${progress}%`}
          </Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Link
          component={RouterLink}
          to={assessmentPaths.response(response._id)}
          aria-label={t.viewLabel(name, response.contractorName)}
        >
          {t.view}
        </Link>
      </CardActions>
    </Card>
  );
}
