import { Profiler } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStagedReveal } from '../use-staged-reveal';

function Parts({ total }: { total: number }) {
  const shown = useStagedReveal(total);
  return (
    <ol>
      {Array.from({ length: shown }, (_, i) => (
        <li key={i}>part {i + 1}</li>
      ))}
    </ol>
  );
}

/** Lets the timers and the transitions they start run to the end. */
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useStagedReveal', () => {
  it('shows the first part at once, then one more per task, each in a commit of its own', async () => {
    const commits: number[] = [];
    render(
      <Profiler id="parts" onRender={() => commits.push(document.querySelectorAll('li').length)}>
        <Parts total={4} />
      </Profiler>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    for (let n = 2; n <= 4; n += 1) {
      await nextTask();
      expect(screen.getAllByRole('listitem')).toHaveLength(n);
    }
    // One part a commit: never two parts added in the same one, and none after the last.
    expect(commits).toEqual([1, 2, 3, 4]);
    await nextTask();
    expect(commits).toEqual([1, 2, 3, 4]);
  });

  it('shows everything at once when there is one part, and stops at the total when it shrinks', async () => {
    const { rerender } = render(<Parts total={1} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    rerender(<Parts total={3} />);
    await nextTask();
    await nextTask();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    rerender(<Parts total={2} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
