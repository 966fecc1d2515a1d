import { getWeek, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { dateFnsLocale } from './date-locale.ts';
import { defaultDateRange, isIsoDate, toIsoDate } from './dates.ts';

describe('dates', () => {
  it('formats local dates as yyyy-MM-dd', () => {
    expect(toIsoDate(new Date(2026, 0, 4))).toBe('2026-01-04');
  });

  it('accepts only real yyyy-MM-dd dates', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('28-02-2026')).toBe(false);
  });

  it('defaults to the current month up to today', () => {
    expect(defaultDateRange(new Date(2026, 10, 21))).toEqual({ startDate: '2026-11-01', endDate: '2026-11-21' });
  });

  it.each(['nl', 'en-GB', 'en-US'] as const)('starts weeks on Monday with 4 January in week 1 for %s', (locale) => {
    const options = { locale: dateFnsLocale(locale) };
    // Sunday 4 January 2026 belongs to ISO week 1, which starts on Monday 29 December 2025.
    expect(getWeek(new Date(2026, 0, 4), options)).toBe(1);
    expect(toIsoDate(startOfWeek(new Date(2026, 0, 4), options))).toBe('2025-12-29');
  });
});
