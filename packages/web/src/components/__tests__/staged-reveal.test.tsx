import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stage, StagedReveal } from '../staged-reveal';

/** Lets the timers and the transitions they start run to the end. */
const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('StagedReveal', () => {
  it('adds one part a task and renders each part once: a new stage does not render the shown ones again', async () => {
    const renders: Record<string, number> = {};
    function Card({ name }: { name: string }) {
      renders[name] = (renders[name] ?? 0) + 1;
      return <li>{name}</li>;
    }
    const names = ['bands', 'esgo', 'performance', 'leaderboard'];
    render(
      <StagedReveal parts={names.length}>
        <ol>
          {names.map((name, i) => (
            <Stage key={name} step={i + 1}>
              <Card name={name} />
            </Stage>
          ))}
        </ol>
      </StagedReveal>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['bands']);
    for (let n = 2; n <= names.length; n += 1) {
      await nextTask();
      expect(screen.getAllByRole('listitem')).toHaveLength(n);
    }
    await nextTask();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(names);
    expect(renders).toEqual({ bands: 1, esgo: 1, performance: 1, leaderboard: 1 });
  });

  it('shows every part outside a StagedReveal', () => {
    render(
      <Stage step={3}>
        <p>third</p>
      </Stage>,
    );
    expect(screen.getByText('third').textContent).toBe('third');
  });
});
