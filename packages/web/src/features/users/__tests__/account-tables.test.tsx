import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usersMessages } from '@palisade/domain/messages/users';
import { pageWindow } from '../../../components/data-table';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { AuditorsPage } from '../pages/auditors-page';
import { CompaniesPage } from '../pages/companies-page';
import { makeProfile } from '../../../test/fixtures';
import { companiesServer, SignedIn } from './companies-server';
import { isDisabled, makeAuditor, makeCompany } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('auditors table', () => {
  const auditors = [
    makeAuditor({ _id: 'a1', name: 'Safeguard Inspections' }),
    makeAuditor({
      _id: 'a2',
      name: 'Dormant Audits',
      email: 'dormant@example.com',
      contactPersonName: 'Pat Quinn',
      isActive: false,
    }),
  ];

  it('greys an inactive row and disables its edit, delete and view, not its switch', async () => {
    mockFetch({ '/api/tpi/getAllTpis': { data: auditors } });
    renderPage(<AuditorsPage />, '/sapphire/users');
    await screen.findByText('Dormant Audits');

    const inactive = rowOf('Dormant Audits');
    expect(inactive.getAttribute('data-inactive')).toBe('true');
    for (const label of ['Edit', 'Delete', 'View']) {
      expect(isDisabled(screen.getByLabelText(`${label} Dormant Audits`))).toBe(true);
    }
    const enable = screen.getByRole('switch', { name: 'Enable Dormant Audits' });
    expect(isDisabled(enable)).toBe(false);
    expect((enable as HTMLInputElement).checked).toBe(false);

    const active = rowOf('Safeguard Inspections');
    expect(active.hasAttribute('data-inactive')).toBe(false);
    for (const label of ['Edit', 'Delete', 'View']) {
      expect(isDisabled(screen.getByLabelText(`${label} Safeguard Inspections`))).toBe(false);
    }
    expect(
      screen.getByRole('link', { name: 'Edit Safeguard Inspections' }).getAttribute('href'),
    ).toBe('/sapphire/EditAuditor?id=a1');
  });

  it('shows the spec columns and filters every column with the search box', async () => {
    mockFetch({ '/api/tpi/getAllTpis': { data: auditors } });
    renderPage(<AuditorsPage />, '/sapphire/users');
    const table = await screen.findByRole('table', { name: 'Auditors' });
    await within(table).findByText('Safeguard Inspections');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'S.no',
      'Organization',
      'Mobile',
      'E-mail',
      'Contact Person',
      'Actions',
    ]);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'pat q');
    expect(within(table).queryByText('Safeguard Inspections')).toBeNull();
    expect(within(table).getByText('Dormant Audits')).toBeTruthy();

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody at all');
    expect(within(table).getByText('No Data Available')).toBeTruthy();
  });

  it('shows 5 rows a page by default, numbered across pages', async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      makeAuditor({ _id: `a${i}`, name: `Auditor ${'ABCDEFG'[i]}`, email: `a${i}@example.com` }),
    );
    mockFetch({ '/api/tpi/getAllTpis': { data: many } });
    renderPage(<AuditorsPage />, '/sapphire/users');
    const table = await screen.findByRole('table', { name: 'Auditors' });
    await within(table).findByText('Auditor A');
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    // Numbered pages (spec §2.7), the current one marked.
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 2);
    expect(rowOf('Auditor F').firstElementChild?.textContent).toBe('6');
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows up to 6 numbered pages, a window around the current one', () => {
    expect(pageWindow(0, 3, 6)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 20, 6)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20, 6)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(pageWindow(19, 20, 6)).toEqual([14, 15, 16, 17, 18, 19]);
  });

  it('asks before disabling, then sends disable: true', async () => {
    let body: unknown;
    mockFetch({
      '/api/tpi/getAllTpis': { data: auditors },
      '/api/tpi/changeTpiAccStatus': (b) => {
        body = b;
        return { data: { ...auditors[0], isActive: false } };
      },
    });
    renderPage(<AuditorsPage />, '/sapphire/users');
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Disable Safeguard Inspections' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('You want to disable this user');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(body).toEqual({ tpiId: 'a1', disable: true }));
    expect(await screen.findByText('Auditor Disabled Successfully')).toBeTruthy();
  });

  it('says that the switch of a shared auditor acts for this organisation only', async () => {
    let body: unknown;
    const shared = makeAuditor({ _id: 'a3', name: 'Northern Audit Partners', sharedAccount: true });
    mockFetch({
      '/api/tpi/getAllTpis': { data: [...auditors, shared] },
      '/api/tpi/changeTpiAccStatus': (b) => {
        body = b;
        return { data: { ...shared, isActive: false } };
      },
    });
    renderPage(<AuditorsPage />, '/sapphire/users');
    await userEvent.click(
      await screen.findByRole('switch', { name: 'Disable Northern Audit Partners' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(usersMessages.confirmToggleShared(false));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(body).toEqual({ tpiId: 'a3', disable: true }));
    expect(await screen.findByText('Auditor Disabled Successfully')).toBeTruthy();
  });

  it('asks before deleting with the spec text; Cancel sends nothing', async () => {
    const fetchMock = mockFetch({ '/api/tpi/getAllTpis': { data: auditors } });
    renderPage(<AuditorsPage />, '/sapphire/users');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Delete Safeguard Inspections' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure,You want to delete Safeguard Inspections?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('companies table', () => {
  it('shows the spec columns, and Enable on an inactive company asks with the enable text', async () => {
    mockFetch({
      '/api/auth/me': { data: makeProfile({ type: 2 }) },
      '/api/contractor/searchContractors': companiesServer([
        makeCompany(),
        makeCompany({
          _id: 'c2',
          name: 'Quiet Works',
          emailid: 'q@example.com',
          isActive: false,
        }),
      ]).handler,
      // Each company's overall compliance state (issue 57), in its own column.
      '/api/compliance/getOverallStates': { data: { states: { c2: 'NOT_COMPLIANT' } } },
    });
    renderPage(
      <SignedIn>
        <CompaniesPage />
      </SignedIn>,
      '/sapphire/companies',
    );
    const table = await screen.findByRole('table', { name: 'Companies' });
    await within(table).findByText('Quiet Works');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['S.no', 'Company Name', 'Location', 'E-mail', 'Contact Person', 'Compliance', 'Trend', 'Actions']);
    expect(await within(table).findByText('Not compliant')).toBeTruthy();
    expect(isDisabled(screen.getByLabelText('View Quiet Works'))).toBe(true);
    await userEvent.click(screen.getByRole('switch', { name: 'Enable Quiet Works' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      'You want to enable this user',
    );
  });

  it('asks to enable a shared company disabled here for this organisation only', async () => {
    mockFetch({
      '/api/auth/me': { data: makeProfile({ type: 2 }) },
      '/api/contractor/searchContractors': companiesServer([
        makeCompany({ _id: 'c3', name: 'Shared Works', isActive: false, sharedAccount: true }),
      ]).handler,
    });
    renderPage(
      <SignedIn>
        <CompaniesPage />
      </SignedIn>,
      '/sapphire/companies',
    );
    await userEvent.click(await screen.findByRole('switch', { name: 'Enable Shared Works' }));
    expect((await screen.findByRole('dialog')).textContent).toContain(
      usersMessages.confirmToggleShared(true),
    );
  });
});
