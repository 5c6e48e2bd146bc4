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
import PaginationItem from '@mui/material/PaginationItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import SearchIcon from '@mui/icons-material/Search';
import { coreMessages } from '@palisade/domain/messages-core';
import { orgAuditorMessages } from '@palisade/domain/responses/org-auditor.messages';
import { FormTextField } from './form-text-field';
import { pagerTexts } from './list-pager';

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

/** A cell's content: its render, else its text. */
function cellOf<T>(column: DataColumn<T>, row: T, index: number): ReactNode {
  return column.render ? column.render(row, index) : column.value?.(row);
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

/**
 * The page, size and search when the table's owner keeps them (in the URL: lib/use-list-params).
 * The owner starts again at the first page on a new size or search.
 */
export interface DataTableState {
  /** From 0. */
  page: number;
  pageSize: number;
  /** The search box's text. */
  search: string;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  onSearch: (text: string) => void;
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
  /**
   * Numbered page buttons, at most this many at once (the users tables: 6, spec §2.7), instead of
   * the first/previous/next/last pager.
   */
  pageButtons?: number;
  /** On phones each row becomes a card: every column a labelled line, the actions column its footer. */
  cardsOnPhones?: boolean;
  /** Page, size and search held by the owner; without it the table holds them itself. */
  state?: DataTableState;
  /**
   * Paged by the server: `rows` are the rows of the page `state` names, and this is how many match
   * the search in all. Without it the table searches and pages `rows` itself.
   */
  total?: number;
  /** The rows are about to change (a search typed but not yet sent, a page on its way): aria-busy. */
  busy?: boolean;
  /** The longest search the list takes (the server's limit when it searches). */
  searchMaxLength?: number;
  /**
   * Paged by the server: the index (from 0) of the first of `rows` in the whole list, from the
   * reply; while the next page loads the rows shown are still the last page's, numbered as theirs.
   */
  firstIndex?: number;
}

/** The pages whose buttons show: up to `max` consecutive pages around the current one (0-based). */
export function pageWindow(current: number, pageCount: number, max: number): number[] {
  const size = Math.min(max, pageCount);
  const start = Math.min(Math.max(0, current - Math.floor((size - 1) / 2)), pageCount - size);
  return Array.from({ length: size }, (_, i) => start + i);
}

/** Rows per page and numbered page buttons (up to `max` shown), with previous and next. */
function NumberedPager({
  count,
  page,
  pageSize,
  pageSizes,
  max,
  onPage,
  onPageSize,
}: {
  count: number;
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  max: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}) {
  const pageCount = Math.max(1, Math.ceil(count / pageSize));
  const first = count === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(count, (page + 1) * pageSize);
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: 2,
        px: 2,
        py: 1.5,
      }}
    >
      <TextField
        select
        size="small"
        margin="none"
        label={orgAuditorMessages.rowsPerPage}
        value={pageSize}
        onChange={(event) => onPageSize(Number(event.target.value))}
        slotProps={{ select: { native: true } }}
        sx={{ width: 130 }}
      >
        {pageSizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" role="status">
        {orgAuditorMessages.rangeOf(first, last, count)}
      </Typography>
      <Box
        component="nav"
        aria-label={orgAuditorMessages.pagination}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        <PaginationItem
          type="previous"
          component="button"
          disabled={page === 0}
          onClick={() => onPage(page - 1)}
          aria-label={orgAuditorMessages.previousPage}
        />
        {pageWindow(page, pageCount, max).map((p) => (
          <PaginationItem
            key={p}
            type="page"
            page={p + 1}
            component="button"
            selected={p === page}
            aria-current={p === page ? 'page' : undefined}
            aria-label={orgAuditorMessages.goToPage(p + 1)}
            onClick={() => onPage(p)}
          />
        ))}
        <PaginationItem
          type="next"
          component="button"
          disabled={page >= pageCount - 1}
          onClick={() => onPage(page + 1)}
          aria-label={orgAuditorMessages.nextPage}
        />
      </Box>
    </Box>
  );
}

/**
 * A card with a search box, a table and its pager (spec page sizes, first size by default). By
 * default the table searches every column's text and pages the rows itself; with `state` its
 * owner keeps the page, size and search (in the URL), and with `total` too the rows are one page
 * the server found (S.no continues across pages either way). Wide tables scroll sideways inside
 * the card, never the page.
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
  pageButtons,
  cardsOnPhones = false,
  state,
  total,
  busy,
  searchMaxLength,
  firstIndex,
}: DataTableProps<T>) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const asCards = cardsOnPhones && phone;
  const [ownQuery, setOwnQuery] = useState('');
  const [ownPage, setOwnPage] = useState(0);
  const [ownPageSize, setOwnPageSize] = useState(pageSizes[0] ?? 10);
  const query = state ? state.search : ownQuery;
  const page = state ? state.page : ownPage;
  const pageSize = state ? state.pageSize : ownPageSize;
  const setPage = state ? state.onPage : setOwnPage;
  const onSearch = (text: string) => {
    if (state) return state.onSearch(text);
    setOwnQuery(text);
    setOwnPage(0);
  };
  const onPageSize = (size: number) => {
    if (state) return state.onPageSize(size);
    setOwnPageSize(size);
    setOwnPage(0);
  };
  const serverPaged = total !== undefined;

  const shown = useMemo(
    () => (serverPaged ? rows : filterRows(rows, columns, query)),
    [serverPaged, rows, columns, query],
  );
  const count = total ?? shown.length;
  // A search or a deletion can leave the current page past the end: show the last one instead.
  const lastPage = Math.max(0, Math.ceil(count / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const pageRows = serverPaged
    ? rows
    : shown.slice(current * pageSize, current * pageSize + pageSize);
  const offset = firstIndex ?? current * pageSize;

  return (
    <Card>
      <Box sx={{ p: 2, pb: 0, maxWidth: 360 }}>
        <FormTextField
          label={searchLabel}
          type="search"
          size="small"
          margin="none"
          value={query}
          onChange={(event) => onSearch(event.target.value)}
          inputProps={searchMaxLength === undefined ? undefined : { maxLength: searchMaxLength }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
        />
      </Box>
      <Box sx={{ height: 4, mt: 2 }}>{loading && <LinearProgress aria-label={label} />}</Box>
      {asCards ? (
        <Box
          component="ul"
          aria-label={label}
          aria-busy={busy}
          sx={{ listStyle: 'none', m: 0, p: 2, display: 'grid', gap: 1.5 }}
        >
          {pageRows.map((row, i) => {
            const greyed = inactive?.(row) ?? false;
            return (
              <Box
                component="li"
                key={rowKey(row)}
                data-inactive={greyed || undefined}
                sx={{
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: 1,
                  p: 1.5,
                  bgcolor: greyed ? 'grey.200' : 'background.paper',
                  color: greyed ? 'text.secondary' : 'text.primary',
                }}
              >
                <Box
                  component="dl"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'auto minmax(0, 1fr)',
                    columnGap: 1.5,
                    rowGap: 0.5,
                  }}
                >
                  {columns
                    .filter((column) => column.id !== 'actions')
                    .map((column) => (
                      <Box key={column.id} sx={{ display: 'contents' }}>
                        <Typography component="dt" variant="body2" color="text.secondary">
                          {column.header}
                        </Typography>
                        <Typography
                          component="dd"
                          variant="body2"
                          sx={{ m: 0, overflowWrap: 'anywhere' }}
                        >
                          {cellOf(column, row, offset + i)}
                        </Typography>
                      </Box>
                    ))}
                </Box>
                {columns
                  .filter((column) => column.id === 'actions')
                  .map((column) => (
                    <Box
                      key={column.id}
                      sx={{ mt: 1, display: 'flex', justifyContent: 'flex-end' }}
                    >
                      {cellOf(column, row, offset + i)}
                    </Box>
                  ))}
              </Box>
            );
          })}
          {!loading && pageRows.length === 0 && (
            <Box component="li" sx={{ textAlign: 'center', py: 4 }}>
              {coreMessages.common.noDataAvailable}
            </Box>
          )}
        </Box>
      ) : (
        <TableContainer>
          <Table aria-label={label} aria-busy={busy} size="small" sx={{ minWidth }}>
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
                        {cellOf(column, row, offset + i)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
              {!loading && pageRows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
                    {coreMessages.common.noDataAvailable}
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pageButtons !== undefined ? (
        <NumberedPager
          count={count}
          page={current}
          pageSize={pageSize}
          pageSizes={pageSizes}
          max={pageButtons}
          onPage={setPage}
          onPageSize={onPageSize}
        />
      ) : (
        <TablePagination
          component="div"
          count={count}
          page={current}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...pageSizes]}
          onPageChange={(_event, next) => setPage(next)}
          onRowsPerPageChange={(event) => onPageSize(Number(event.target.value))}
          showFirstButton
          showLastButton
          {...pagerTexts()}
          // On phones the pager wraps onto two lines instead of hiding its buttons off-screen.
          sx={{
            '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
            '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
          }}
        />
      )}
    </Card>
  );
}
