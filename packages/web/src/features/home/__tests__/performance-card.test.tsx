import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PerformanceRow } from '@palisade/domain/dashboards/dashboard.schema';
import { contractorSearchHandlers, makeContractor } from '../../../test/contractor-search';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { PerformanceCard } from '../components/performance-card';

afterEach(() => vi.unstubAllGlobals());

const PERF = '/api/assessment/responses/getCapPerformanceData';
const row = (id: string, scored: number, total: number): PerformanceRow => ({ contractorId: id, contractorName: id, location: 'Dundee', scored, total });

function render() {
  const bodies: { from: string; to: string; location?: string }[] = [];
  mockFetch({
    // The locations with their counts (issue 63): not every contractor.
    ...contractorSearchHandlers([
      makeContractor({ _id: 'c1', name: 'A', location: 'Dundee' }),
      makeContractor({ _id: 'c2', name: 'B', location: 'Aberdeen' }),
    ]),
    [PERF]: (b) => {
      const body = b as { from: string; to: string; location?: string };
      bodies.push(body);
      // February 2024 (one day): 80 %; the rest of the time 40 % and 20 %.
      return { data: body.from === '2024-02-29' ? [row('c1', 8, 10)] : [row('c1', 4, 10), row('c2', 2, 10)] };
    },
  });
  renderPage(<PerformanceCard companyId="org1" />);
  return bodies;
}

async function pick(scope: HTMLElement, label: RegExp, option: string) {
  await userEvent.click(within(scope).getByRole('combobox', { name: label }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('Performance card', () => {
  it('shows the month as a doughnut of the bands, and compares two periods once both are valid', async () => {
    const bodies = render();
    expect(await screen.findByRole('img', { name: /^Performance chart: Red Score: 1, Orange Score: 1, Green Score: 0/ })).toBeTruthy();
    expect(bodies[0]?.from.endsWith('-01')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Compare' }));
    // The popover's code comes when it is first opened.
    const dialog = await screen.findByRole('dialog', { name: 'Compare two periods' });
    const run = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Compare' });
    const [one, two] = within(dialog).getAllByRole('group') as [HTMLElement, HTMLElement];
    expect(run.disabled).toBe(true);
    await pick(one, /^Month/, 'Feb');
    await pick(one, /^Year/, '2024');
    // The day list follows the month's length: 29 days in February 2024.
    await userEvent.click(within(one).getByRole('combobox', { name: /^Date/ }));
    const days = within(screen.getByRole('listbox'));
    expect(days.getAllByRole('option').map((o) => o.textContent).slice(-1)).toEqual(['29']);
    await userEvent.click(days.getByRole('option', { name: '29' }));
    expect(run.disabled).toBe(true);
    await pick(two, /^Month/, 'Mar');
    await pick(two, /^Year/, '2025');
    expect(run.disabled).toBe(false);
    await userEvent.click(run);

    expect((await screen.findByTestId('compare-period-1-percent')).textContent).toBe('80%');
    expect((await screen.findByTestId('compare-period-2-percent')).textContent).toBe('30%');
    expect(screen.getByTestId('compare-difference').textContent).toContain('-50 pts');
    expect(bodies.some((b) => b.from === '2024-02-29' && b.to === '2024-02-29')).toBe(true);
    expect(bodies.some((b) => b.from === '2025-03-01' && b.to === '2025-03-31')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('compare-period-1')).toBeNull();
    expect(await screen.findByRole('img', { name: /^Performance chart/ })).toBeTruthy();
  });

  it('sends the chosen location', async () => {
    const bodies = render();
    await screen.findByRole('img', { name: /^Performance chart/ });
    // The browser's own list (a native select).
    const location = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Location' });
    expect(within(location).getAllByRole('option').map((o) => o.textContent)).toEqual(['All locations', 'Aberdeen', 'Dundee']);
    await userEvent.selectOptions(location, 'Dundee');
    expect(location.value).toBe('Dundee');
    await vi.waitFor(() => expect(bodies.at(-1)?.location).toBe('Dundee'));
  });
});
