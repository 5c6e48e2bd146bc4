import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ENGAGEMENT_DETAIL_ROWS } from '@palisade/domain/constants';
import type { EngagementRow } from '@palisade/domain/dashboards/dashboard.schema';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import type { ScoreBand } from '@palisade/domain/scores/score.rules';
import { SectionCard } from '../../../components/section-card';
import { TintedChip } from '../../../components/tinted-chip';
import { BAND_LOOK } from '../../../components/engagement/bands';

const t = dashboardMessages;

/**
 * Details (spec §2.3): Sr.no, Company, Score of the contractors, best first; filtered to a band by
 * the cards' View links. The first 4 rows; View All / View Less when there are 5 or more.
 */
export function DetailsTable({
  rows,
  band,
  clearTo,
}: {
  rows: readonly EngagementRow[] | undefined;
  band: ScoreBand | null;
  /** The page without the band filter. */
  clearTo: string;
}) {
  const [all, setAll] = useState(false);
  const filtered = (rows ?? []).filter((r) => band === null || r.band === band);
  const shown = all ? filtered : filtered.slice(0, ENGAGEMENT_DETAIL_ROWS);
  const title = band ? t.detailsFiltered(BAND_LOOK[band].text) : t.detailsTitle;
  return (
    <SectionCard title={title}>
      {band && (
        <Box sx={{ mb: 1 }}>
          <Link component={RouterLink} to={clearTo}>
            {t.showAllBands}
          </Link>
        </Box>
      )}
      {!rows ? (
        <Skeleton variant="rounded" height={160} />
      ) : filtered.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {coreMessages.common.noDataAvailableChart}
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t.colSrNo}</TableCell>
              <TableCell>{t.colCompany}</TableCell>
              <TableCell align="right">{t.colScore}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, i) => (
              <TableRow key={row._id} data-band={BAND_LOOK[row.band].param}>
                <TableCell>{i + 1}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.name}</TableCell>
                <TableCell align="right">
                  <TintedChip tone={BAND_LOOK[row.band].tone} label={`${row.percent}%`} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {filtered.length > ENGAGEMENT_DETAIL_ROWS && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? t.viewLess : t.viewAllDetails}
          </Button>
        </Box>
      )}
    </SectionCard>
  );
}
