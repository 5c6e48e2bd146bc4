/**
 * Where the trend chart puts its points, in percentages of its plot (trend-chart.tsx): the browser
 * fits them to any width without the chart measuring itself.
 */

/** Round `index` of `count`, spread evenly from the plot's left edge (0 %) to its right (100 %). */
export function plotX(index: number, count: number): number {
  return count < 2 ? 50 : (index / (count - 1)) * 100;
}

/** A score of 0–100 % from the plot's top: 100 % at the top edge, 0 % at the bottom. */
export function plotY(percent: number): number {
  return 100 - Math.min(100, Math.max(0, percent));
}

/** A point of a line: the round's index and its figure. */
export interface LinePoint {
  index: number;
  value: number;
}

/**
 * The stretches of a line: each scored round joined to the next scored one, across rounds with
 * nothing to score (they have no figure, and the line goes on past them).
 */
export function segmentsOf(values: readonly (number | null)[]): [LinePoint, LinePoint][] {
  const scored: LinePoint[] = [];
  values.forEach((value, index) => {
    if (value !== null) scored.push({ index, value });
  });
  const segments: [LinePoint, LinePoint][] = [];
  for (let i = 1; i < scored.length; i += 1) {
    const a = scored[i - 1];
    const b = scored[i];
    if (a && b) segments.push([a, b]);
  }
  return segments;
}

/**
 * Up to `most` indexes of `count` rounds, spread evenly, the first and the last always among them:
 * the rounds whose labels the x axis shows.
 */
export function tickIndexes(count: number, most: number): number[] {
  if (count <= 0) return [];
  const shown = Math.min(count, Math.max(1, most));
  if (shown === 1) return [0];
  const indexes = new Set<number>();
  for (let k = 0; k < shown; k += 1) indexes.add(Math.round((k * (count - 1)) / (shown - 1)));
  return [...indexes];
}
