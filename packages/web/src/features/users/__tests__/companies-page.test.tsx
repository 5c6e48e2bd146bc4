import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeProfile } from '../../../test/fixtures';
import { calledPaths, mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { AuditorsPage } from '../pages/auditors-page';
import { CompaniesPage } from '../pages/companies-page';
import { companiesServer, SignedIn } from './companies-server';
import { makeAuditor, makeCompany } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const me = { data: makeProfile({ type: 2 }) };

/** Twelve companies, "Company A" … "Company L", the odd ones in Aberdeen. */
const TWELVE = Array.from({ length: 12 }, (_, i) => {
  const letter = 'ABCDEFGHIJKL'.charAt(i);
  return makeCompany({
    _id: `c${i + 1}`,
    name: `Company ${letter}`,
    emailid: `c${i + 1}@example.com`,
    location: i % 2 === 0 ? 'Aberdeen' : 'Dundee',
  });
});

function renderCompanies(url = '/sapphire/companies') {
  return renderRoutes(
    [
      {
        path: '/sapphire/companies',
        element: (
          <SignedIn>
            <CompaniesPage />
          </SignedIn>
        ),
      },
      { path: '*', element: <p>elsewhere</p> },
    ],
    url,
  );
}

function firstCells(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.firstElementChild?.textContent ?? '');
}

describe('CompaniesPage: paged and searched by the server, kept in the URL', () => {
  it('reads page, size and search from the URL on its first load; S.no continues across pages', async () => {
    const server = companiesServer(TWELVE);
    mockFetch({ '/api/auth/me': me, '/api/contractor/searchContractors': server.handler });
    renderCompanies('/sapphire/companies?page=2&size=5&q=company');
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Company F');
    expect(server.asked).toEqual([{ companyId: 'org1', page: 2, pageSize: 5, search: 'company' }]);
    expect(firstCells(table)).toEqual(['6', '7', '8', '9', '10']);
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe(
      'company',
    );
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(screen.getByRole('status').textContent).toBe('6–10 of 12');
  });

  it('a page pushes ?page= and asks the server for it; Back shows the page before', async () => {
    const server = companiesServer(TWELVE);
    mockFetch({ '/api/auth/me': me, '/api/contractor/searchContractors': server.handler });
    const { router } = renderCompanies();
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Company A');
    expect(server.asked[0]).toEqual({ companyId: 'org1', page: 1, pageSize: 5 });

    await userEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(router.state.location.search).toBe('?page=3');
    await within(table).findByText('Company K');
    expect(firstCells(table)).toEqual(['11', '12']);
    expect(server.asked.at(-1)).toEqual({ companyId: 'org1', page: 3, pageSize: 5 });

    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('');
    await within(table).findByText('Company A');
    expect(firstCells(table)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('a new size pushes ?size= from the first page', async () => {
    const server = companiesServer(TWELVE);
    mockFetch({ '/api/auth/me': me, '/api/contractor/searchContractors': server.handler });
    const { router } = renderCompanies('/sapphire/companies?page=2');
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Company F');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '10');
    expect(router.state.location.search).toBe('?size=10');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(1 + 10));
    expect(server.asked.at(-1)).toEqual({ companyId: 'org1', page: 1, pageSize: 10 });
  });

  it('the search is sent once typing pauses, from the first page, and kept as ?q=', async () => {
    const server = companiesServer(TWELVE);
    mockFetch({ '/api/auth/me': me, '/api/contractor/searchContractors': server.handler });
    const { router } = renderCompanies('/sapphire/companies?page=2');
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Company F');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'dun' } });
    fireEvent.change(box, { target: { value: 'dundee' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=dundee'));
    await within(table).findByText('Company B');
    expect(firstCells(table)).toEqual(['1', '2', '3', '4', '5']);
    expect(within(table).queryByText('Company A')).toBeNull();
    // One call for what was typed before the pause, none for what came before it.
    expect(server.asked.slice(1)).toEqual([
      { companyId: 'org1', page: 1, pageSize: 5, search: 'dundee' },
    ]);
  });

  it('reloads the page on screen after a delete', async () => {
    const server = companiesServer(TWELVE);
    const fetchMock = mockFetch({
      '/api/auth/me': me,
      '/api/contractor/searchContractors': server.handler,
      '/api/contractor/deleteContractor': { data: { _id: 'c6' } },
    });
    renderCompanies('/sapphire/companies?page=2');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Company F' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.asked).toHaveLength(2));
    expect(server.asked[1]).toEqual({ companyId: 'org1', page: 2, pageSize: 5 });
    expect(calledPaths(fetchMock)).toContain('/api/contractor/deleteContractor');
  });

  it('a page past the end (a shrunk list, an old link) shows the last page instead', async () => {
    const server = companiesServer(TWELVE);
    mockFetch({ '/api/auth/me': me, '/api/contractor/searchContractors': server.handler });
    const { router } = renderCompanies('/sapphire/companies?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Company L');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('Export CSV reads every company when asked (not only the page), and not before', async () => {
    const server = companiesServer(TWELVE);
    const fetchMock = mockFetch({
      '/api/auth/me': me,
      '/api/contractor/searchContractors': server.handler,
      '/api/contractor/getAllContractors': { data: TWELVE },
    });
    const blobs: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(globalThis.URL, {
        createObjectURL: (blob: Blob) => {
          blobs.push(blob);
          return 'blob:x';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    renderCompanies();
    await screen.findByText('Company A');
    expect(calledPaths(fetchMock)).not.toContain('/api/contractor/getAllContractors');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await (blobs[0] as Blob).text();
    // The header and all twelve, though the table shows five.
    expect(text.trim().split('\r\n')).toHaveLength(13);
    expect(text).toContain('Company L');
  });
});

describe('AuditorsPage: paged in the browser, kept in the URL', () => {
  const seven = Array.from({ length: 7 }, (_, i) =>
    makeAuditor({
      _id: `a${i}`,
      name: `Auditor ${'ABCDEFG'.charAt(i)}`,
      email: `a${i}@example.com`,
    }),
  );

  function renderAuditors(url: string) {
    return renderRoutes(
      [
        { path: '/sapphire/users', element: <AuditorsPage /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      url,
    );
  }

  it('reads the page and search of the URL, and writes them', async () => {
    mockFetch({ '/api/tpi/getAllTpis': { data: seven } });
    const { router } = renderAuditors('/sapphire/users?page=2');
    const table = await screen.findByRole('table', { name: 'Auditors' });
    await within(table).findByText('Auditor F');
    expect(firstCells(table)).toEqual(['6', '7']);

    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(router.state.location.search).toBe('');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'a6@');
    // The table filters at once; the URL follows when typing pauses.
    expect(firstCells(table)).toEqual(['1']);
    await waitFor(() => expect(router.state.location.search).toBe('?q=a6%40'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search' }).value).toBe(''),
    );
    expect(firstCells(table)).toEqual(['6', '7']);
  });
});
