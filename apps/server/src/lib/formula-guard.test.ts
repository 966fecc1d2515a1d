import { describe, expect, it } from 'vitest';
import { neutraliseFormula } from './formula-guard.ts';

describe('neutraliseFormula', () => {
  it('puts an apostrophe before text that a spreadsheet would run as a formula', () => {
    for (const text of [
      '=1+1',
      '=HYPERLINK("http://x","y")',
      '+SUM(A1)',
      '-2+3-cmd|/c calc!A0',
      '@SUM(1)',
      '\t=1',
      '\rx',
      '+',
      '-',
    ]) {
      expect(neutraliseFormula(text)).toBe(`'${text}`);
    }
  });

  it('keeps plain telephone numbers, and everything that does not start like a formula', () => {
    for (const text of [
      '+31 30 123 4567',
      '+31 (0)30-123 45 67',
      '-112',
      '(030) 123',
      'Lift A',
      "'s-Hertogenbosch",
      'a=b',
      '',
    ]) {
      expect(neutraliseFormula(text)).toBe(text);
    }
  });
});
