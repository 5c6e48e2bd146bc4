import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { messages } from '@palisade/domain/messages';
import type {
  ContractorOpenItemsReply,
  ContractorTrendReply,
  TrendPoint,
} from '@palisade/domain/trends/trends.schema';
import { SignedInProfileContext } from '../../../lib/session';
import { makeProfile } from '../../../test/fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderRoutes } from '../../../test/render';
import { ContractorTrendPage } from '../pages/contractor-trend-page';

afterEach(() => vi.unstubAllGlobals());

const m = messages.trends;
const organisation = makeProfile({ type: 2, _id: 'org1', cmp_id: 'org1', name: 'Dana Admin' });

function As({ children }: { children: ReactNode }) {
  return (
    <SignedInProfileContext.Provider value={organisation}>
      {children}
    </SignedInProfileContext.Provider>
  );
}

const factor = (percent: number | null) => ({
  scored: percent ?? 0,
  total: percent === null ? 0 : 100,
  percent,
});
function point(
  id: string,
  label: string,
  roundLabel: string | null,
  percent: number,
  band: TrendPoint['band'],
): TrendPoint {
  return {
    responseId: id,
    assessmentId: 'a1',
    assessmentName: 'Site check',
    roundNumber: 1,
    roundLabel,
    label,
    completedAt: '2027-07-20T10:00:00.000Z',
    scored: percent,
    total: 100,
    percent,
    band,
    esgo: {
      environment: factor(percent),
      social: factor(null),
      governance: factor(percent),
      others: factor(null),
    },
  };
}

const TREND: ContractorTrendReply = {
  contractor: { _id: 'c1', name: 'North Sea Scaffolding', companyId: 'org1' },
  points: [
    point('r1', 'Site check · 20/04/2027', null, 35, 'RED'),
    point('r2', 'Q3 2027', 'Q3 2027', 80, 'GREEN'),
  ],
  truncated: false,
};
const ITEMS: ContractorOpenItemsReply = {
  rejected: [
    {
      responseId: 'r3',
      assessmentName: 'Fire check',
      roundLabel: null,
      categoryId: 'cat1',
      categoryName: 'Fire Risk Assessment',
      questionId: 'q1',
      questText: 'Is there a fire risk assessment?',
      remarks: 'Attach it',
    },
  ],
  rejectedTotal: 1,
  observations: [],
  observationsTotal: 0,
};

describe('Contractor trend page', () => {
  it('shows the score per round with its figures, each round linked to its response, and the open items', async () => {
    const asked: unknown[] = [];
    mockFetch({
      '/api/trends/getContractorTrend': (body) => {
        asked.push(body);
        return { data: TREND };
      },
      '/api/trends/getContractorOpenItems': { data: ITEMS },
    });
    renderRoutes(
      [
        {
          path: '/sapphire/contractors/:contractorId',
          element: (
            <As>
              <ContractorTrendPage />
            </As>
          ),
        },
      ],
      '/sapphire/contractors/c1',
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: m.heading('North Sea Scaffolding') }),
    ).toBeTruthy();
    expect(asked).toEqual([{ contractorId: 'c1', companyId: 'org1' }]);
    const chart = screen.getByTestId('score-trend-chart');
    expect(chart.getAttribute('aria-label')).toBe(
      `${m.scoreChartLabel('North Sea Scaffolding')}: Site check · 20/04/2027: 35%; Q3 2027: 80%`,
    );
    const table = screen.getByRole('table', { name: m.scoreTitle });
    const rows = within(table).getAllByRole('row').slice(1);
    // Newest first.
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Q3 2027Site check',
      'Site check · 20/04/2027',
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link', { name: 'Q3 2027' })
        .getAttribute('href'),
    ).toBe('/sapphire/Cap_AssesmentView/r2');
    expect(within(rows[1] as HTMLElement).getByText('Red Score')).toBeTruthy();
    const rejected = await screen.findByRole('link', { name: 'Is there a fire risk assessment?' });
    expect(rejected.getAttribute('href')).toBe('/sapphire/Cap_AssesmentView/r3/Categories/cat1');
    expect(screen.getByText('Attach it')).toBeTruthy();
    expect(screen.getByText(m.noObservations)).toBeTruthy();
  });
});
