import { useEffect } from 'react';
import { Link as RouterLink } from 'react-router';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  COMPLIANCE_MATRIX_PAGE_SIZES,
  COMPLIANCE_STATUSES,
  type ComplianceStatus,
} from '@palisade/domain/compliance/compliance.rules';
import { complianceMessages } from '@palisade/domain/compliance/compliance.messages';
import { complianceScreensMessages } from '@palisade/domain/compliance/compliance-screens.messages';
import { ComplianceStatusChip, OverallComplianceChip } from '../../../components/compliance/compliance-chips';
import { useContractorLocations } from '../../../components/company-picker/contractor-search-api';
import { ListPager } from '../../../components/list-pager';
import { NativeSelectField } from '../../../components/native-select-field';
import { formatDate } from '../../../lib/dates';
import { idParam, oneOfParam, useListParams, type ParamCodec } from '../../../lib/use-list-params';
import { useExportMatrix, useMatrix } from '../api/matrix-api';
import type { MatrixFilters } from '../api/keys';
import {
  historyPath,
  MATRIX_PARAM,
  type ComplianceViewer,
} from '../../../components/compliance/compliance-paths';

const t = complianceScreensMessages;
const labels = complianceMessages.statusLabels;

/** The longest search and location the matrix's call takes (its schema's limits). */
const SEARCH_MAX = 100;
const LOCATION_MAX = 200;

function locationParam(): ParamCodec<string> {
  return { fallback: '', parse: (raw) => (raw.trim().length <= LOCATION_MAX ? raw.trim() : undefined) };
}

const FILTER_CODECS = {
  [MATRIX_PARAM.status]: oneOfParam<'' | ComplianceStatus>(['', ...COMPLIANCE_STATUSES], ''),
  [MATRIX_PARAM.requirement]: idParam(),
  [MATRIX_PARAM.location]: locationParam(),
};

/** The sticky first column: over the cells that scroll under it, in the card's own colour. */
const stickySx = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  borderRight: 1,
  borderRightColor: 'divider',
  minWidth: { xs: 150, sm: 220 },
  maxWidth: { xs: 170, sm: 320 },
} as const;

/**
 * The matrix of contractors × live requirements (issue 57): the counts per status at the top (each
 * a filter), the filters (status, requirement, location), the search by company name, a page of
 * contractors from the server (10, 20 or 50), all of them kept in the URL; one coloured chip a
 * cell, "—" where a requirement does not apply; each cell opens the document's history. The table
 * scrolls sideways inside its card with the company column held in place, so the page itself never
 * scrolls sideways on a phone. Export CSV downloads what is filtered.
 */
export function ComplianceMatrix({ companyId, viewer }: { companyId: string; viewer: ComplianceViewer }) {
  const list = useListParams({
    sizes: COMPLIANCE_MATRIX_PAGE_SIZES,
    filters: FILTER_CODECS,
    searchMax: SEARCH_MAX,
  });
  const { page, pageSize, setPage, fitPage } = list;
  const filters: MatrixFilters = {
    search: list.query,
    status: list.filters.status,
    requirementId: list.filters.requirement,
    location: list.filters.location,
  };
  const query = useMatrix(companyId, filters, page + 1, pageSize);
  const locations = useContractorLocations(companyId);
  const exporter = useExportMatrix();
  const data = query.data;
  const rows = data?.rows ?? [];
  const requirements = data?.requirements ?? [];
  const total = data?.total ?? 0;
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData) fitPage(total);
  }, [query.isSuccess, query.isPlaceholderData, total, fitPage]);
  const filtered =
    list.query !== '' || filters.status !== '' || filters.requirementId !== '' || filters.location !== '';
  const locationOptions = locations.data?.locations ?? [];

  return (
    <>
      <Box
        role="group"
        aria-label={t.countsLabel}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
      >
        {COMPLIANCE_STATUSES.map((status) => {
          const count = data?.counts[status] ?? 0;
          const on = filters.status === status;
          return (
            <Button
              key={status}
              variant={on ? 'contained' : 'outlined'}
              color={on ? 'primary' : 'inherit'}
              aria-pressed={on}
              aria-label={t.countFilter(labels[status], count)}
              onClick={() => list.setFilters({ status: on ? '' : status })}
              sx={{ textTransform: 'none', gap: 1, bgcolor: on ? undefined : 'background.paper' }}
              data-testid={`count-${status}`}
            >
              <ComplianceStatusChip status={status} />
              <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                {count}
              </Box>
            </Button>
          );
        })}
      </Box>
      <Card sx={{ minWidth: 0 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr)) auto auto' },
            gap: 2,
            p: 2,
            alignItems: 'center',
          }}
        >
          <TextField
            size="small"
            label={t.search}
            value={list.search}
            onChange={(e) => list.setSearch(e.target.value)}
            slotProps={{ htmlInput: { maxLength: SEARCH_MAX } }}
          />
          <NativeSelectField
            label={t.statusFilter}
            value={filters.status}
            onChange={(v) => list.setFilters({ status: COMPLIANCE_STATUSES.find((s) => s === v) ?? '' })}
            options={[
              { value: '', label: t.anyStatus },
              ...COMPLIANCE_STATUSES.map((s) => ({ value: s, label: labels[s] })),
            ]}
          />
          <NativeSelectField
            label={t.requirementFilter}
            value={filters.requirementId}
            onChange={(v) => list.setFilters({ requirement: v })}
            options={[
              { value: '', label: t.anyRequirement },
              ...requirements.map((r) => ({ value: r._id, label: r.name })),
            ]}
          />
          <NativeSelectField
            label={t.locationFilter}
            value={filters.location}
            onChange={(v) => list.setFilters({ location: v })}
            options={[
              { value: '', label: t.anyLocation },
              ...(filters.location && !locationOptions.some((l) => l.location === filters.location)
                ? [{ value: filters.location, label: filters.location }]
                : []),
              ...locationOptions.map((l) => ({ value: l.location, label: l.location })),
            ]}
          />
          <Button
            disabled={!filtered}
            onClick={() => {
              list.setSearch('');
              list.setFilters({ status: '', requirement: '', location: '' });
            }}
          >
            {t.clearFilters}
          </Button>
          <Button
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            loading={exporter.isPending}
            onClick={() => exporter.mutate({ companyId, filters })}
          >
            {t.exportCsv}
          </Button>
        </Box>
        <Box sx={{ height: 4 }}>
          {(query.isFetching || list.searchPending) && <LinearProgress aria-label={t.matrixLabel} />}
        </Box>
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table aria-label={t.matrixLabel} size="small" sx={{ borderCollapse: 'separate' }}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ ...stickySx, zIndex: 2, fontWeight: 600 }}>{t.company}</TableCell>
                {requirements.map((r) => (
                  <TableCell key={r._id} sx={{ fontWeight: 600, minWidth: 120, verticalAlign: 'bottom' }}>
                    <Box sx={{ overflowWrap: 'anywhere' }}>{r.name}</Box>
                    <Typography variant="caption" color="text.secondary">
                      {r.mandatory ? t.mandatoryMark : t.optionalMark}
                    </Typography>
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={requirements.length + 1} sx={{ py: 4, color: 'text.secondary' }}>
                    {requirements.length === 0 ? t.noRequirements : t.noContractors}
                  </TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.contractor._id} hover data-testid="matrix-row">
                  <TableCell component="th" scope="row" sx={stickySx}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{row.contractor.name}</Typography>
                    {row.contractor.location && (
                      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        {row.contractor.location}
                      </Typography>
                    )}
                    <Box sx={{ mt: 0.5 }}>
                      <OverallComplianceChip overall={row.overall} />
                    </Box>
                  </TableCell>
                  {requirements.map((r, i) => {
                    const cell = row.cells[i];
                    if (!cell || cell.status === null) {
                      return (
                        <TableCell key={r._id} aria-label={t.notApplicableLabel} sx={{ color: 'text.secondary' }}>
                          {t.notApplicable}
                        </TableCell>
                      );
                    }
                    return (
                      <TableCell key={r._id}>
                        <Link
                          component={RouterLink}
                          to={historyPath(viewer, r._id, row.contractor._id)}
                          aria-label={t.openCell(row.contractor.name, r.name, labels[cell.status])}
                          underline="none"
                          sx={{ display: 'inline-block', borderRadius: 3 }}
                        >
                          <ComplianceStatusChip status={cell.status} />
                        </Link>
                        {cell.expiryDate && (
                          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
                            {formatDate(cell.expiryDate)}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <ListPager
          total={total}
          page={page}
          onPage={setPage}
          pageSize={pageSize}
          sizes={COMPLIANCE_MATRIX_PAGE_SIZES}
          onPageSize={list.setPageSize}
          wrap
        />
      </Card>
    </>
  );
}
