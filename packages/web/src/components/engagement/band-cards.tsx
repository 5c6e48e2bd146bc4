import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import type { EngagementReply } from '@palisade/domain/dashboards/dashboard.schema';
import type { ScoreBand } from '@palisade/domain/scores/score.rules';
import { BAND_LOOK, BANDS } from './bands';

const t = dashboardMessages;

/**
 * Red, Orange and Green Score cards (spec §2.3): the count of contractors in each band and a View
 * link to the Details filtered to that band.
 */
export function BandCards({
  counts,
  to,
  selected = null,
  compact = false,
}: {
  /** Undefined while loading. */
  counts: EngagementReply['counts'] | undefined;
  to: (band: ScoreBand) => string;
  selected?: ScoreBand | null;
  /** Inside another card (the homes): lighter cards. */
  compact?: boolean;
}) {
  return (
    <Box
      component="ul"
      aria-label={t.bandCounts}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: compact ? 1.5 : 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {BANDS.map((band) => {
        const look = BAND_LOOK[band];
        return (
          <Box component="li" key={band} data-band={look.param}>
            <Card
              variant={compact ? 'outlined' : 'elevation'}
              sx={(theme) => ({
                borderLeft: `6px solid ${theme.palette[look.tone].main}`,
                outline: selected === band ? `2px solid ${theme.palette[look.tone].main}` : 'none',
                height: '100%',
              })}
            >
              <CardContent sx={{ p: compact ? 1.5 : 2, '&:last-child': { pb: compact ? 1.5 : 2 } }}>
                <Typography component="h3" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
                  {look.text}
                </Typography>
                <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
                  {counts ? (
                    <Typography component="p" variant="h3" data-testid={`band-count-${look.param}`}>
                      {counts[band]}
                    </Typography>
                  ) : (
                    // A line of the count's own type: the card keeps its height when the count comes.
                    <Skeleton width={40} sx={{ typography: 'h3' }} />
                  )}
                  <Link
                    component={RouterLink}
                    to={to(band)}
                    aria-label={t.viewBand(look.text)}
                    aria-current={selected === band ? 'true' : undefined}
                  >
                    {t.view}
                  </Link>
                </Box>
              </CardContent>
            </Card>
          </Box>
        );
      })}
    </Box>
  );
}
