import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages } from '@palisade/domain/messages';
import { useMe } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage, renderRoutes } from '../../../test/render';
import { EmployeesPage } from '../pages/employees-page';
import { employee } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

const m = messages.employees;

function SignedIn({ children }: { children: ReactNode }) {
  return useMe().data ? children : null;
}


const me = { data: makeProfile() };

describe('EmployeesPage', () => {
  it('shows the server page with Sr.No., status and actions; searches and pages through the server', async () => {
    const asked: { search: string; page: number; pageSize: number }[] = [];
    mockFetch({
      '/api/auth/me': me,
      '/api/contractor/getEmployees': (body) => {
        const q = body as { search: string; page: number; pageSize: number };
        asked.push(q);
        if (q.search === 'zed') return { data: { total: 0, data: [] } };
        const first = (q.page - 1) * q.pageSize + 1;
        const count = Math.min(q.pageSize, 12 - first + 1);
        return {
          data: {
            total: 12,
            data: Array.from({ length: count }, (_, i) =>
              employee(first + i, {
                isActive: first + i !== 2,
                invitationAccepted: first + i !== 3,
                mobile: first + i === 1 ? '+919876500001' : null,
              }),
            ),
          },
        };
      },
    });
    renderPage(
      <SignedIn>
        <EmployeesPage />
      </SignedIn>,
    );
    const table = await screen.findByRole('table', { name: m.tableLabel });
    await within(table).findByText('Worker A');
    expect(asked[0]).toEqual({ search: '', page: 1, pageSize: 10 });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11); // head + 10
    expect(within(rows[1] as HTMLElement).getByText('+919876500001')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText(m.disabled)).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText(m.invited)).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText(m.active)).toBeTruthy();
    expect(screen.getByRole('button', { name: m.editLabel('Worker A') })).toBeTruthy();
    expect(screen.getByRole('switch', { name: m.enableLabel('Worker B') })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ search: '', page: 2, pageSize: 10 }));
    expect(await screen.findByText('11')).toBeTruthy(); // Sr.No. goes on across pages

    await userEvent.type(screen.getByLabelText(m.search), 'zed');
    await waitFor(() => expect(asked.at(-1)).toEqual({ search: 'zed', page: 1, pageSize: 10 }));
    expect(await screen.findByText(m.empty)).toBeTruthy();
  });

  it('keeps the page, size and search in the URL: read on load, written on change, Back returns', async () => {
    const asked: { search: string; page: number; pageSize: number }[] = [];
    mockFetch({
      '/api/auth/me': me,
      '/api/contractor/getEmployees': (body) => {
        const q = body as { search: string; page: number; pageSize: number };
        asked.push(q);
        const first = (q.page - 1) * q.pageSize + 1;
        const total = q.search === '' ? 45 : 65;
        const count = Math.max(0, Math.min(q.pageSize, total - first + 1));
        return {
          data: { total, data: Array.from({ length: count }, (_, i) => employee(first + i)) },
        };
      },
    });
    const { router } = renderRoutes(
      [
        {
          path: '/atgl/Contractor/account/employees',
          element: (
            <SignedIn>
              <EmployeesPage />
            </SignedIn>
          ),
        },
      ],
      '/atgl/Contractor/account/employees?page=2&size=20&q=worker',
    );
    const table = await screen.findByRole('table', { name: m.tableLabel });
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]?.firstElementChild?.textContent).toBe('21'),
    );
    expect(asked[0]).toEqual({ search: 'worker', page: 2, pageSize: 20 });
    const box = screen.getByLabelText<HTMLInputElement>(m.search);
    expect(box.value).toBe('worker');

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(router.state.location.search).toBe('?page=3&size=20&q=worker');
    await waitFor(() => expect(asked.at(-1)).toEqual({ search: 'worker', page: 3, pageSize: 20 }));

    // Typing replaces the entry once it pauses, from the first page.
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe('?size=20'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ search: '', page: 1, pageSize: 20 }));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2&size=20&q=worker');
    await waitFor(() => expect(box.value).toBe('worker'));
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]?.firstElementChild?.textContent).toBe('21'),
    );
  });

  it('offers 10, 20 and 30 rows a page', async () => {
    const asked: unknown[] = [];
    mockFetch({
      '/api/auth/me': me,
      '/api/contractor/getEmployees': (body) => {
        asked.push(body);
        return { data: { total: 1, data: [employee(1)] } };
      },
    });
    renderPage(
      <SignedIn>
        <EmployeesPage />
      </SignedIn>,
    );
    await screen.findByRole('table', { name: m.tableLabel });
    await userEvent.click(screen.getByRole('combobox'));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['10', '20', '30']);
    await userEvent.click(screen.getByRole('option', { name: '30' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ search: '', page: 1, pageSize: 30 }));
  });

  it('adds an employee with the form checked by the domain schema', async () => {
    let created: unknown;
    mockFetch({
      '/api/auth/me': me,
      '/api/contractor/getEmployees': { data: { total: 0, data: [] } },
      '/api/contractor/createEmployee': (body) => {
        created = body;
        return { message: m.added, data: { ...employee(1), invitationSent: true } };
      },
    });
    renderPage(
      <SignedIn>
        <EmployeesPage />
      </SignedIn>,
    );
    await userEvent.click(await screen.findByRole('button', { name: m.addEmployee }));
    const dialog = await screen.findByRole('dialog', { name: m.addEmployee });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Agent 007');
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'not-an-email');
    await userEvent.type(within(dialog).getByLabelText(/^Mobile/), '123');
    await userEvent.click(within(dialog).getByRole('button', { name: m.add }));
    expect(await within(dialog).findByText(messages.users.nameInvalid)).toBeTruthy();
    expect(within(dialog).getByText(messages.users.validEmail)).toBeTruthy();
    expect(within(dialog).getByText(m.mobileInvalid)).toBeTruthy();
    expect(created).toBeUndefined();

    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'Jamie Watt');
    const email = within(dialog).getByLabelText(/^E-mail/);
    await userEvent.clear(email);
    await userEvent.type(email, 'jamie@field.test');
    const mobile = within(dialog).getByLabelText(/^Mobile/);
    await userEvent.clear(mobile);
    await userEvent.type(mobile, '9876500001');
    await userEvent.click(within(dialog).getByRole('button', { name: m.add }));
    await waitFor(() =>
      expect(created).toEqual({
        name: 'Jamie Watt',
        email: 'jamie@field.test',
        mobile: '9876500001',
        code: '',
      }),
    );
    expect(await screen.findByText(m.added)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.addEmployee })).toBeNull());
  });

  it('asks before disabling and sends the change', async () => {
    let changed: unknown;
    mockFetch({
      '/api/auth/me': me,
      '/api/contractor/getEmployees': { data: { total: 1, data: [employee(1)] } },
      '/api/contractor/changeEmployeeStatus': (body) => {
        changed = body;
        return { data: employee(1, { isActive: false }) };
      },
    });
    renderPage(
      <SignedIn>
        <EmployeesPage />
      </SignedIn>,
    );
    await userEvent.click(await screen.findByRole('switch', { name: m.disableLabel('Worker A') }));
    const confirm = await screen.findByRole('dialog', { name: m.confirmTitle });
    expect(within(confirm).getByText(messages.users.confirmToggle(false))).toBeTruthy();
    expect(changed).toBeUndefined();
    await userEvent.click(within(confirm).getByRole('button', { name: m.yes }));
    await waitFor(() => expect(changed).toEqual({ employeeId: 'e1', disable: true }));
    expect(await screen.findByText(m.toggled(false))).toBeTruthy();
  });
});
