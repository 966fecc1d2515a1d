import { parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { isoWeekOf, periodLabel, type PeriodLabelTexts } from './period-label.ts';

const texts: PeriodLabelTexts = {
  quarter: (quarter, year) => `Q${quarter} ${year}`,
  week: ({ week, year }) => `week ${week}, ${year}`,
  weeks: (first, last) => `week ${first.week} (${first.year}) – week ${last.week} (${last.year})`,
};

describe('period labels', () => {
  it('names months in the user language', () => {
    const november = { unit: 'month', from: '2026-11-01', to: '2026-11-30' } as const;
    expect(periodLabel(november, 'nl', texts)).toBe('november 2026');
    expect(periodLabel(november, 'en-GB', texts)).toBe('November 2026');
  });

  it('names quarters and years', () => {
    expect(periodLabel({ unit: 'quarter', from: '2026-10-01', to: '2026-12-31' }, 'nl', texts)).toBe('Q4 2026');
    expect(periodLabel({ unit: 'quarter', from: '2026-01-01', to: '2026-03-31' }, 'nl', texts)).toBe('Q1 2026');
    expect(periodLabel({ unit: 'year', from: '2026-01-01', to: '2026-12-31' }, 'en-US', texts)).toBe('2026');
  });

  it('names custom ranges of whole weeks by ISO week number', () => {
    expect(periodLabel({ unit: 'custom', from: '2026-11-02', to: '2026-11-08' }, 'nl', texts)).toBe('week 45, 2026');
    expect(periodLabel({ unit: 'custom', from: '2026-11-02', to: '2026-11-15' }, 'nl', texts)).toBe(
      'week 45 (2026) – week 46 (2026)',
    );
    // 29 December 2025 is a Monday in week 1 of 2026: week years are not calendar years.
    expect(periodLabel({ unit: 'custom', from: '2025-12-22', to: '2026-01-04' }, 'nl', texts)).toBe(
      'week 52 (2025) – week 1 (2026)',
    );
  });

  it('names other custom ranges by their dates', () => {
    // The dash's spacing is ICU data, which differs between Node and browser builds.
    expect(periodLabel({ unit: 'custom', from: '2026-11-03', to: '2026-11-15' }, 'nl', texts)).toMatch(
      /^3\s?–\s?15 nov 2026$/,
    );
    expect(periodLabel({ unit: 'custom', from: '2026-11-03', to: '2026-11-15' }, 'en-GB', texts)).toMatch(
      /^3\s?–\s?15 Nov 2026$/,
    );
  });

  it('counts ISO weeks with Monday first and 4 January in week 1', () => {
    expect(isoWeekOf(parseISO('2026-01-04'))).toEqual({ week: 1, year: 2026 });
    expect(isoWeekOf(parseISO('2027-01-01'))).toEqual({ week: 53, year: 2026 });
    expect(isoWeekOf(parseISO('2026-12-28'))).toEqual({ week: 53, year: 2026 });
  });
});
