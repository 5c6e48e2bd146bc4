import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { ESGO_FACTORS } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { responseScreensMessages } from '@palisade/domain/messages/response-screens';
import { overallPercent, scoreBand } from '@palisade/domain/scores/score.rules';
import { BAND_LOOK } from '../../../components/engagement/bands';
import { SectionCard } from '../../../components/section-card';
import { TintedChip } from '../../../components/tinted-chip';
import { useEsgo } from '../api/get-esgo';
import { useTotalScore } from '../api/get-total-score';
import { useDeferredReply } from '../../../components/use-deferred-reply';

const t = responseScreensMessages;

/**
 * The heights the card's parts take once their data is here, which their places hold meanwhile,
 * so that the cards below do not move when it comes (issue 63, Lighthouse's layout shift): the
 * score's ring (its size), and the factors' heading with their four rows (as drawn at 390 px).
 */
const RING_SIZE = 104;
const FACTOR_SCORES_HEIGHT = 132;

/** The four factors, each with its percent or Not scored (nothing scored under it yet). */
function FactorScores({ contractorId }: { contractorId: string }) {
  const esgo = useDeferredReply(useEsgo(contractorId));
  if (esgo.isPending) return <Skeleton variant="rounded" height={FACTOR_SCORES_HEIGHT} />;
  if (esgo.isError) return null;
  return (
    <Box>
      <Typography
        component="h3"
        variant="body2"
        color="text.secondary"
        sx={{ fontWeight: 600, mb: 1 }}
      >
        {t.factorScores}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto minmax(0, 1fr)',
          alignItems: 'center',
          columnGap: 2,
          rowGap: 1,
          m: 0,
        }}
      >
        {ESGO_FACTORS.map((factor) => {
          const { percent } = esgo.data[factor];
          const tone = percent === null ? 'primary' : BAND_LOOK[scoreBand(percent)].tone;
          return (
            <div key={factor} style={{ display: 'contents' }}>
              <Typography component="dt" variant="body2">
                {t.factors[factor]}
              </Typography>
              <Box component="dd" sx={{ m: 0, display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <LinearProgress
                  variant="determinate"
                  value={percent ?? 0}
                  color={tone}
                  aria-label={t.factors[factor]}
                  sx={{ height: 6, borderRadius: 3, flexGrow: 1 }}
                />
                <Typography
                  variant="body2"
                  color="text.secondary"
                  sx={{ minWidth: '5.5em', textAlign: 'right' }}
                >
                  {percent === null ? t.noFactorScore : `${percent}%`}
                </Typography>
              </Box>
            </div>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * Score Details (spec §2, contractor dashboard): the overall band of the contractor's completed
 * responses (sum of scored over sum of total), or No Data Available; and the E-S-G-O factors.
 */
export function ScoreDetailsCard({ contractorId }: { contractorId: string }) {
  const scores = useDeferredReply(useTotalScore(contractorId));
  const percent = scores.data ? overallPercent(scores.data) : null;

  let body;
  if (scores.isPending) {
    body = <Skeleton variant="rounded" height={RING_SIZE} />;
  } else if (percent === null) {
    body = (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {coreMessages.common.noDataAvailable}
      </Typography>
    );
  } else {
    const band = BAND_LOOK[scoreBand(percent)];
    body = (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
        <Box sx={{ position: 'relative', display: 'inline-flex' }}>
          <CircularProgress
            variant="determinate"
            value={100}
            size={RING_SIZE}
            thickness={5}
            sx={{ color: 'action.hover', position: 'absolute' }}
            aria-hidden
          />
          <CircularProgress
            variant="determinate"
            value={percent}
            size={RING_SIZE}
            thickness={5}
            color={band.tone}
            aria-label={t.overallScore(String(percent))}
          />
          <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
            <Typography variant="h3" component="p">{`${percent}%`}</Typography>
          </Box>
        </Box>
        <TintedChip tone={band.tone} label={band.text} size="medium" />
      </Box>
    );
  }

  return (
    <SectionCard title={t.scoreDetails}>
      <Box sx={{ display: 'grid', gap: 3 }}>
        {body}
        {scores.isPending ? (
          <Skeleton variant="rounded" height={FACTOR_SCORES_HEIGHT} />
        ) : (
          percent !== null && <FactorScores contractorId={contractorId} />
        )}
      </Box>
    </SectionCard>
  );
}
