import { useParams, Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { coreMessages } from '@palisade/domain/messages-core';
import { navMessages } from '@palisade/domain/messages/nav';
import type { ContractorTrendReply } from '@palisade/domain/trends/trends.schema';
import { trendsMessages } from '@palisade/domain/trends/trends.messages';
import { TREND_POINTS_MAX } from '@palisade/domain/trends/trends.rules';
import { SHELL_PREFIX, workingOrganisationId } from '@palisade/domain/user-types';
import { BAND_LOOK } from '../../../components/engagement/bands';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { TintedChip } from '../../../components/tinted-chip';
import { TrendChart } from '../../../components/trends/trend-chart';
import { useContractorTrend } from '../../../components/trends/trends-api';
import { formatDate } from '../../../lib/dates';
import { useProfile } from '../../../lib/session';
import { useContractorOpenItems } from '../api/open-items';

const m = trendsMessages;
const P = SHELL_PREFIX.sapphire;
const FACTORS = ['environment', 'social', 'governance', 'others'] as const;
const percentText = (v: number | null) => (v === null ? m.notScored : `${v}%`);

/** The rounds as a table: the chart's figures, and each round's response. */
function RoundsTable({ points }: { points: ContractorTrendReply['points'] }) {
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={m.scoreTitle}>
        <TableHead>
          <TableRow>
            <TableCell>{m.round}</TableCell>
            <TableCell align="right">{m.score}</TableCell>
            <TableCell>{m.band}</TableCell>
            {FACTORS.map((f) => (
              <TableCell key={f} align="right">
                {m.factors[f]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {[...points].reverse().map((p) => (
            <TableRow key={p.responseId}>
              <TableCell sx={{ minWidth: 160 }}>
                <Link
                  component={RouterLink}
                  to={`${P}/Cap_AssesmentView/${encodeURIComponent(p.responseId)}`}
                >
                  {p.label}
                </Link>
                {p.roundLabel && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {p.assessmentName}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {percentText(p.percent)} ({m.scored(p.scored, p.total)})
              </TableCell>
              <TableCell>
                {p.band ? (
                  <TintedChip
                    tone={BAND_LOOK[p.band].tone}
                    label={BAND_LOOK[p.band].text}
                    shrink={false}
                  />
                ) : (
                  m.notScored
                )}
              </TableCell>
              {FACTORS.map((f) => (
                <TableCell key={f} align="right">
                  {percentText(p.esgo[f].percent)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Its questions rejected and waiting for an answer, and its observations not yet decided. */
function OpenItemsCard({
  contractorId,
  companyId,
}: {
  contractorId: string;
  companyId: string | null;
}) {
  const items = useContractorOpenItems(contractorId, companyId);
  const data = items.data;
  return (
    <Card component="section" aria-labelledby="open-items-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="open-items-title" variant="h2" sx={{ mb: 2 }}>
          {m.openItemsTitle}
        </Typography>
        {items.isPending && (
          <Skeleton variant="rounded" height={120} aria-label={coreMessages.common.loading} />
        )}
        {data && (
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            <Box component="section" aria-labelledby="rejected-title">
              <Typography id="rejected-title" variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
                {m.rejectedTitle} ({data.rejectedTotal})
              </Typography>
              {data.rejected.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {m.noRejected}
                </Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.5 }}>
                  {data.rejected.map((r) => (
                    <Box component="li" key={r.questionId}>
                      <Link
                        component={RouterLink}
                        to={`${P}/Cap_AssesmentView/${encodeURIComponent(r.responseId)}/Categories/${encodeURIComponent(r.categoryId)}`}
                      >
                        {r.questText}
                      </Link>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {r.roundLabel ?? r.assessmentName} · {r.categoryName}
                      </Typography>
                      {r.remarks && (
                        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          {r.remarks}
                        </Typography>
                      )}
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
            <Box component="section" aria-labelledby="observations-title">
              <Typography id="observations-title" variant="h3" sx={{ fontSize: '1rem', mb: 1 }}>
                {m.observationsTitle} ({data.observationsTotal})
              </Typography>
              {data.observations.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {m.noObservations}
                </Typography>
              ) : (
                <Box component="ul" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.5 }}>
                  {data.observations.map((o) => (
                    <Box component="li" key={o._id}>
                      <Link
                        component={RouterLink}
                        to={`${P}/ViewObservation?id=${encodeURIComponent(o._id)}`}
                      >
                        {m.observationLine(o.srno, o.category)}
                      </Link>
                      <Typography variant="caption" color="text.secondary" component="div">
                        {m.reported(formatDate(o.reportedAt))}
                      </Typography>
                      {o.description && (
                        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                          {o.description.length > 160
                            ? `${o.description.slice(0, 159)}…`
                            : o.description}
                        </Typography>
                      )}
                    </Box>
                  ))}
                </Box>
              )}
            </Box>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /sapphire/contractors/{contractorId} (issue 58): a contractor's page for the organisation. Its
 * score and band per completed round as a line chart (with the figures in a table, each round
 * linked to its response), its E-S-G-O per round, and its open items: questions rejected and
 * waiting for its answer, and observations not yet decided.
 */
export function ContractorTrendPage() {
  const { contractorId = '' } = useParams();
  const companyId = workingOrganisationId(useProfile());
  const trend = useContractorTrend(contractorId, companyId);
  const data = trend.data;
  const name = data?.contractor.name ?? '';
  const crumbs = [{ label: navMessages.users, to: `${P}/companies` }, { label: name || m.title }];
  return (
    <Page title={name || m.title} heading={name ? m.heading(name) : m.title} breadcrumbs={crumbs}>
      {trend.isPending && (
        <Skeleton variant="rounded" height={320} aria-label={coreMessages.common.loading} />
      )}
      {trend.isError && <EmptyState text={m.errorLoading} />}
      {data && (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <Card component="section" aria-labelledby="score-title">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="score-title" variant="h2" sx={{ mb: 1 }}>
                {m.scoreTitle}
              </Typography>
              {data.truncated && (
                <Typography variant="body2" color="text.secondary">
                  {m.truncated(TREND_POINTS_MAX)}
                </Typography>
              )}
              {data.points.length === 0 ? (
                <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
                  {m.noPoints}
                </Typography>
              ) : (
                <>
                  <TrendChart points={data.points} label={m.scoreChartLabel(name)} />
                  <RoundsTable points={data.points} />
                </>
              )}
            </CardContent>
          </Card>
          {data.points.length > 0 && (
            <Card component="section" aria-labelledby="esgo-title">
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <Typography id="esgo-title" variant="h2" sx={{ mb: 1 }}>
                  {m.esgoTitle}
                </Typography>
                <TrendChart points={data.points} label={m.esgoChartLabel} esgo />
              </CardContent>
            </Card>
          )}
          <OpenItemsCard contractorId={contractorId} companyId={companyId} />
        </Box>
      )}
    </Page>
  );
}
