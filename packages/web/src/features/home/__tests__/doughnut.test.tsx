import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
    // The drawing comes in a second render (a deferred value), with the chart's own SVG.
    await waitFor(() => expect(container.querySelectorAll('svg path')).toHaveLength(2));
    const fills = [...container.querySelectorAll('svg path')].map((p) => p.getAttribute('fill'));
    expect(fills).toEqual(['#2e7d32', '#d32f2f']);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 180 180');
  });

  it('takes the pointer over its arcs (the item handlers find the plugins they call)', async () => {
    const errors: unknown[] = [];
    const onError = (event: ErrorEvent) => errors.push(event.error);
    window.addEventListener('error', onError);
    try {
      const { container } = renderPage(<Doughnut label="Bands" slices={slices} />);
      await waitFor(() => expect(container.querySelectorAll('svg path')).toHaveLength(2));
      const [green] = [...container.querySelectorAll('svg path')] as [SVGPathElement];
      await userEvent.hover(green);
      await userEvent.unhover(green);
      expect(errors).toEqual([]);
      expect(container.querySelectorAll('svg path')).toHaveLength(2);
    } finally {
      window.removeEventListener('error', onError);
    }
  });

  it('says "No data available" and draws nothing when every slice is 0', () => {
    const { container } = renderPage(<Doughnut label="Bands" slices={slices.map((s) => ({ ...s, value: 0 }))} />);
    expect(screen.getByText(messages.common.noDataAvailableChart)).toBeTruthy();
    expect(container.querySelector('svg')).toBeNull();
  });
});
