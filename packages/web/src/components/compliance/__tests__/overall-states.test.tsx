import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import Table from '@mui/material/Table';
import { messages } from '@palisade/domain/messages';
import { LeaderboardRows } from '../../engagement/leaderboard-rows';
import { mockFetch } from '../../../test/mock-fetch';
import { renderPage } from '../../../test/render';
import { OverallStateChip } from '../overall-state-chip';
import { useOverallStates } from '../use-overall-states';

afterEach(() => vi.unstubAllGlobals());

const labels = messages.compliance.overallLabels;

function Leaderboard({ companyId }: { companyId: string | null }) {
  const rows = [
    { _id: 'c2', rank: 1, name: 'Harbour Electrical', points: 80, own: false },
    { _id: 'c1', rank: 2, name: 'North Sea Scaffolding', points: 60, own: false },
    { _id: 'c3', rank: 3, name: 'Granite Civil', points: 30, own: false },
  ];
  const overall = useOverallStates(companyId, rows.map((r) => r._id));
  return (
    <Table aria-label="Leaderboard">
      <LeaderboardRows rows={rows} states={overall.data?.states} />
    </Table>
  );
}

describe('The overall compliance state beside a contractor in the organisation\'s lists', () => {
  it('asks getOverallStates once for the listed contractors and shows each one\'s state (none when unknown)', async () => {
    const asked: unknown[] = [];
    mockFetch({
      '/api/compliance/getOverallStates': (body) => {
        asked.push(body);
        return { data: { states: { c1: 'NOT_COMPLIANT', c2: 'COMPLIANT' } } };
      },
    });
    renderPage(<Leaderboard companyId="org1" />);
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    const row = (name: string) => {
      const found = within(table).getByText(name, { exact: false }).closest('tr');
      if (!found) throw new Error(`no row ${name}`);
      return found;
    };
    expect(await within(row('North Sea Scaffolding')).findByText(labels.NOT_COMPLIANT)).toBeTruthy();
    expect(within(row('Harbour Electrical')).getByText(labels.COMPLIANT)).toBeTruthy();
    expect(within(row('Granite Civil')).queryByText(/compliant/i)).toBeNull();
    expect(asked).toEqual([{ companyId: 'org1', contractorIds: ['c1', 'c2', 'c3'] }]);
  });

  it('asks nothing without an organisation (a contractor\'s anonymous leaderboard), and a failure opens no Error dialog', async () => {
    const fetchMock = mockFetch({ '/api/compliance/getOverallStates': { status: 500, message: 'boom' } });
    const { unmount } = renderPage(<Leaderboard companyId={null} />);
    expect(await screen.findByText('North Sea Scaffolding', { exact: false })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
    renderPage(<Leaderboard companyId="org1" />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(labels.COMPLIANT)).toBeNull();
  });

  it('the chip names its state for a title', () => {
    renderPage(<OverallStateChip states={{ c1: 'EXPIRING' }} contractorId="c1" />);
    expect(screen.getByTitle(`Compliance: ${labels.EXPIRING}`).textContent).toBe(labels.EXPIRING);
  });
});
