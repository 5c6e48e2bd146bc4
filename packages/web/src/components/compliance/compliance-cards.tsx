import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ComplianceStatus } from '@palisade/domain/compliance/compliance.rules';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { ComplianceStatusChip } from './compliance-chips';
import { formatDate } from '../../lib/dates';
import { useComplianceSummary, useMyCompliance } from './compliance-api';
import { compliancePath, historyPath, matrixLinkOf } from './compliance-paths';

const t = complianceScreensMessages;

/** The organisation card's counts, in this order. */
const SUMMARY_STATUSES: readonly ComplianceStatus[] = ['VALID', 'EXPIRING', 'EXPIRED', 'MISSING'];

function CardTitle({ to }: { to: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 2 }}>
      <Typography component="h2" variant="h5" sx={{ flexGrow: 1 }}>
        {t.cardTitle}
      </Typography>
      <Link component={RouterLink} to={to} underline="hover">
        {t.cardOpen}
      </Link>
    </Box>
  );
}

/**
 * The organisation home's Compliance card (issue 57): how many documents are valid, expiring,
 * expired and missing over every contractor, each a link into the matrix filtered by it.
 */
export function OrganisationComplianceCard({ companyId }: { companyId: string }) {
  const summary = useComplianceSummary(companyId);
  const base = compliancePath('organisation');
  return (
    <Card data-testid="organisation-compliance-card">
      <CardContent>
        <CardTitle to={base} />
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
          {SUMMARY_STATUSES.map((status) => (
            <li key={status}>
              <Link
                component={RouterLink}
                to={matrixLinkOf(base, status)}
                underline="hover"
                aria-label={t.cardCount(complianceMessages.statusLabels[status], summary.data?.counts[status] ?? 0)}
                sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.primary' }}
              >
                <ComplianceStatusChip status={status} />
                {summary.data ? (
                  <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums' }}>
                    {summary.data.counts[status] ?? 0}
                  </Typography>
                ) : (
                  <Skeleton width={24} />
                )}
              </Link>
            </li>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The contractor home's Compliance card (issue 57): how many of its requirements are valid, the
 * next expiry, and anything missing, rejected or expired, each a link (the page, or the document).
 */
export function ContractorComplianceCard({ companyId }: { companyId: string }) {
  const mine = useMyCompliance(companyId);
  const base = compliancePath('contractor');
  const data = mine.data;
  const count = (status: ComplianceStatus) => data?.counts[status] ?? 0;
  const problems = [
    { n: count('MISSING'), text: t.cardMissing(count('MISSING')) },
    { n: count('REJECTED'), text: t.cardRejected(count('REJECTED')) },
    { n: count('EXPIRED'), text: t.cardExpired(count('EXPIRED')) },
  ].filter((p) => p.n > 0);
  return (
    <Card data-testid="contractor-compliance-card">
      <CardContent>
        <CardTitle to={base} />
        {!data ? (
          <Skeleton />
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            <li>
              <Link component={RouterLink} to={base} underline="hover">
                {t.cardValid(count('VALID') + count('EXPIRING'), data.items.length)}
              </Link>
            </li>
            <li>
              {data.nextExpiry ? (
                <Link component={RouterLink} to={historyPath('contractor', data.nextExpiry.requirementId, '')} underline="hover">
                  {t.cardNextExpiry(data.nextExpiry.name, formatDate(data.nextExpiry.expiryDate))}
                </Link>
              ) : (
                <Typography color="text.secondary">{t.cardNoExpiry}</Typography>
              )}
            </li>
            {problems.length === 0 ? (
              <li>
                <Typography color="text.secondary">{t.cardAllGood}</Typography>
              </li>
            ) : (
              problems.map((p) => (
                <li key={p.text}>
                  <Link component={RouterLink} to={base} underline="hover" color="error">
                    {p.text}
                  </Link>
                </li>
              ))
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
