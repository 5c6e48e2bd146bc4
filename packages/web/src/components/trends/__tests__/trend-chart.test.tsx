import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { GREEN_BAND_MIN, ORANGE_BAND_MIN } from '@palisade/domain/constants';
import { trendsMessages as m } from '@palisade/domain/trends/trends.messages';
import type { TrendPoint } from '@palisade/domain/trends/trends.schema';
import { renderPage } from '../../../test/render';
import { theme } from '../../../theme/theme';
import { TrendChart } from '../trend-chart';
import { plotX, plotY, segmentsOf, tickIndexes } from '../trend-geometry';

const factor = (percent: number | null) => ({
  scored: percent ?? 0,
  total: percent === null ? 0 : 100,
  percent,
});
function point(
  i: number,
  percent: number | null,
  roundLabel: string | null = `Q${(i % 4) + 1} 2027`,
): TrendPoint {
  return {
    responseId: `r${i}`,
    assessmentId: 'a1',
    assessmentName: 'Site check',
    roundNumber: i + 1,
    roundLabel,
    label: roundLabel ?? `Site check · 2${i}/04/2027`,
    completedAt: `2027-04-2${i}T10:00:00.000Z`,
    scored: percent ?? 0,
    total: percent === null ? 0 : 100,
    percent,
    band: null,
    esgo: {
      environment: factor(percent),
      social: factor(null),
      governance: factor(50),
      others: factor(null),
    },
  };
}

describe('trend geometry', () => {
  it('spreads the rounds over the width and puts 100 % at the top', () => {
    expect([0, 1, 2].map((i) => plotX(i, 3))).toEqual([0, 50, 100]);
    expect(plotX(0, 1)).toBe(50);
    expect([100, 70, 0, 120, -5].map(plotY)).toEqual([0, 30, 100, 0, 100]);
  });

  it('joins each scored round to the next scored one, across rounds with nothing to score', () => {
    const joined = segmentsOf([40, null, 80, 90, null]).map(([a, b]) => [a.index, b.index]);
    expect(joined).toEqual([
      [0, 2],
      [2, 3],
    ]);
    expect(segmentsOf([null, 10, null])).toEqual([]);
  });

  it('labels at most so many rounds, spread evenly, the first and the last among them', () => {
    expect(tickIndexes(2, 3)).toEqual([0, 1]);
    expect(tickIndexes(10, 3)).toEqual([0, 5, 9]);
    expect(tickIndexes(20, 6)).toEqual([0, 4, 8, 11, 15, 19]);
    expect(tickIndexes(1, 6)).toEqual([0]);
    expect(tickIndexes(0, 6)).toEqual([]);
  });
});

describe('TrendChart', () => {
  it('says one round in words: a line starts with the second', () => {
    renderPage(<TrendChart points={[point(0, 50)]} label="Trend" />);
    expect(screen.getByTestId('trend-one-round').textContent).toBe(m.oneRound);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('draws the score as a line in its bands’ colours, a mark a round, every figure in its label', () => {
    const points = [point(0, 30), point(1, null), point(2, 55), point(3, 90)];
    const { container } = renderPage(<TrendChart points={points} label="Trend" />);
    const chart = screen.getByRole('img', {
      name: 'Trend: Q1 2027: 30%; Q2 2027: —; Q3 2027: 55%; Q4 2027: 90%',
    });
    expect(chart.getAttribute('data-testid')).toBe('score-trend-chart');
    // Three stretches become two: the round with nothing to score is passed over.
    const lines = [...container.querySelectorAll('line')];
    expect(
      lines.map((l) => [
        l.getAttribute('x1'),
        l.getAttribute('y1'),
        l.getAttribute('x2'),
        l.getAttribute('y2'),
      ]),
    ).toEqual([
      ['0%', '70%', `${plotX(2, 4)}%`, '45%'],
      [`${plotX(2, 4)}%`, '45%', '100%', '10%'],
    ]);
    // The line's colour changes at the bands' edges: a gradient with hard stops at 70 % and 40 %.
    const gradient = container.querySelector('linearGradient');
    const id = gradient?.getAttribute('id') ?? '';
    expect(lines.every((l) => l.getAttribute('stroke') === `url(#${id})`)).toBe(true);
    const stops = [...container.querySelectorAll('stop')].map((s) => [
      s.getAttribute('offset'),
      s.getAttribute('stop-color'),
    ]);
    const { success, warning, error } = theme.palette;
    expect(stops).toEqual([
      ['0', success.main],
      [`${100 - GREEN_BAND_MIN}%`, success.main],
      [`${100 - GREEN_BAND_MIN}%`, warning.main],
      [`${100 - ORANGE_BAND_MIN}%`, warning.main],
      [`${100 - ORANGE_BAND_MIN}%`, error.main],
      ['1', error.main],
    ]);
    // A mark a scored round in its band's colour, each named on hover.
    const marks = [...container.querySelectorAll('circle[r="4"]')];
    expect(marks.map((c) => c.getAttribute('fill'))).toEqual([
      error.main,
      warning.main,
      success.main,
    ]);
    expect([...container.querySelectorAll('title')].map((t) => t.textContent)).toEqual([
      'Q1 2027: 30%',
      'Q3 2027: 55%',
      'Q4 2027: 90%',
    ]);
    // The axes: the figures and the axis' name; under the line, the rounds' labels.
    expect(within(chart).getByText(m.percentAxis)).toBeTruthy();
    for (const v of ['0', '20', '40', '60', '80', '100'])
      expect(within(chart).getByText(v)).toBeTruthy();
    expect(
      within(chart)
        .getAllByText(/^Q\d 2027$/)
        .map((e) => e.textContent),
    ).toEqual(['Q1 2027', 'Q2 2027', 'Q3 2027', 'Q4 2027']);
  });

  it('labels a long series with a few rounds only (fewer on a phone), and drops the marks past twelve', () => {
    const points = Array.from({ length: 20 }, (_, i) =>
      point(i, 40 + i, i % 2 === 0 ? null : `R${i}`),
    );
    const { container } = renderPage(<TrendChart points={points} label="Trend" height={200} />);
    const chart = screen.getByTestId('score-trend-chart');
    // Rounds without a label are named by the day they were completed.
    const ticks = tickIndexes(20, 6).map((i) => points[i]?.roundLabel ?? `2${i}/04/2027`);
    expect(
      within(chart)
        .getAllByText(/^(R\d+|\d+\/04\/2027)$/)
        .map((e) => e.textContent),
    ).toEqual(ticks);
    expect(container.querySelectorAll('circle[r="4"]')).toHaveLength(0);
    expect(container.querySelectorAll('title')).toHaveLength(20);
    expect(container.querySelectorAll('line')).toHaveLength(19);
  });

  it('draws one line a factor with the factors’ legend, each point named with its factor', () => {
    const points = [point(0, 30), point(1, 60)];
    const { container } = renderPage(<TrendChart points={points} label="ESGO" esgo />);
    const chart = screen.getByRole('img', { name: /^ESGO: Q1 2027: Environment 30%/ });
    expect(chart.getAttribute('data-testid')).toBe('esgo-trend-chart');
    // Environment and governance have figures; social and others have none, so no line.
    const groups = [...container.querySelectorAll('g[data-series]')];
    expect(
      groups.map((g) => [g.getAttribute('data-series'), g.querySelectorAll('line').length]),
    ).toEqual([
      ['environment', 1],
      ['social', 0],
      ['governance', 1],
      ['others', 0],
    ]);
    expect(container.querySelector('linearGradient')).toBeNull();
    expect(groups[0]?.querySelector('line')?.getAttribute('stroke')).toBe(
      theme.palette.success.main,
    );
    expect(
      within(screen.getByRole('list', { name: m.esgoTitle })).getAllByRole('listitem'),
    ).toHaveLength(4);
    expect(container.querySelector('title')?.textContent).toBe(
      `Q1 2027: ${m.factors.environment} 30%`,
    );
  });
});
