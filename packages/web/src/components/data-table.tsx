import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import SearchIcon from '@mui/icons-material/Search';
import { messages } from '@palisade/domain/messages';
import { FormTextField } from './form-text-field';

export interface DataColumn<T> {
  id: string;
  header: string;
  /** The cell's text: what is shown (unless `render` is given) and what the search matches. */
  value?: (row: T) => string | null | undefined;
  /** The cell's content; `index` counts from 0 over the searched rows, across pages. */
  render?: (row: T, index: number) => ReactNode;
  align?: 'left' | 'right' | 'center';
  /** Keeps the cell on one line (numbers, e-mails, buttons). */
  noWrap?: boolean;
}

/** The rows any column's text contains the query in (case-insensitive); all rows for ''. */
export function filterRows<T>(
  rows: readonly T[],
  columns: readonly DataColumn<T>[],
  query: string,
): readonly T[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return rows;
  return rows.filter((row) =>
    columns.some((column) => column.value?.(row)?.toLocaleLowerCase().includes(needle)),
  );
}

interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  /** The search box's label. */
  searchLabel: string;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string;
  pageSizes: readonly number[];
  /** Rows shown greyed (an inactive account); their own cells decide what is disabled. */
  inactive?: (row: T) => boolean;
  loading?: boolean;
  /** The table scrolls inside its card below this width (phones). */
  minWidth?: number;
}

/**
 * A card with a search box over all columns, a table and its pager (spec page sizes, first size
 * by default). Wide tables scroll sideways inside the card, never the page.
 */
export function DataTable<T>({
  label,
  searchLabel,
  rows,
  columns,
  rowKey,
  pageSizes,
  inactive,
  loading = false,
  minWidth = 760,
}: DataTableProps<T>) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(pageSizes[0] ?? 10);

  const shown = useMemo(() => filterRows(rows, columns, query), [rows, columns, query]);
  // A search or a deletion can leave the current page past the end: show the last one instead.
  const lastPage = Math.max(0, Math.ceil(shown.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const pageRows = shown.slice(current * pageSize, current * pageSize + pageSize);

  return (
    <Card>
      <Box sx={{ p: 2, pb: 0, maxWidth: 360 }}>
        <FormTextField
          label={searchLabel}
          type="search"
          size="small"
          margin="none"
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setPage(0);
          }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
        />
      </Box>
      <Box sx={{ height: 4, mt: 2 }}>{loading && <LinearProgress aria-label={label} />}</Box>
      <TableContainer>
        <Table aria-label={label} size="small" sx={{ minWidth }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell
                  key={column.id}
                  align={column.align}
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                >
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pageRows.map((row, i) => {
              const greyed = inactive?.(row) ?? false;
              return (
                <TableRow
                  key={rowKey(row)}
                  data-inactive={greyed || undefined}
                  sx={
                    greyed
                      ? { bgcolor: 'grey.200', '& td': { color: 'text.secondary' } }
                      : undefined
                  }
                >
                  {columns.map((column) => (
                    <TableCell
                      key={column.id}
                      align={column.align}
                      sx={column.noWrap ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      {column.render
                        ? column.render(row, current * pageSize + i)
                        : column.value?.(row)}
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
            {!loading && pageRows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                  {messages.common.noDataAvailable}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={shown.length}
        page={current}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPageSize(Number(event.target.value));
          setPage(0);
        }}
        showFirstButton
        showLastButton
        // On phones the pager wraps onto two lines instead of hiding its buttons off-screen.
        sx={{
          '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
          '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        }}
      />
    </Card>
  );
}
