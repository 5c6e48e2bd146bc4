import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { messages } from '@palisade/domain/messages';
import { renderPage } from '../../../test/render';
import { Doughnut } from '../components/doughnut';

const slices = [
  { id: 'green', label: 'Green', value: 3, color: '#2e7d32' },
  { id: 'orange', label: 'Orange', value: 0, color: '#ed6c02' },
  { id: 'red', label: 'Red', value: 1, color: '#d32f2f', text: '25%' },
];

describe('Doughnut', () => {
  it('draws one arc a slice with a value, in its colour, beside the legend of every slice', async () => {
    const { container } = renderPage(<Doughnut label="Bands" slices={slices} center="4" />);
    const legend = screen.getByRole('list', { name: 'Bands' });
    expect(within(legend).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Green3', 'Orange0', 'Red25%']);
    expect(screen.getByRole('img', { name: 'Bands: Green: 3, Orange: 0, Red: 25%' })).toBeTruthy();
    // The drawing comes in a second render (a deferred value), as SVG.
    await waitFor(() => expect(container.querySelectorAll('svg path')).toHaveLength(2));
    const fills = [...container.querySelectorAll('svg path')].map((p) => p.getAttribute('fill'));
    expect(fills).toEqual(['#2e7d32', '#d32f2f']);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 180 180');
  });

  it('draws the slices from 12 o\'clock clockwise, in their order (not by size), each arc as wide as its share', async () => {
    // A quarter first, then three quarters.
    const ordered = [
      { id: 'small', label: 'Small', value: 1, color: '#d32f2f' },
      { id: 'large', label: 'Large', value: 3, color: '#2e7d32' },
    ];
    const { container } = renderPage(<Doughnut label="Bands" slices={ordered} />);
    await waitFor(() => expect(container.querySelectorAll('svg path')).toHaveLength(2));
    const [small = '', large = ''] = [...container.querySelectorAll('svg path')].map((p) => p.getAttribute('d') ?? '');
    expect([...container.querySelectorAll('svg path')].map((p) => p.getAttribute('fill'))).toEqual(['#d32f2f', '#2e7d32']);
    /** The end point of each command of a path of M, L, A and Z (what d3-shape's arcs are made of). */
    const points = (d: string) =>
      [...d.matchAll(/([MLA])([^MLAZ]*)/g)].map(([, , args]) => {
        const n = (args ?? '').split(/[ ,]+/).filter(Boolean).map(Number);
        return [n[n.length - 2] ?? NaN, n[n.length - 1] ?? NaN] as const;
      });
    const outer = 180 / 2 - 4;
    // The quarter starts at the top (x 0, y −outer radius) and stays right of the centre, reaching
    // 3 o'clock; the three quarters start there and go on round (a large arc) to the top.
    const [sx, sy] = points(small)[0] ?? [NaN, NaN];
    expect(Math.abs(sx)).toBeLessThan(outer * 0.05);
    expect(sy).toBeLessThan(-outer * 0.9);
    expect(points(small).every(([x]) => x >= -1)).toBe(true);
    expect(points(small).some(([x]) => x > outer * 0.9)).toBe(true);
    const [lx, ly] = points(large)[0] ?? [NaN, NaN];
    expect(lx).toBeGreaterThan(outer * 0.9);
    expect(Math.abs(ly)).toBeLessThan(outer * 0.1);
    expect(large).toMatch(/A86,86,0,1,1,/);
  });

  it('says "No data available" and draws nothing when every slice is 0', () => {
    const { container } = renderPage(<Doughnut label="Bands" slices={slices.map((s) => ({ ...s, value: 0 }))} />);
    expect(screen.getByText(messages.common.noDataAvailableChart)).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
  });
});
