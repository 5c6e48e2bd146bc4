import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { OverallCompliance } from '@palisade/domain/compliance/compliance.rules';
import type { LeaderboardEntry } from '@palisade/domain/dashboards/dashboard.schema';
import { dashboardMessages } from '@palisade/domain/dashboards/dashboard.messages';
import { scoreBand } from '@palisade/domain/scores/score.rules';
import { OverallStateChip } from '../compliance/overall-state-chip';
import { TintedChip } from '../tinted-chip';
import { BAND_LOOK } from './bands';

const t = dashboardMessages;

/**
 * The head and rows of a leaderboard (Sr. No, Company, Score in its band's colour), for the homes'
 * card and the Engagement page's table; the user's own row is marked.
 */
export function LeaderboardRows({
  rows,
  states,
  linkOf,
}: {
  rows: readonly LeaderboardEntry[];
  /** Where a named contractor's name leads (the organisation: its trend page, issue 58); plain text without it. */
  linkOf?: (contractorId: string) => string;
  /** The contractors' overall compliance states (issue 57), shown beside the names when given. */
  states?: Readonly<Record<string, OverallCompliance>>;
}) {
  return (
    <>
      <TableHead>
        <TableRow>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{t.colSrNoLeaderboard}</TableCell>
          <TableCell>{t.colCompany}</TableCell>
          <TableCell align="right">{t.colScore}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.rank} selected={row.own} data-own={row.own ? 'true' : undefined}>
            <TableCell>{row.rank}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', fontWeight: row.own ? 600 : undefined }}>
              {linkOf && row._id ? (
                <Link component={RouterLink} to={linkOf(row._id)}>
                  {row.name}
                </Link>
              ) : row._id === null ? (
                // Another contractor, unnamed: said in the reader's language (the kept board is one for all).
                t.anonymous(row.rank)
              ) : (
                row.name
              )}{' '}
              {row.own && t.you}
              {states && row._id && <OverallStateChip states={states} contractorId={row._id} />}
            </TableCell>
            <TableCell align="right">
              <TintedChip tone={BAND_LOOK[scoreBand(row.points)].tone} label={`${row.points}%`} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </>
  );
}
