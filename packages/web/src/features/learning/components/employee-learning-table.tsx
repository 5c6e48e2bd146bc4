import { useState } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { LEARNING_SEARCH_MAX_LENGTH, LEARNING_TABLE_PAGE_SIZES } from '@palisade/domain/constants';
import { hoursOf, moduleCompletionPercent } from '@palisade/domain/learning/learning.rules';
import { learningMessages } from '@palisade/domain/learning/learning.messages';
import { coreMessages } from '@palisade/domain/messages-core';
import { useDebounced } from '../../../lib/use-debounced';
import { useLearningTable } from '../api/learning-api';
import { LabelledProgress } from '../../../components/labelled-progress';
import { ListPager } from '../../../components/list-pager';
import { useFirstRowNumber } from '../../../lib/use-list-params';

const m = learningMessages;

/**
 * Employee Learning: Sr.No., Employee, Learning Units (hours learnt), Completion (modules
 * completed of those offered); 10, 20 or 30 rows; a search on top. Paged and searched by the
 * server (an organisation may have thousands of employees). On phones each employee is a card.
 */
export function EmployeeLearningTable({ companyId, role }: { companyId: string | null; role: 'company' | 'contractor' }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(LEARNING_TABLE_PAGE_SIZES[0]);
  const settled = useDebounced(search.trim(), 300);
  const query = useLearningTable(companyId === null ? null : { role, companyId, page: page + 1, pageSize, search: settled });
  const data = query.data;
  const rows = data?.data ?? [];
  const first = useFirstRowNumber(page, pageSize, query.isPlaceholderData);
  const modules = data?.total_learning_module ?? 0;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h2">{m.tableTitle}</Typography>
          <TextField
            size="small"
            label={m.search}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            slotProps={{
              htmlInput: { maxLength: LEARNING_SEARCH_MAX_LENGTH },
              input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
            }}
            sx={{ width: { xs: '100%', sm: 260 } }}
          />
        </Box>
        {query.isFetching && <LinearProgress aria-label={coreMessages.common.loading} sx={{ mb: 1 }} />}
        {phone ? (
          // On phones each employee is a card, as the other tables do (issue 56).
          <Box component="ol" aria-label={m.tableTitle} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {query.isSuccess && rows.length === 0 && (
              <Typography component="li" color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
                {m.noEmployees}
              </Typography>
            )}
            {rows.map((r, i) => {
              const percent = moduleCompletionPercent(r.completed_modules, modules);
              return (
                <Box
                  component="li"
                  key={r._id}
                  data-testid="learning-card"
                  sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
                >
                  <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                    <Typography sx={{ flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                        {first + i}.{' '}
                      </Box>
                      {r.name}
                    </Typography>
                    <Typography variant="body2" data-testid="learning-hours" sx={{ whiteSpace: 'nowrap' }}>
                      {hoursOf(r.completed_hrs).toFixed(2)} {m.hours.toLowerCase()}
                    </Typography>
                  </Box>
                  {role === 'company' && r.contractorName && (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                      {r.contractorName}
                    </Typography>
                  )}
                  <Box data-testid="learning-completion" sx={{ mt: 1 }}>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {m.completion}
                    </Typography>
                    <LabelledProgress value={percent} label={`${m.completion} ${r.name}: ${r.completed_modules}/${modules}`} />
                  </Box>
                </Box>
              );
            })}
          </Box>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={m.tableTitle}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: '5rem' }}>{m.srNo}</TableCell>
                  <TableCell>{m.employee}</TableCell>
                  <TableCell align="right" sx={{ width: '9rem' }}>{m.learningUnits}</TableCell>
                  <TableCell sx={{ width: '12rem' }}>{m.completion}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r, i) => {
                  const percent = moduleCompletionPercent(r.completed_modules, modules);
                  return (
                    <TableRow key={r._id} data-testid="learning-row">
                      <TableCell>{first + i}</TableCell>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>{r.name}</Typography>
                        {role === 'company' && r.contractorName && (
                          <Typography variant="caption" color="text.secondary">{r.contractorName}</Typography>
                        )}
                      </TableCell>
                      <TableCell align="right" data-testid="learning-hours">
                        {hoursOf(r.completed_hrs).toFixed(2)} {m.hours.toLowerCase()}
                      </TableCell>
                      <TableCell data-testid="learning-completion">
                        <LabelledProgress value={percent} label={`${m.completion} ${r.name}: ${r.completed_modules}/${modules}`} />
                      </TableCell>
                    </TableRow>
                  );
                })}
                {query.isSuccess && rows.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4} align="center" sx={{ py: 3, color: 'text.secondary' }}>
                      {m.noEmployees}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ListPager
          total={data?.total ?? 0}
          page={page}
          onPage={setPage}
          pageSize={pageSize}
          sizes={LEARNING_TABLE_PAGE_SIZES}
          onPageSize={setPageSize}
          // On phones the pager wraps onto two lines instead of cutting its next button off.
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          }}
        />
      </CardContent>
    </Card>
  );
}
