import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { reviewScreensMessages } from '@palisade/domain/messages/review-screens';
import type { ResponseReply } from '@palisade/domain/responses/response.schema';
import { isScoreFinal } from '@palisade/domain/responses/response.rules';
import { scoreBand, scorePercent, type ScoreBand } from '@palisade/domain/scores/score.rules';
import { ResponseStatusChip } from '../../../components/response-status-chip';
import { TintedChip, type PaletteTone } from '../../../components/tinted-chip';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { DetailList } from './detail-list';

const t = responseScreensMessages;
const r = reviewScreensMessages;

/** The theme colour of each band (spec §9: green, orange, red). */
export const BAND_TONE: Record<ScoreBand, PaletteTone> = {
  GREEN: 'success',
  ORANGE: 'warning',
  RED: 'error',
};

/**
 * The organisation's score card (spec §2.5): scored/total, percent, its band as a green, orange
 * or red chip, status, company, last updated and due date. Until the auditor's final score
 * (isScoreFinal) it reads "Not scored yet", with no partial marks nor band (issue 56).
 */
export function ScoreCard({ response }: { response: ResponseReply }) {
  const percent = isScoreFinal(response.status)
    ? scorePercent(response.scored, response.total)
    : null;
  const band = percent === null ? null : scoreBand(percent);
  return (
    <Card sx={{ mb: 3 }} component="section" aria-label={r.scoreCard}>
      <CardContent
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: 'auto minmax(0, 1fr)' },
          gap: { xs: 2, md: 4 },
          alignItems: 'center',
          p: { xs: 2, sm: 3 },
        }}
      >
        <Box sx={{ textAlign: { xs: 'left', md: 'center' }, minWidth: 160 }}>
          <Typography variant="body2" color="text.secondary">
            {r.scoreCard}
          </Typography>
          {percent !== null && (
            <Typography
              component="p"
              variant="h1"
              data-testid="score-value"
              sx={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {`${response.scored}/${response.total}`}
            </Typography>
          )}
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              justifyContent: { xs: 'flex-start', md: 'center' },
              alignItems: 'center',
              flexWrap: 'wrap',
              mt: 0.5,
            }}
          >
            <Typography variant="body1" data-testid="score-percent" sx={{ fontWeight: 600 }}>
              {percent === null ? r.notScored : `${percent}%`}
            </Typography>
            {band && <TintedChip tone={BAND_TONE[band]} label={r.bands[band]} data-band={band} />}
          </Box>
        </Box>
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <Box>
            <ResponseStatusChip status={response.status} />
          </Box>
          <DetailList
            rows={[
              [r.company, response.contractorName],
              [t.lastUpdated, formatDateTime(response.lastAccessTime)],
              [
                t.dueDate,
                response.isDueDateExtended &&
                response.effectiveDueDate !== response.assessment.dueDate
                  ? `${formatDate(response.effectiveDueDate)} (${t.dueDateExtended})`
                  : formatDate(response.effectiveDueDate),
              ],
            ]}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
