import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry, AuditListReply } from '@palisade/domain/audit/audit.schema';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage, renderRoutes } from '../../../test/render';
import { objectLink } from '../object-link';
import { ActivityPage } from '../pages/activity-page';
import { auditRow } from './fixtures';

afterEach(() => vi.unstubAllGlobals());


const reply = (rows: AuditEntry[], total = rows.length): AuditListReply => ({
  rows,
  total,
  actors: [
    { id: 'o1', name: 'Dana Admin', type: 2 },
    { id: 'c1', name: 'North Sea Scaffolding', type: 3 },
  ],
});

describe('ActivityPage', () => {
  it('shows When, Who, the action as a sentence, What with its Details and a link; filters by person, kind and DD/MM/YYYY days; pages through the server', async () => {
    const asked: Record<string, unknown>[] = [];
    mockFetch({
      '/api/audit/list': (body) => {
        const b = body as Record<string, unknown>;
        asked.push(b);
        return { data: reply([auditRow(1), auditRow(2, { actorId: 'o1', actorName: 'Dana Admin', actorType: 2, action: 'contractor.create', entity: 'user', entityId: 'u9', before: null, after: { name: 'Fresh Ltd' } })], 12) };
      },
    });
    renderPage(<ActivityPage />, '/sapphire/activity');
    const rows = await screen.findAllByTestId(/^activity-(row|item)$/);
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    if (!first || !second) throw new Error('no rows');
    expect(within(first).getByText('Submitted the response')).toBeTruthy();
    expect(first.textContent).toContain('North Sea Scaffolding (Contractor)');
    // The before and after behind Details, by names: no code, no JSON, no id.
    const details = within(first).getByText('Details');
    expect(details.closest('details')?.open).toBe(false);
    await userEvent.click(details);
    expect(details.closest('details')?.open).toBe(true);
    expect(within(first).getByText('Status: Pending → Submitted')).toBeTruthy();
    expect(within(second).getByText('Added contractor Fresh Ltd')).toBeTruthy();
    for (const r of rows) {
      expect(r.textContent).not.toMatch(/[{}]|PENDING|SUBMITTED|Response: change status|Contractor: create|u9|r1\b/);
    }
    expect(screen.getByRole('link', { name: /^Open Response: Submitted the response, / }).getAttribute('href')).toBe('/sapphire/Cap_AssesmentView/r1');
    expect(screen.getByRole('link', { name: /^Open Account: Added contractor Fresh Ltd, / }).getAttribute('href')).toBe('/sapphire/ViewCompany?id=u9');
    expect(asked[0]).toEqual({ page: 1, pageSize: 10 });

    await userEvent.selectOptions(screen.getByLabelText('Person'), 'c1');
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, pageSize: 10, actorId: 'c1' }));
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'response');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ actorId: 'c1', entity: 'response' }));
    // From and To: DD/MM/YYYY date fields, typed day, month, year.
    const from = screen.getByRole('group', { name: 'From' });
    const fromDay = within(from).getAllByRole('spinbutton')[0];
    if (!fromDay) throw new Error('no From field');
    await userEvent.click(fromDay);
    await userEvent.keyboard('01112026');
    await waitFor(() => expect(typeof asked.at(-1)?.from).toBe('string'));
    const sentFrom = new Date(String(asked.at(-1)?.from));
    expect([sentFrom.getDate(), sentFrom.getMonth() + 1, sentFrom.getFullYear(), sentFrom.getHours()]).toEqual([1, 11, 2026, 0]);
    expect((from.closest('.MuiFormControl-root')?.querySelector('input') as HTMLInputElement | null)?.value).toBe('01/11/2026');
    const toDay = within(screen.getByRole('group', { name: 'To' })).getAllByRole('spinbutton')[0];
    if (!toDay) throw new Error('no To field');
    await userEvent.click(toDay);
    await userEvent.keyboard('03112026');
    await waitFor(() => expect(typeof asked.at(-1)?.to).toBe('string'));
    const sentTo = new Date(String(asked.at(-1)?.to));
    expect([sentTo.getDate(), sentTo.getMonth() + 1, sentTo.getHours(), sentTo.getMinutes()]).toEqual([3, 11, 23, 59]);

    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 2, actorId: 'c1', entity: 'response' }));
  });

  it('reads the page, size and filters from the URL; a filter or page change is a new entry that Back undoes', async () => {
    const asked: Record<string, unknown>[] = [];
    mockFetch({
      '/api/audit/list': (body) => {
        asked.push(body as Record<string, unknown>);
        return { data: reply([auditRow(1)], 60) };
      },
    });
    const { router } = renderRoutes(
      [{ path: '/sapphire/activity', element: <ActivityPage /> }],
      '/sapphire/activity?page=2&size=20&who=c1&kind=response&from=2026-11-01',
    );
    await screen.findAllByTestId(/^activity-(row|item)$/);
    expect(asked[0]).toMatchObject({ page: 2, pageSize: 20, actorId: 'c1', entity: 'response' });
    const from = new Date(String(asked[0]?.from));
    expect([from.getDate(), from.getMonth() + 1, from.getFullYear(), from.getHours()]).toEqual([1, 11, 2026, 0]);
    expect(asked[0]?.to).toBeUndefined();
    expect(screen.getByLabelText<HTMLSelectElement>('Person').value).toBe('c1');
    expect(screen.getByLabelText<HTMLSelectElement>('Kind').value).toBe('response');

    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'user');
    // A new filter: from the first page.
    expect(router.state.location.search).toBe('?size=20&who=c1&kind=user&from=2026-11-01');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ page: 1, entity: 'user' }));
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(router.state.location.search).toBe('?size=20&who=c1&kind=user&from=2026-11-01&page=2');

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2&size=20&who=c1&kind=response&from=2026-11-01');
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Kind').value).toBe('response'));

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(router.state.location.search).toBe('?size=20');
    await waitFor(() => expect(asked.at(-1)).toEqual({ page: 1, pageSize: 20 }));
  });

  it('reads an unknown kind, a bad day and a bad page in the URL as none, without an error', async () => {
    const asked: Record<string, unknown>[] = [];
    mockFetch({
      '/api/audit/list': (body) => {
        asked.push(body as Record<string, unknown>);
        return { data: reply([auditRow(1)]) };
      },
    });
    renderRoutes(
      [{ path: '/sapphire/activity', element: <ActivityPage /> }],
      '/sapphire/activity?page=abc&size=7&kind=planet&from=2026-13-45&who=%3Cscript%3E',
    );
    await screen.findAllByTestId(/^activity-(row|item)$/);
    expect(asked[0]).toEqual({ page: 1, pageSize: 10 });
  });

  it('exports the filtered rows through POST /api/audit/export and saves the file', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(globalThis.URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetchMock = mockFetch({ '/api/audit/list': { data: reply([auditRow(1)]) } });
    const inner = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (input === '/api/audit/export') {
        return new Response('\uFEFFWhen,Who\r\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="activity-2026-11-03.csv"' },
        });
      }
      if (!inner) throw new Error('no fetch');
      return inner(input, init);
    });
    renderPage(<ActivityPage />, '/sapphire/activity');
    await screen.findAllByTestId(/^activity-(row|item)$/);
    await userEvent.selectOptions(screen.getByLabelText('Person'), 'c1');
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['activity-2026-11-03.csv']));
    const call = fetchMock.mock.calls.find(([input]) => input === '/api/audit/export');
    const sent = call?.[1]?.body;
    expect(typeof sent === 'string' ? JSON.parse(sent) : null).toEqual({ actorId: 'c1' });
    click.mockRestore();
  });

  it('links only objects that have a page', () => {
    expect(objectLink({ entity: 'chat_message', entityId: 'm1', action: 'chat.sendMessage' })).toBeNull();
    expect(objectLink({ entity: 'user', entityId: 'u1', action: 'tpi.edit' })).toBe('/sapphire/ViewAuditor?id=u1');
    expect(objectLink({ entity: 'user', entityId: 'u1', action: 'contractor.delete' })).toBeNull();
    expect(objectLink({ entity: 'observation', entityId: 'o 1', action: 'observation.create' })).toBe('/sapphire/OnlyViewObservation?id=o%201');
  });
});
