import { getWeek, startOfWeek } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { dateFnsLocale } from './date-locale.ts';
import { defaultDateRange, toIsoDate } from './dates.ts';

describe('dates', () => {
  it('formats local dates as yyyy-MM-dd', () => {
    expect(toIsoDate(new Date(2026, 0, 4))).toBe('2026-01-04');
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
