import TablePagination, { type TablePaginationProps } from '@mui/material/TablePagination';
import { webMessages } from '@palisade/domain/messages/web';

const t = webMessages.pager;

/** MUI's pager's own texts, in the screens' language (issue 60): its defaults are English. */
export function pagerTexts(): Pick<
  TablePaginationProps,
  'labelRowsPerPage' | 'labelDisplayedRows' | 'getItemAriaLabel'
> {
  const pages = {
    first: t.firstPage,
    previous: t.previousPage,
    next: t.nextPage,
    last: t.lastPage,
  };
  return {
    labelRowsPerPage: t.rowsPerPage,
    labelDisplayedRows: ({ from, to, count }) => t.range(from, to, count),
    getItemAriaLabel: (type) => pages[type],
  };
}

export interface ListPagerProps<N extends number> extends Pick<
  TablePaginationProps,
  'labelRowsPerPage' | 'showFirstButton' | 'showLastButton' | 'sx'
> {
  /** Rows in the whole list. */
  total: number;
  /** The page shown, from 0; shown as the last page while it is past the end. */
  page: number;
  onPage: (page: number) => void;
  pageSize: N;
  /** The spec's page sizes; a change of size goes back to the first page. */
  sizes: readonly N[];
  onPageSize: (size: N) => void;
  /** On phones the pager wraps onto two lines instead of hiding its buttons off-screen (in place of `sx`). */
  wrap?: boolean;
}

const WRAP_SX = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end' },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;

/** The pager of every paged table: MUI's, with the spec's page sizes. */
export function ListPager<N extends number>({
  total,
  page,
  onPage,
  pageSize,
  sizes,
  onPageSize,
  wrap = false,
  sx,
  ...rest
}: ListPagerProps<N>) {
  const lastPage = Math.max(0, Math.ceil(total / pageSize) - 1);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(page, lastPage)}
      onPageChange={(_event, next) => onPage(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...sizes]}
      onRowsPerPageChange={(event) => {
        const size = sizes.find((n) => n === Number(event.target.value));
        if (size === undefined) return;
        onPageSize(size);
        onPage(0);
      }}
      sx={wrap ? WRAP_SX : sx}
      {...pagerTexts()}
      {...rest}
    />
  );
}
