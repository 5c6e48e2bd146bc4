import { describe, expect, it } from 'vitest';
import { neutralisedCell } from './spreadsheet-cell';

describe('neutralisedCell (formula injection)', () => {
  it('prefixes a cell a spreadsheet would run as a formula with an apostrophe', () => {
    for (const cell of ['=HYPERLINK("http://x","y")', '@SUM(1)', '+cmd|x', '-2+3', '\t=1', '\r=1', '=']) {
      expect(neutralisedCell(cell)).toBe(`'${cell}`);
    }
  });

  it('leaves plain text, numbers and phone numbers alone', () => {
    for (const cell of ['Weekly', '', '12', '+919876543210', '-12.5', 'a=b', ' =1']) expect(neutralisedCell(cell)).toBe(cell);
  });
});
