import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useFirstRows } from '../use-first-rows';

function List({ count, first }: { count: number; first: number }) {
  const rendered = useFirstRows(count, first);
  return (
    <ul>
      {Array.from({ length: rendered }, (_, i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

describe('useFirstRows', () => {
  it('renders the first rows at once, then every row in a following task; later rows come at once', async () => {
    const { rerender } = render(<List count={50} first={12} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(50));
    // Load more: the new rows are rendered with the render that brings them.
    rerender(<List count={100} first={12} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(100);
  });

  it('renders a short list whole at once', async () => {
    render(<List count={5} first={12} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });
});
