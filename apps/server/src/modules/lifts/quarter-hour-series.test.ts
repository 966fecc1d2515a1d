import { describe, expect, it } from 'vitest';
import { quarterHourBuckets, quarterHourTotal, type QuarterHourSeries } from './quarter-hour-series.ts';

const dayStart = Date.parse('2026-03-28T23:00:00Z') / 1000;

describe('quarter-hour series', () => {
  it('reads the closed days element by element, skipping nulls and empty days, then the raw buckets', () => {
    const series: QuarterHourSeries = {
      closed: { starts: [dayStart, dayStart + 92 * 900, dayStart + 188 * 900], text: '{3,NULL,-12}{}{NULL,NULL,40}' },
      raw: { epochs: [dayStart + 300 * 900], sums: [5] },
    };
    expect(quarterHourBuckets(series)).toEqual({
      epochs: [dayStart, dayStart + 2 * 900, dayStart + 190 * 900, dayStart + 300 * 900],
      sums: [3, -12, 40, 5],
    });
    expect(quarterHourTotal(series)).toBe(36);
  });

  it('reads values beyond 15 digits as JSON.parse reads them', () => {
    const text = '{9007199254740993,9223372036854775807,-123456789012345678}';
    const series: QuarterHourSeries = { closed: { starts: [dayStart], text }, raw: { epochs: [], sums: [] } };
    expect(quarterHourBuckets(series).sums).toEqual(JSON.parse(`[${text.slice(1, -1)}]`));
  });

  it('ends at the end of the text even when it names more days than it holds', () => {
    const series: QuarterHourSeries = {
      closed: { starts: [dayStart, dayStart + 96 * 900, dayStart + 192 * 900], text: '{1,2}{3' },
      raw: { epochs: [], sums: [] },
    };
    expect(quarterHourBuckets(series).sums).toEqual([1, 2, 3]);
  });

  it('is empty without closed days or raw buckets', () => {
    const series: QuarterHourSeries = { closed: { starts: [], text: '' }, raw: { epochs: [], sums: [] } };
    expect(quarterHourBuckets(series)).toEqual({ epochs: [], sums: [] });
    expect(quarterHourTotal(series)).toBe(0);
  });
});
