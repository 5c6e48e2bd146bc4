import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { OBSERVATION_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { coreMessages } from '@palisade/domain/messages-core';
import { observationMessages } from '@palisade/domain/messages/observation';
import { CompanyPicker, useCompanyNames } from '../../../components/company-picker/company-picker';
import { downloadCsv, fileDateStamp, toCsv } from '../../../components/csv-file';
import { ObservationRangePickers } from '../../../components/observation-range/observation-range-pickers';
import { Page } from '../../../components/page';
import { errorMessage } from '../../../lib/api-client';
import { showError } from '../../../lib/notifier';
import { useObservationRange } from '../../../lib/observation-range';
import { exportObservations, useReportGraph, useReportTable } from '../api/observations-api';
import { MonthlyChart } from '../components/monthly-chart';
import { ObservationTable, reportDate, reportTime } from '../components/observation-table';
import { TypesChart } from '../components/types-chart';
import { useObservationUser } from '../use-observation-shell';

const t = observationMessages;
const ALL = 'all';
/** The URL's search parameter that keeps the Companies filter (issue 56: a reload and Back keep it). */
const COMPANY_PARAM = 'company';

/**
 * The Companies filter, kept in the URL (?company=) beside the range: a reload, a link and Back
 * from a report keep it. The company's name comes from the server (searchContractors' ids); a
 * company that is not one of the organisation's reads as All. `known` once that is settled.
 */
function useCompanyFilter(organisationId: string | null): {
  company: string;
  known: boolean;
  setCompany: (next: string) => void;
} {
  const [params, setParams] = useSearchParams();
  const raw = params.get(COMPANY_PARAM)?.trim() || ALL;
  const asked = organisationId !== null && raw !== ALL;
  const names = useCompanyNames(organisationId ?? '', asked ? [raw] : []);
  const company = !asked || (names.settled && !names.byId.has(raw)) ? ALL : raw;
  const known = company === ALL || names.byId.has(company);
  const setCompany = useCallback(
    (next: string) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next === ALL) out.delete(COMPANY_PARAM);
          else out.set(COMPANY_PARAM, next);
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { company, known, setCompany };
}

function ChartCard({ title, loading, children }: { title: string; loading: boolean; children: React.ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" gutterBottom>
          {title}
        </Typography>
        {loading ? <Skeleton variant="rounded" height={260} aria-label={coreMessages.common.loading} /> : children}
      </CardContent>
    </Card>
  );
}

/**
 * Observation (company-and-auditor §2.8): the Companies dropdown (the organisation), Monthly
 * Reporting and Types of the current year, and Observation Details of the range the top bar's
 * Start/End Date pickers hold (at the page's head on phones). A contractor sees its own reports.
 * A range that ends before it starts shows a message at the page's head and no rows (issue 56);
 * the range and the Companies filter live in the URL, so a reload and Back keep them.
 */
export function ObservationPage() {
  const { profile, shell, organisationId } = useObservationUser();
  const isOrganisation = shell === 'sapphire';
  const { start, end, backwards } = useObservationRange();
  const { search } = useLocation();
  const { company, known: companyKnown, setCompany } = useCompanyFilter(isOrganisation ? organisationId : null);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState<number>(OBSERVATION_TABLE_PAGE_SIZES[0]);
  const [exporting, setExporting] = useState(false);
  // The page resets to the first when the range or the company changes.
  const [pageKey, setPageKey] = useState(`${start}|${end}|${company}`);
  const key = `${start}|${end}|${company}`;
  if (key !== pageKey) {
    setPageKey(key);
    setPage(0);
  }
  const year = new Date().getFullYear();
  const managerid = isOrganisation ? (company === ALL ? null : company) : profile._id;
  // A company from the URL is read once the server says it is one of the organisation's.
  const graph = useReportGraph(organisationId && companyKnown ? { organisationId, year, managerid } : null);
  // A range that ends before it starts reads nothing: the card says why instead of old rows.
  const table = useReportTable(
    organisationId && companyKnown && !backwards
      ? { organisationId, start, end, managerid: isOrganisation ? managerid : null, page, limit }
      : null,
  );
  const tableData = backwards ? undefined : table.data;

  const exportCsv = async () => {
    if (!organisationId || backwards) return;
    setExporting(true);
    try {
      const rows = await exportObservations({ organisationId, start, end, managerid });
      downloadCsv(
        `observations_${fileDateStamp()}.csv`,
        toCsv(
          t.csvHeader,
          rows.map((o, i) => [
            String(i + 1),
            String(o.srno),
            o.category,
            reportDate(o.reportedAt),
            reportTime(o.reportedAt),
            o.reporterName,
            o.managername,
            o.description || t.noDescription,
            t.statuses[o.status] ?? String(o.status),
            o.accept_time ? `${reportDate(o.accept_time)} ${reportTime(o.accept_time)}` : '',
            o.rootCauseAnalysis,
          ]),
        ),
      );
    } catch (err) {
      showError(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Page
      title={t.title}
      actions={
        isOrganisation ? (
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            onClick={() => void exportCsv()}
            disabled={exporting || backwards || (tableData?.total ?? 0) === 0}
          >
            {t.exportCsv}
          </Button>
        ) : undefined
      }
    >
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Box sx={{ display: { xs: 'block', md: 'none' } }}>
          <ObservationRangePickers />
        </Box>
        {/* At the head of the page, beside the pickers it is about (the top bar's on wide screens). */}
        {backwards && (
          <Alert severity="error" role="alert">
            {t.rangeBackwards}
          </Alert>
        )}
        {isOrganisation && organisationId && (
          <CompanyPicker
            companyId={organisationId}
            id="observation-companies"
            label={t.companies}
            placeholder={t.all}
            value={company === ALL ? null : company}
            onChange={(id) => setCompany(id ?? ALL)}
            size="small"
            sx={{ maxWidth: { sm: 320 }, bgcolor: 'background.paper' }}
          />
        )}
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
          <ChartCard title={t.monthlyReporting} loading={graph.isPending && organisationId !== null}>
            {graph.data && <MonthlyChart graph={graph.data} year={year} />}
          </ChartCard>
          <ChartCard title={t.types} loading={graph.isPending && organisationId !== null}>
            {graph.data && <TypesChart graph={graph.data} year={year} />}
          </ChartCard>
        </Box>
        <Card>
          <CardContent sx={{ p: { xs: 2, sm: 3 }, pb: { xs: 1, sm: 1 } }}>
            <Typography variant="h2" gutterBottom>
              {t.observationDetails}
            </Typography>
            <ObservationTable
              shell={shell}
              rows={tableData?.items ?? []}
              total={tableData?.total ?? 0}
              page={page}
              limit={limit}
              loading={!backwards && table.isFetching}
              listSearch={search}
              onPage={setPage}
              onLimit={(n) => {
                setLimit(n);
                setPage(0);
              }}
            />
          </CardContent>
        </Card>
      </Box>
    </Page>
  );
}
