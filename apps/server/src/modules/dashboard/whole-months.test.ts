import { describe, expect, it } from 'vitest';
import { monthBlocks, wholeMonths } from './whole-months.ts';

describe('wholeMonths', () => {
  it('gives a calendar month and a calendar year whole', () => {
    expect(wholeMonths('2026-06-01', '2026-06-30')).toEqual({
      first: '2026-06-01',
      last: '2026-06-01',
      end: '2026-06-30',
    });
    expect(wholeMonths('2026-01-01', '2026-12-31')).toEqual({
      first: '2026-01-01',
      last: '2026-12-01',
      end: '2026-12-31',
    });
    expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual({
      first: '2024-02-01',
      last: '2024-02-01',
      end: '2024-02-29',
    });
  });

  it('leaves out the partial months at both ends of a rolling year', () => {
    expect(wholeMonths('2025-11-21', '2026-11-20')).toEqual({
      first: '2025-12-01',
      last: '2026-10-01',
      end: '2026-10-31',
    });
    expect(wholeMonths('2025-10-16', '2026-09-30')).toEqual({
      first: '2025-11-01',
      last: '2026-09-01',
      end: '2026-09-30',
    });
  });

  it('has none for a period inside one month or spanning two partial ones', () => {
    expect(wholeMonths('2026-06-02', '2026-06-30')).toBeUndefined();
    expect(wholeMonths('2026-06-01', '2026-06-29')).toBeUndefined();
    expect(wholeMonths('2025-12-15', '2026-01-15')).toBeUndefined();
  });
});

describe('monthBlocks', () => {
  const blocks = (from: string, to: string) => {
    const whole = wholeMonths(from, to);
    return whole ? monthBlocks(whole).map((b) => `${b.month}/${String(b.months)}`) : [];
  };

  it('reads a calendar year as one block and a quarter as one', () => {
    expect(blocks('2026-01-01', '2026-12-31')).toEqual(['2026-01-01/12']);
    expect(blocks('2026-04-01', '2026-06-30')).toEqual(['2026-04-01/3']);
  });

  it('reads a rolling year as months around whole quarters', () => {
    expect(blocks('2025-11-21', '2026-11-20')).toEqual([
      '2025-12-01/1',
      '2026-01-01/3',
      '2026-04-01/3',
      '2026-07-01/3',
      '2026-10-01/1',
    ]);
    expect(blocks('2024-11-01', '2026-02-28')).toEqual([
      '2024-11-01/1',
      '2024-12-01/1',
      '2025-01-01/12',
      '2026-01-01/1',
      '2026-02-01/1',
    ]);
  });
});
