import { describe, expect, it } from 'vitest';
import { calendarPeriod, customPeriod, isPastPeriod, periodOfRange, stepPeriod } from './period-range.ts';

// Saturday 21 November 2026.
const today = new Date(2026, 10, 21);

describe('calendar periods', () => {
  it('gives the current month, quarter and year as whole periods', () => {
    expect(calendarPeriod('month', 0, today)).toEqual({
      unit: 'month',
      offset: 0,
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(calendarPeriod('quarter', 0, today)).toMatchObject({ from: '2026-10-01', to: '2026-12-31' });
    expect(calendarPeriod('year', 0, today)).toMatchObject({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('goes back by offset, across year ends and short months', () => {
    expect(calendarPeriod('month', -9, today)).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(calendarPeriod('month', -11, today)).toMatchObject({ from: '2025-12-01', to: '2025-12-31' });
    expect(calendarPeriod('quarter', -4, today)).toMatchObject({ from: '2025-10-01', to: '2025-12-31' });
    expect(calendarPeriod('year', -2, today)).toMatchObject({ from: '2024-01-01', to: '2024-12-31' });
    expect(calendarPeriod('month', -33, today)).toMatchObject({ from: '2024-02-01', to: '2024-02-29' });
  });
});

describe('stepping', () => {
  it('steps months back and forth and keeps the offset in step', () => {
    const october = stepPeriod(calendarPeriod('month', 0, today), -1, today);
    expect(october).toEqual({ unit: 'month', offset: -1, from: '2026-10-01', to: '2026-10-31' });
    const january = [1, 2, 3, 4, 5, 6, 7, 8, 9].reduce((period) => stepPeriod(period, -1, today), october);
    expect(january).toEqual({ unit: 'month', offset: -10, from: '2026-01-01', to: '2026-01-31' });
    expect(stepPeriod(january, -1, today)).toEqual({
      unit: 'month',
      offset: -11,
      from: '2025-12-01',
      to: '2025-12-31',
    });
    expect(stepPeriod(october, 1, today)).toEqual(calendarPeriod('month', 0, today));
  });

  it('steps quarters by three months and years by twelve', () => {
    expect(stepPeriod(calendarPeriod('quarter', 0, today), -1, today)).toEqual({
      unit: 'quarter',
      offset: -1,
      from: '2026-07-01',
      to: '2026-09-30',
    });
    expect(stepPeriod(calendarPeriod('quarter', -3, today), -1, today)).toMatchObject({
      offset: -4,
      from: '2025-10-01',
      to: '2025-12-31',
    });
    expect(stepPeriod(calendarPeriod('year', 0, today), -1, today)).toEqual({
      unit: 'year',
      offset: -1,
      from: '2025-01-01',
      to: '2025-12-31',
    });
  });

  it('steps from the dates, so a period remembered in an earlier month still steps right', () => {
    const rememberedInOctober = { unit: 'month', offset: 0, from: '2026-10-01', to: '2026-10-31' } as const;
    expect(stepPeriod(rememberedInOctober, -1, today)).toMatchObject({ offset: -2, from: '2026-09-01' });
  });

  it('moves a custom range by its own length', () => {
    const twoWeeks = customPeriod('2026-11-02', '2026-11-15');
    expect(stepPeriod(twoWeeks, -1, today)).toEqual(customPeriod('2026-10-19', '2026-11-01'));
    expect(stepPeriod(twoWeeks, 1, today)).toEqual(customPeriod('2026-11-16', '2026-11-29'));
  });
});

describe('next is only for periods in the past', () => {
  it('is off for the current period and on for earlier ones', () => {
    for (const unit of ['month', 'quarter', 'year'] as const) {
      expect(isPastPeriod(calendarPeriod(unit, 0, today), today)).toBe(false);
      expect(isPastPeriod(calendarPeriod(unit, -1, today), today)).toBe(true);
    }
  });

  it('is off for a range that ends today and on for one that ended yesterday', () => {
    expect(isPastPeriod(customPeriod('2026-11-01', '2026-11-21'), today)).toBe(false);
    expect(isPastPeriod(customPeriod('2026-11-01', '2026-11-20'), today)).toBe(true);
  });
});

describe('the period of a date range', () => {
  it('keeps the stored selection when it still describes the range, with a fresh offset', () => {
    const stored = { unit: 'month', offset: 0, from: '2026-10-01', to: '2026-10-31' } as const;
    expect(periodOfRange('2026-10-01', '2026-10-31', stored, today)).toEqual({ ...stored, offset: -1 });
    const custom = customPeriod('2026-11-01', '2026-11-30');
    expect(periodOfRange('2026-11-01', '2026-11-30', custom, today)).toEqual(custom);
  });

  it('recognises whole months, quarters and years, and treats anything else as custom', () => {
    expect(periodOfRange('2026-09-01', '2026-09-30', null, today)).toMatchObject({ unit: 'month', offset: -2 });
    expect(periodOfRange('2026-07-01', '2026-09-30', null, today)).toMatchObject({ unit: 'quarter', offset: -1 });
    expect(periodOfRange('2025-01-01', '2025-12-31', null, today)).toMatchObject({ unit: 'year', offset: -1 });
    expect(periodOfRange('2026-11-01', '2026-11-21', null, today)).toEqual(customPeriod('2026-11-01', '2026-11-21'));
  });
});
