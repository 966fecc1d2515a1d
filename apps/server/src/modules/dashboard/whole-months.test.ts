import { describe, expect, it } from 'vitest';
import { monthBlocks, monthPieces, monthsBetween, nextMonth, wholeMonths } from './whole-months.ts';

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
    return whole ? monthBlocks(whole).map((b) => `${b.sign < 0 ? '-' : '+'}${b.month}/${String(b.months)}`) : [];
  };

  it('reads a calendar year, a year to date and the rest of a year as one row', () => {
    expect(blocks('2026-01-01', '2026-12-31')).toEqual(['+2026-01-01/12']);
    expect(blocks('2026-01-01', '2026-03-31')).toEqual(['+2026-01-01/3']);
    expect(blocks('2026-04-01', '2026-12-31')).toEqual(['+2026-04-01/9']);
    expect(blocks('2026-06-01', '2026-06-30')).toEqual(['+2026-06-01/1']);
  });

  it('reads months inside a year as one year to date less another', () => {
    expect(blocks('2026-04-01', '2026-06-30')).toEqual(['+2026-01-01/6', '-2026-01-01/3']);
    expect(blocks('2026-02-10', '2026-09-20')).toEqual(['+2026-01-01/8', '-2026-01-01/2']);
  });

  it('reads a rolling year as the rest of one year and the start of the next', () => {
    expect(blocks('2025-11-21', '2026-11-20')).toEqual(['+2025-12-01/1', '+2026-01-01/10']);
    expect(blocks('2025-10-16', '2026-10-15')).toEqual(['+2025-11-01/2', '+2026-01-01/9']);
    expect(blocks('2024-11-01', '2026-02-28')).toEqual(['+2024-11-01/2', '+2025-01-01/12', '+2026-01-01/2']);
  });

  it('covers every whole month once, whatever the period', () => {
    for (let from = Date.UTC(2024, 0, 1); from < Date.UTC(2026, 0, 1); from += 13 * 86_400_000) {
      for (let days = 20; days < 800; days += 37) {
        const f = new Date(from).toISOString().slice(0, 10);
        const t = new Date(from + days * 86_400_000).toISOString().slice(0, 10);
        const whole = wholeMonths(f, t);
        if (!whole) continue;
        const count = new Map<string, number>();
        for (const b of monthBlocks(whole)) {
          const start = new Date(`${b.month}T00:00:00Z`);
          for (let i = 0; i < b.months; i++) {
            const m = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + i, 1)).toISOString().slice(0, 10);
            count.set(m, (count.get(m) ?? 0) + b.sign);
          }
          // only blocks the rollup holds: a month, a year to date or the rest of a year
          const month = Number(b.month.slice(5, 7));
          expect(b.months === 1 || month === 1 || month + b.months === 13).toBe(true);
        }
        const expected = new Map<string, number>();
        for (
          let m = new Date(`${whole.first}T00:00:00Z`);
          m.toISOString().slice(0, 10) <= whole.last;
          m.setUTCMonth(m.getUTCMonth() + 1)
        ) {
          expected.set(m.toISOString().slice(0, 10), 1);
        }
        expect(new Map([...count].filter(([, n]) => n !== 0))).toEqual(expected);
      }
    }
  });
});

describe('nextMonth and monthsBetween', () => {
  it('step over the year end', () => {
    expect(nextMonth('2026-11-01')).toBe('2026-12-01');
    expect(nextMonth('2026-12-01')).toBe('2027-01-01');
    expect(monthsBetween('2026-11-01', '2027-02-01')).toEqual(['2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
    expect(monthsBetween('2027-03-01', '2027-02-01')).toEqual([]);
  });
});

describe('monthPieces', () => {
  it('cuts days at the month boundaries and says which pieces are whole months', () => {
    expect(monthPieces('2025-11-28', '2026-02-10')).toEqual([
      { month: '2025-11-01', first: '2025-11-28', last: '2025-11-30', whole: false },
      { month: '2025-12-01', first: '2025-12-01', last: '2025-12-31', whole: true },
      { month: '2026-01-01', first: '2026-01-01', last: '2026-01-31', whole: true },
      { month: '2026-02-01', first: '2026-02-01', last: '2026-02-10', whole: false },
    ]);
    expect(monthPieces('2028-02-01', '2028-02-29')).toEqual([
      { month: '2028-02-01', first: '2028-02-01', last: '2028-02-29', whole: true },
    ]);
    expect(monthPieces('2026-11-05', '2026-11-05')).toEqual([
      { month: '2026-11-01', first: '2026-11-05', last: '2026-11-05', whole: false },
    ]);
  });
});
