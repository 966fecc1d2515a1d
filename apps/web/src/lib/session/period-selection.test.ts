import { describe, expect, it } from 'vitest';
import { isoDateSchema } from '@liftwacht/contracts/common';
import { isCalendarDay, isPortalDay, periodProblem } from '@liftwacht/contracts/periods';
import { isPeriodSelection } from './period-selection.ts';

const day = (date: Date) => date.toISOString().slice(0, 10);

describe('the calendar rules without zod', () => {
  it('take exactly the days the zod contract takes', () => {
    // Every day around the edges of the portal's calendar and across leap and century years.
    const days: string[] = [];
    for (const year of [1899, 1900, 1999, 2000, 2024, 2100, 2199, 2200]) {
      for (let time = Date.UTC(year, 0, 1); time < Date.UTC(year + 1, 0, 1); time += 86_400_000) {
        days.push(day(new Date(time)));
      }
    }
    const malformed = [
      '2023-02-29',
      '2100-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-04-31',
      '2024-1-01',
      '20240101',
      '',
    ];
    for (const value of [...days, ...malformed, '0000-02-29', '2024-02-29T00:00']) {
      expect(isPortalDay(value), value).toBe(isoDateSchema.safeParse(value).success);
    }
    expect(isCalendarDay('2000-02-29')).toBe(true);
    expect(isCalendarDay('1900-02-29')).toBe(false);
    expect(isCalendarDay(20240101)).toBe(false);
  });

  it('name what is wrong with a period', () => {
    expect(periodProblem('2024-01-01', '2024-12-31')).toBeNull();
    expect(periodProblem('2024-02-30', '2024-03-01')).toBe('invalid');
    expect(periodProblem('1899-12-31', '2024-03-01')).toBe('range');
    expect(periodProblem('2024-03-01', '2024-02-01')).toBe('order');
    expect(periodProblem('2000-01-01', '2024-01-01')).toBe('tooLong');
  });
});

describe('a remembered period', () => {
  const period = { unit: 'quarter', offset: -1, from: '2026-07-01', to: '2026-09-30' };

  it('is taken when it still fits', () => {
    expect(isPeriodSelection(period)).toBe(true);
    expect(isPeriodSelection({ ...period, unit: 'custom', offset: 0, label: '1 jul – 30 sep' })).toBe(true);
  });

  it('is dropped when it does not', () => {
    for (const value of [
      null,
      'quarter',
      { ...period, unit: 'week' },
      { ...period, offset: 1 },
      { ...period, offset: -0.5 },
      { ...period, label: 3 },
      { ...period, from: '2026-02-30' },
      { ...period, to: undefined },
    ]) {
      expect(isPeriodSelection(value), JSON.stringify(value)).toBe(false);
    }
  });
});
