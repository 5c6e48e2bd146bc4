import {
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import { PAGE_MAX } from '@palisade/domain/constants';

/** The search is written to the URL (and asked of the server) once typing pauses this long. */
export const LIST_SEARCH_DELAY_MS = 300;

/** The URL's names of a list's page (from 1), page size and search. */
export const LIST_PARAM = { page: 'page', size: 'size', search: 'q' } as const;

/** Longest search kept from a URL unless the list says otherwise (a pasted link cannot send an endless one). */
const SEARCH_MAX = 200;

/** How one filter of a list is read from its URL parameter: a value, or undefined when invalid. */
export interface ParamCodec<T extends string> {
  /** The value when the parameter is missing or invalid; never written to the URL. */
  fallback: T;
  parse: (raw: string) => T | undefined;
}

/** A filter that is one of `values` (a status, a sort, a kind), else `fallback`. */
export function oneOfParam<const T extends string>(
  values: readonly T[],
  fallback: NoInfer<T>,
): ParamCodec<T> {
  return { fallback, parse: (raw) => values.find((v) => v === raw) };
}

/** A filter that is a calendar day YYYY-MM-DD, else '' (none). */
export function dayParam(): ParamCodec<string> {
  return {
    fallback: '',
    parse: (raw) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
      const date = new Date(`${raw}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === raw
        ? raw
        : undefined;
    },
  };
}

/** A filter that is an id (a person, a company), else '' (any). */
export function idParam(): ParamCodec<string> {
  return { fallback: '', parse: (raw) => (/^[\w-]{1,100}$/.test(raw) ? raw : undefined) };
}

type Codecs<F extends Record<string, string>> = { readonly [K in keyof F]: ParamCodec<F[K]> };

export interface ListParamsOptions<S extends number, F extends Record<string, string>> {
  /** The list's page sizes; a size in the URL that is not one of them reads as the default. */
  sizes: readonly S[];
  /** The size without one in the URL; the first of `sizes` when not given. */
  defaultSize?: NoInfer<S>;
  /** The list's own filters, each under its own name in the URL. */
  filters?: Codecs<F>;
  /** The longest search the list's call takes (its schema's limit); a longer one in the URL is cut. */
  searchMax?: number;
}

export interface ListParams<S extends number, F extends Record<string, string>> {
  /** The page shown, from 0 (the URL's `page` counts from 1). */
  page: number;
  pageSize: S;
  /** What the search box shows: the user's typing, ahead of the URL while it settles. */
  search: string;
  /** The search in the URL, trimmed: what the list asks for. */
  query: string;
  /** Typing not yet in the URL (the rows are about to change). */
  searchPending: boolean;
  filters: F;
  /** Another page: a new history entry, so Back returns to this one. */
  setPage: (page: number) => void;
  /** Another size (one of the list's; any other is ignored): a new history entry, from the first page. */
  setPageSize: (size: number) => void;
  /** The search box's text: in the URL once typing pauses (replacing the entry), from the first page. */
  setSearch: (text: string) => void;
  /** Some filters changed: a new history entry, from the first page. */
  setFilters: (next: Partial<F>) => void;
  /**
   * The page past the end of a list that shrank (or of a link to page 99): the last page instead,
   * replacing the entry. Call it with the list's total once known.
   */
  fitPage: (total: number) => void;
}

const EMPTY_CODECS = {};

function parsePage(raw: string | null): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 0;
  return Math.min(PAGE_MAX, Math.max(1, Number(raw))) - 1;
}

function parseSize<S extends number>(raw: string | null, sizes: readonly S[], fallback: S): S {
  if (raw === null || !/^\d{1,4}$/.test(raw)) return fallback;
  return sizes.find((s) => s === Number(raw)) ?? fallback;
}

function parseFilters<F extends Record<string, string>>(
  params: URLSearchParams,
  codecs: Codecs<F>,
): F {
  const out: Record<string, string> = {};
  for (const key of Object.keys(codecs)) {
    const codec: ParamCodec<string> | undefined = codecs[key];
    if (!codec) continue;
    const raw = params.get(key);
    out[key] = (raw === null ? undefined : codec.parse(raw)) ?? codec.fallback;
  }
  // Every key of the codecs has its value: the object is an F.
  return out as F;
}

/** Sets `name` to `value`, or removes it when it is the default (URLs stay short). */
function put(params: URLSearchParams, name: string, value: string, fallback: string): void {
  if (value === fallback) params.delete(name);
  else params.set(name, value);
}

/**
 * A paged list's page, page size, search and filters, kept in the URL (`?page=2&size=20&q=north`
 * and each filter under its own name), so that Back, a reload or a shared link shows the same
 * place. A page, size or filter change pushes a history entry; the search replaces the entry once
 * typing has paused for LIST_SEARCH_DELAY_MS and starts again at the first page. Missing or
 * invalid values (page=abc, a size the list does not offer, an unknown filter) read as the
 * defaults, which are never written. Other parameters of the URL are kept.
 */
export function useListParams<
  S extends number,
  F extends Record<string, string> = Record<never, string>,
>(options: ListParamsOptions<S, F>): ListParams<S, F> {
  const { sizes } = options;
  const firstSize = sizes[0];
  if (firstSize === undefined) throw new Error('useListParams needs at least one page size');
  const defaultSize = options.defaultSize ?? firstSize;
  const codecs = (options.filters ?? EMPTY_CODECS) as Codecs<F>;
  const searchMax = options.searchMax ?? SEARCH_MAX;
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  // Where the router is going. A move to another screen renders in a transition: while the next
  // screen's code loads, this list stays on screen (useLocation is still its address) though the
  // router's address is already the next screen's. A search that settles then must not write its
  // URL over that move (Back would lose the company just opened). React Router has no public
  // hook for the address ahead of the screen: a data router shows it in its state (its UNSAFE_
  // context); the app's declarative router follows the browser's history, whose address moves
  // first (app/app-router.tsx).
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const onScreen = useRef(pathname);
  const followsWindow = useRef(false);
  useLayoutEffect(() => {
    onScreen.current = pathname;
    followsWindow.current = window.location.pathname === pathname;
  }, [pathname]);
  /** The router has left this list's address, or is on its way elsewhere. */
  const leaving = useCallback((): boolean => {
    if (dataRouter) {
      const { location, navigation } = dataRouter.router.state;
      return (
        location.pathname !== onScreen.current ||
        (navigation.location !== undefined && navigation.location.pathname !== onScreen.current)
      );
    }
    return followsWindow.current && window.location.pathname !== onScreen.current;
  }, [dataRouter]);
  // Several changes in one event (a size and then its first page) build on each other, not each
  // on the render's URL; a change that leaves the URL as it is navigates nowhere.
  const latest = useRef(params);
  const seen = useRef(params);
  if (seen.current !== params) {
    seen.current = params;
    latest.current = params;
  }
  const setRef = useRef(setParams);
  setRef.current = setParams;
  /** The URL this list last asked for, until it has arrived (to tell it from Back or a link). */
  const written = useRef<string | null>(null);
  const navigate = useCallback(
    (change: (next: URLSearchParams) => void, replace: boolean) => {
      // A move elsewhere is under way: nothing of the list to write (it would undo that move).
      if (leaving()) return;
      const next = new URLSearchParams(latest.current);
      change(next);
      if (next.toString() === latest.current.toString()) return;
      latest.current = next;
      written.current = next.toString();
      setRef.current(next, { replace });
    },
    [leaving],
  );

  const page = parsePage(params.get(LIST_PARAM.page));
  const pageSize = parseSize(params.get(LIST_PARAM.size), sizes, defaultSize);
  const query = (params.get(LIST_PARAM.search) ?? '').trim().slice(0, searchMax);
  const filterKey = Object.keys(codecs)
    .map((k) => `${k}=${params.get(k) ?? ''}`)
    .join('&');
  // Recomputed only when one of the filters' parameters changed: the object stays the same.
  const filters = useMemo(() => parseFilters(params, codecs), [filterKey]);

  // The box follows the URL when it changes under it (Back, a link), dropping the typing that had
  // not settled; the URL's answer to this list's own change leaves the box as the user has it.
  const [search, setSearchText] = useState(query);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const own = params.toString() === written.current;
    written.current = null;
    if (own) return;
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    setSearchText((text) => (text.trim() === query ? text : query));
  }, [params, query]);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const setSearch = useCallback(
    (text: string) => {
      setSearchText(text);
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        const settled = text.trim().slice(0, searchMax);
        navigate((next) => {
          if (settled === (next.get(LIST_PARAM.search) ?? '').trim()) return;
          put(next, LIST_PARAM.search, settled, '');
          next.delete(LIST_PARAM.page);
        }, true);
      }, LIST_SEARCH_DELAY_MS);
    },
    [navigate, searchMax],
  );

  const setPage = useCallback(
    (to: number) =>
      navigate((next) => put(next, LIST_PARAM.page, String(Math.max(0, to) + 1), '1'), false),
    [navigate],
  );

  const setPageSize = useCallback(
    (size: number) => {
      if (!sizes.some((s) => s === size)) return;
      navigate((next) => {
        put(next, LIST_PARAM.size, String(size), String(defaultSize));
        next.delete(LIST_PARAM.page);
      }, false);
    },
    [navigate, sizes, defaultSize],
  );

  const setFilters = useCallback(
    (changed: Partial<F>) =>
      navigate((next) => {
        for (const key of Object.keys(changed)) {
          const value = changed[key];
          const codec: ParamCodec<string> | undefined = codecs[key];
          if (value === undefined || !codec) continue;
          put(next, key, value, codec.fallback);
        }
        next.delete(LIST_PARAM.page);
      }, false),
    [navigate, codecs],
  );

  const fitPage = useCallback(
    (total: number) => {
      const last = Math.max(0, Math.ceil(total / pageSize) - 1);
      if (page > last) navigate((next) => put(next, LIST_PARAM.page, String(last + 1), '1'), true);
    },
    [navigate, page, pageSize],
  );

  return {
    page,
    pageSize,
    search,
    query,
    searchPending: search.trim() !== query,
    filters,
    setPage,
    setPageSize,
    setSearch,
    setFilters,
    fitPage,
  };
}

/**
 * The number of the first row shown (from 1). While the next page loads the previous page's rows
 * stay on screen (keepPreviousData): they keep their own numbers until the new rows replace them,
 * instead of being numbered as the page asked for and jumping back when it arrives.
 */
export function useFirstRowNumber(page: number, pageSize: number, showingPrevious: boolean): number {
  const [shown, setShown] = useState({ page, pageSize });
  const current = !showingPrevious && (shown.page !== page || shown.pageSize !== pageSize);
  // React's "adjust state while rendering": the rows of this page are on screen now.
  if (current) setShown({ page, pageSize });
  const at = showingPrevious ? shown : { page, pageSize };
  return at.page * at.pageSize + 1;
}
