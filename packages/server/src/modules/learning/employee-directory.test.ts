import { describe, expect, it } from 'vitest';
import { employeeDirectory, matchingIds } from './employee-directory';

/** What the search matched before: the text in each lower-cased name. */
const naive = (rows: readonly { id: string; name: string }[], text: string) =>
  rows.filter((r) => r.name.toLowerCase().includes(text.toLowerCase())).map((r) => r.id);

describe('employee directory search', () => {
  const rows = [
    { id: 'a', name: 'Riley Adams' },
    { id: 'b', name: 'ANNA anna' },
    { id: 'c', name: 'Bench Employee 01030' },
    { id: 'd', name: 'İlkay Şahin' },
    { id: 'e', name: 'Sam' },
    { id: 'f', name: 'Adams Riley' },
  ];
  const directory = employeeDirectory(rows);

  it('matches the text anywhere in a name, in any case, each name once, in the kept order', () => {
    expect(matchingIds(directory, 'riley')).toEqual(['a', 'f']);
    expect(matchingIds(directory, 'ANNA')).toEqual(['b']);
    expect(matchingIds(directory, 'employee 01')).toEqual(['c']);
    expect(matchingIds(directory, 'sam')).toEqual(['e']);
    expect(matchingIds(directory, 'şahin')).toEqual(['d']);
    expect(matchingIds(directory, '')).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it("matches the company's name too, not across name and company (issue 56)", () => {
    const staff = employeeDirectory([
      { id: 'x', name: 'Jamie Watt', company: 'North Sea Scaffolding' },
      { id: 'y', name: 'Morgan Bell', company: 'Highland Electrical' },
      { id: 'z', name: 'Riley Scott', company: null },
    ]);
    expect(matchingIds(staff, 'scaffold')).toEqual(['x']);
    expect(matchingIds(staff, 'HIGHLAND')).toEqual(['y']);
    expect(matchingIds(staff, 'watt')).toEqual(['x']);
    expect(matchingIds(staff, 'wattnorth')).toEqual([]);
    expect(matchingIds(staff, 'watt\u0001north')).toEqual([]);
  });

  it('does not match across two names', () => {
    expect(matchingIds(directory, 'adamsanna')).toEqual([]);
    expect(matchingIds(directory, 'sam\u0000adams')).toEqual([]);
    expect(matchingIds(directory, 'adams\u0000')).toEqual([]);
    expect(matchingIds(employeeDirectory([]), 'x')).toEqual([]);
  });

  it('gives what a match per name gives, for many names and texts', () => {
    const words = ['Ann', 'anna', 'Bo', 'ob', 'İl', 'i', ' ', 'Lee', 'ee', 'a a'];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const many = Array.from({ length: 2000 }, (_, i) => ({
      id: `u${i}`,
      name: Array.from({ length: 1 + (next() % 4) }, () => words[next() % words.length]).join(
        next() % 2 ? ' ' : '',
      ),
    }));
    const big = employeeDirectory(many);
    for (const text of [...words, 'anna bo', 'ee l', 'x', 'A', 'nn'])
      expect(matchingIds(big, text), text).toEqual(naive(many, text));
  });
});
