import { describe, expect, it } from 'vitest';
import { dateRangeProblems, hasDateRangeProblem } from './date-range-problems.ts';

describe('date range problems', () => {
  it('accepts open bounds and periods up to ten years within 1900–2199', () => {
    expect(dateRangeProblems('', '')).toEqual({ from: null, to: null });
    expect(dateRangeProblems('1900-01-01', '')).toEqual({ from: null, to: null });
    expect(dateRangeProblems('', '2199-12-31')).toEqual({ from: null, to: null });
    expect(dateRangeProblems('2016-01-01', '2025-12-31')).toEqual({ from: null, to: null });
    expect(hasDateRangeProblem(dateRangeProblems('2026-01-01', '2026-01-01'))).toBe(false);
  });

  it('puts a day outside 1900–2199 on that day, and order or length on the end', () => {
    expect(dateRangeProblems('1899-12-31', '')).toEqual({ from: 'range', to: null });
    expect(dateRangeProblems('2026-01-01', '2200-01-01')).toEqual({ from: null, to: 'range' });
    expect(dateRangeProblems('1850-01-01', '2300-01-01')).toEqual({ from: 'range', to: 'range' });
    expect(dateRangeProblems('20260-01-01', '')).toEqual({ from: 'range', to: null });
    expect(dateRangeProblems('2026-02-01', '2026-01-31')).toEqual({ from: null, to: 'order' });
    expect(dateRangeProblems('2010-01-01', '2020-12-31')).toEqual({ from: null, to: 'tooLong' });
    expect(hasDateRangeProblem(dateRangeProblems('2026-02-01', '2026-01-31'))).toBe(true);
  });

  it('has no longest span for date filters that are not periods', () => {
    expect(dateRangeProblems('1900-01-01', '2199-12-31', null)).toEqual({ from: null, to: null });
    expect(dateRangeProblems('2026-02-01', '2026-01-31', null)).toEqual({ from: null, to: 'order' });
  });
});
