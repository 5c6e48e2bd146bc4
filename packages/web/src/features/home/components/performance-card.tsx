import { useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import dayjs from 'dayjs';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { summarisePerformance, type ComparePeriod } from '@palisade/domain/dashboards/dashboard.rules';
import { NativeSelectField } from '../../../components/native-select-field';
import { SectionCard } from '../../../components/section-card';
import { BAND_LOOK, BANDS } from '../../../components/engagement/bands';
import { useContractorLocations } from '../../../components/company-picker/contractor-search-api';
import { performanceInput, usePerformance } from '../api/get-organisation-dashboard';
import { RoundFilter } from '../../../components/recurrence/round-filter';
import { useRounds } from '../../../components/recurrence/recurrence-api';
import { Doughnut, DoughnutSkeleton } from './doughnut';
import { loadOnce } from '../../../lib/load-once';
import { useCodeOnDemand } from '../../../lib/use-code-on-demand';
import { useDeferredReply } from '../../../components/use-deferred-reply';

const t = dashboardMessages;
const ALL = 'all';
/** The month selector offers the last two years. */
const MONTHS_OFFERED = 24;

/** The Compare popover and panel: fetched when the organisation reaches for Compare. */
const loadCompare = loadOnce(() => import('./performance-compare'));
const loadComparePopover = () => loadCompare().then((module) => module.ComparePopover);
const loadComparePanel = () => loadCompare().then((module) => module.ComparePanel);
const preloadCompare = () => void loadCompare().catch(() => undefined);

/**
 * Performance (company-and-auditor §2.2): the contractors of one month (and location) by band, as
 * a doughnut; the Compare popover turns the panel into two periods side by side with the
 * difference, and Close returns to the graph.
 */
export function PerformanceCard({ companyId }: { companyId: string }) {
  const theme = useTheme();
  const [location, setLocation] = useState(ALL);
  const [month, setMonth] = useState(() => dayjs().format('YYYY-MM'));
  const [compare, setCompare] = useState<[ComparePeriod, ComparePeriod] | null>(null);
  // The locations with their counts (issue 63: not every contractor to find them).
  const locationList = useContractorLocations(companyId);
  const [compareAnchor, setCompareAnchor] = useState<HTMLElement | null>(null);
  const compareId = useId();
  const comparePopover = useCodeOnDemand(loadComparePopover);
  const comparePanel = useCodeOnDemand(loadComparePanel);

  const locations = useMemo(() => (locationList.data?.locations ?? []).map((l) => l.location), [locationList.data]);
  const months = useMemo(() => {
    const now = dayjs().startOf('month');
    return Array.from({ length: MONTHS_OFFERED }, (_, i) => now.subtract(i, 'month'));
  }, []);

  // A round of the recurring assessments (issue 58): its responses completed since it started.
  const [round, setRound] = useState('');
  const roundStart = useRounds(companyId).data?.find((r) => r.label === round)?.startsOn;
  const monthInput = performanceInput(companyId, month, location === ALL ? null : location);
  const input = round !== '' && roundStart ? { ...monthInput, from: roundStart, to: dayjs().format('YYYY-MM-DD'), round } : monthInput;
  const query = useDeferredReply(usePerformance(compare ? null : input));
  const summary = query.data ? summarisePerformance(query.data) : null;

  return (
    <SectionCard title={t.performanceTitle}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
          <NativeSelectField
            label={t.locationLabel}
            value={location}
            onChange={setLocation}
            options={[{ value: ALL, label: t.allLocations }, ...locations.map((l) => ({ value: l, label: l }))]}
            sx={{ minWidth: 190, flex: '1 1 190px' }}
          />
          {!compare && (
            <RoundFilter companyId={companyId} value={round} onChange={setRound} sx={{ minWidth: 150, flex: '1 1 150px' }} />
          )}
          {!compare && round === '' && (
            <NativeSelectField
              label={t.monthLabel}
              value={month}
              onChange={setMonth}
              options={months.map((d) => ({ value: d.format('YYYY-MM'), label: d.format('MMMM YYYY') }))}
              sx={{ minWidth: 190, flex: '1 1 190px' }}
            />
          )}
          {compare ? (
            <Button variant="outlined" onClick={() => setCompare(null)}>
              {t.close}
            </Button>
          ) : (
            <Button
              variant="contained"
              onClick={(e) => {
                setCompareAnchor(e.currentTarget);
                comparePopover.request(() => setCompareAnchor(null));
              }}
              onPointerEnter={preloadCompare}
              onFocus={preloadCompare}
              loading={compareAnchor !== null && !comparePopover.Component}
              aria-haspopup="dialog"
              aria-controls={compareAnchor && comparePopover.Component ? compareId : undefined}
            >
              {t.compare}
            </Button>
          )}
          {!compare && comparePopover.Component && (
            <comparePopover.Component
              id={compareId}
              anchor={compareAnchor}
              onClose={() => setCompareAnchor(null)}
              onRun={(a, b) => {
                comparePanel.request(() => setCompare(null));
                setCompare([a, b]);
              }}
            />
          )}
        </Box>
        {compare ? (
          comparePanel.Component ? (
            <comparePanel.Component
              companyId={companyId}
              location={location === ALL ? null : location}
              periods={compare}
            />
          ) : (
            <Skeleton variant="rounded" height={180} />
          )
        ) : query.isPending || !summary ? (
          <DoughnutSkeleton rows={BANDS.length} />
        ) : (
          <Doughnut
            label={t.chartOf(t.performanceTitle)}
            center={summary.percent === null ? undefined : `${summary.percent}%`}
            slices={BANDS.map((band) => ({
              id: band,
              label: BAND_LOOK[band].text,
              value: summary.counts[band],
              color: theme.palette[BAND_LOOK[band].tone].main,
            }))}
          />
        )}
      </Box>
    </SectionCard>
  );
}
