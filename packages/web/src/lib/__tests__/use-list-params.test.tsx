import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { BrowserRouter, createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  dayParam,
  idParam,
  LIST_SEARCH_DELAY_MS,
  oneOfParam,
  useFirstRowNumber,
  useListParams,
  type ListParams,
} from '../use-list-params';

const SIZES = [5, 10, 20] as const;
const FILTERS = {
  status: oneOfParam(['ALL', 'active', 'inactive'], 'ALL'),
  from: dayParam(),
  actor: idParam(),
};
type Filters = { status: 'ALL' | 'active' | 'inactive'; from: string; actor: string };

let current: ListParams<(typeof SIZES)[number], Filters> | null = null;

function Probe() {
  const list = useListParams({ sizes: SIZES, filters: FILTERS, searchMax: 10 });
  current = list;
  return (
    <div>
      <input
        aria-label="search"
        value={list.search}
        onChange={(e) => list.setSearch(e.target.value)}
      />
      <output aria-label="state">
        {JSON.stringify({
          page: list.page,
          pageSize: list.pageSize,
          query: list.query,
          pending: list.searchPending,
          filters: list.filters,
        })}
      </output>
    </div>
  );
}

function setup(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  const list = () => {
    if (!current) throw new Error('not rendered');
    return current;
  };
  const search = () => router.state.location.search;
  return { router, list, search };
}

const shown = () => JSON.parse(screen.getByLabelText('state').textContent ?? '{}') as unknown;

describe('useListParams', () => {
  it('reads the page (from 1), size, search and filters of the URL', () => {
    setup('/list?page=3&size=20&q=north&status=inactive&from=2026-02-28&actor=u_12');
    expect(shown()).toEqual({
      page: 2,
      pageSize: 20,
      query: 'north',
      pending: false,
      filters: { status: 'inactive', from: '2026-02-28', actor: 'u_12' },
    });
    expect(screen.getByLabelText<HTMLInputElement>('search').value).toBe('north');
  });

  it('reads invalid or missing values as the defaults, without an error', () => {
    setup('/list?page=abc&size=7&status=bogus&from=2026-02-30&actor=a%20b');
    expect(shown()).toEqual({
      page: 0,
      pageSize: 5,
      query: '',
      pending: false,
      filters: { status: 'ALL', from: '', actor: '' },
    });
  });

  it('reads page=0, a negative page and a size of the wrong form as the defaults; cuts a long search', () => {
    setup('/list?page=0&size=-5&q=abcdefghijklmnop');
    expect(shown()).toMatchObject({ page: 0, pageSize: 5, query: 'abcdefghij' });
    const again = setup('/list?page=-2&size=10.0');
    expect(again.list().page).toBe(0);
    expect(again.list().pageSize).toBe(5);
  });

  it('pushes a history entry per page, so Back returns to the page before', async () => {
    const { router, list, search } = setup('/list?q=north');
    act(() => list().setPage(1));
    expect(search()).toBe('?q=north&page=2');
    expect(router.state.historyAction).toBe('PUSH');
    act(() => list().setPage(2));
    expect(list().page).toBe(2);
    await act(() => router.navigate(-1));
    expect(search()).toBe('?q=north&page=2');
    expect(list().page).toBe(1);
    // The first page is the URL without page=.
    act(() => list().setPage(0));
    expect(search()).toBe('?q=north');
  });

  it('a new size or filter is a new entry from the first page; defaults are left out of the URL', () => {
    const { router, list, search } = setup('/list?page=4');
    act(() => list().setPageSize(20));
    expect(search()).toBe('?size=20');
    expect(router.state.historyAction).toBe('PUSH');
    act(() => list().setPageSize(7));
    expect(search()).toBe('?size=20');
    act(() => list().setPage(3));
    act(() => list().setFilters({ status: 'active', from: '2026-01-31' }));
    expect(search()).toBe('?size=20&status=active&from=2026-01-31');
    act(() => list().setFilters({ status: 'ALL' }));
    expect(search()).toBe('?size=20&from=2026-01-31');
    act(() => list().setPageSize(5));
    expect(search()).toBe('?from=2026-01-31');
  });

  it('two changes in one event make one entry (a size, then its first page)', async () => {
    const { router, list, search } = setup('/list?page=2');
    act(() => {
      list().setPageSize(10);
      list().setPage(0);
    });
    expect(search()).toBe('?size=10');
    await act(() => router.navigate(-1));
    expect(search()).toBe('?page=2');
  });

  it('keeps the other parameters of the URL', () => {
    const { list, search } = setup('/list?band=red');
    act(() => list().setPage(1));
    expect(search()).toBe('?band=red&page=2');
  });

  it('writes the search once typing pauses, replacing the entry, from the first page', async () => {
    const { router, list, search } = setup('/list?page=1');
    act(() => list().setPage(2));
    expect(search()).toBe('?page=3');
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'nor' } });
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'north ' } });
    // Not yet: the box shows the typing, the URL (and what the list asks) waits.
    expect(screen.getByLabelText<HTMLInputElement>('search').value).toBe('north ');
    expect(search()).toBe('?page=3');
    expect(list().searchPending).toBe(true);
    await waitFor(() => expect(search()).toBe('?q=north'), { timeout: LIST_SEARCH_DELAY_MS * 4 });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(list().query).toBe('north');
    expect(list().searchPending).toBe(false);
    // The typed trailing space stays in the box.
    expect(screen.getByLabelText<HTMLInputElement>('search').value).toBe('north ');
    // Replaced: Back goes to the entry before the page change.
    await act(() => router.navigate(-1));
    expect(search()).toBe('?page=1');
    expect(screen.getByLabelText<HTMLInputElement>('search').value).toBe('');
  });

  it('clearing the search removes q', async () => {
    const { search } = setup('/list?q=north&page=2');
    fireEvent.change(screen.getByLabelText('search'), { target: { value: '  ' } });
    await waitFor(() => expect(search()).toBe(''), { timeout: LIST_SEARCH_DELAY_MS * 4 });
  });

  it('Back shows the URL’s search in the box and drops typing that had not settled', async () => {
    const { router, list, search } = setup('/list?q=north');
    act(() => list().setPage(1));
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'nort' } });
    await act(() => router.navigate(-1));
    expect(search()).toBe('?q=north');
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('search').value).toBe('north'),
    );
    await new Promise((resolve) => setTimeout(resolve, LIST_SEARCH_DELAY_MS * 2));
    expect(search()).toBe('?q=north');
  });

  it('fitPage replaces a page past the end with the last one', () => {
    const { router, list, search } = setup('/list?page=9&size=10');
    act(() => list().fitPage(25));
    expect(search()).toBe('?page=3&size=10');
    expect(router.state.historyAction).toBe('REPLACE');
    act(() => list().fitPage(25));
    expect(search()).toBe('?page=3&size=10');
    act(() => list().fitPage(0));
    expect(search()).toBe('?size=10');
  });

  it('a search that settles while the router moves to another screen writes nothing over it', async () => {
    // The next screen's code never arrives: the move stays a pending transition, this list on screen.
    const never = new Promise<never>(() => undefined);
    function Elsewhere(): never {
      throw never;
    }
    const router = createMemoryRouter(
      [
        { path: '/list', element: <Probe /> },
        { path: '/company', element: <Elsewhere /> },
      ],
      { initialEntries: ['/list?page=2'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'north' } });
    await act(() => router.navigate('/company?id=c1'));
    // Still the list on screen, the router at the company.
    expect(screen.getByLabelText('search')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/company');
    await new Promise((resolve) => setTimeout(resolve, LIST_SEARCH_DELAY_MS * 2));
    expect(router.state.location.pathname).toBe('/company');
    expect(router.state.location.search).toBe('?id=c1');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('nor over a move still on its way (the next screen loading its data)', async () => {
    const router = createMemoryRouter(
      [
        { path: '/list', element: <Probe /> },
        { path: '/slow', loader: () => new Promise<never>(() => undefined), element: <p>slow</p> },
      ],
      { initialEntries: ['/list?page=2'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'north' } });
    void router.navigate('/slow');
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    await new Promise((resolve) => setTimeout(resolve, LIST_SEARCH_DELAY_MS * 2));
    // The move is still on its way, not cut short by the list; the list's URL untouched.
    expect(router.state.navigation.location?.pathname).toBe('/slow');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('nor, under a router that follows the browser (the app’s), over an address the browser moved to first', async () => {
    window.history.replaceState(null, '', '/list?page=2');
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'north' } });
    // The app's router moves the browser's address first, the screen once the next one's code is in.
    window.history.pushState(null, '', '/company?id=c1');
    await new Promise((resolve) => setTimeout(resolve, LIST_SEARCH_DELAY_MS * 2));
    expect(window.location.pathname + window.location.search).toBe('/company?id=c1');
    // While the list is the address, its search is written as usual.
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/list'));
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'south' } });
    await waitFor(() => expect(window.location.search).toBe('?q=south'), {
      timeout: LIST_SEARCH_DELAY_MS * 4,
    });
    window.history.replaceState(null, '', '/');
  });
});

describe('useFirstRowNumber', () => {
  it('numbers the rows of the page shown, not of the page still loading', () => {
    const { result, rerender } = renderHook(
      ({ page, size, previous }: { page: number; size: number; previous: boolean }) =>
        useFirstRowNumber(page, size, previous),
      { initialProps: { page: 0, size: 10, previous: false } },
    );
    expect(result.current).toBe(1);
    // Page 3 asked for: page 1's rows stay on screen with their numbers.
    rerender({ page: 2, size: 10, previous: true });
    expect(result.current).toBe(1);
    rerender({ page: 2, size: 10, previous: false });
    expect(result.current).toBe(21);
    // A new size from the first page while page 3's rows are still shown.
    rerender({ page: 0, size: 20, previous: true });
    expect(result.current).toBe(21);
    rerender({ page: 0, size: 20, previous: false });
    expect(result.current).toBe(1);
  });
});
