import { describe, expect, it } from 'vitest';
import { countersQuerySchema } from '@liftwacht/contracts/lifts';
import { energyRange, rideChartRange } from './counter-ranges.ts';

describe('counter chart ranges', () => {
  // 23:30 UTC on 31 December is already 1 January in Amsterdam.
  const now = new Date('2026-12-31T23:30:00Z');

  it('uses Amsterdam days, whatever the browser’s zone', () => {
    expect(rideChartRange('quarterHours', now)).toEqual({ interval: '15m', from: '2026-12-31', to: '2027-01-01' });
    expect(rideChartRange('years', now)).toEqual({ interval: 'year', from: '2018-01-01', to: '2027-01-01' });
    expect(rideChartRange('weeks', now)).toEqual({ interval: 'week', from: '2026-01-09', to: '2027-01-01' });
    expect(energyRange(now)).toEqual({ interval: 'month', from: '2026-02-01', to: '2027-01-01' });
  });

  it('stays within what the server accepts per interval', () => {
    for (const chart of ['quarterHours', 'weeks', 'years'] as const) {
      expect(countersQuerySchema.safeParse(rideChartRange(chart, now)).success).toBe(true);
    }
    expect(countersQuerySchema.safeParse({ ...energyRange(now), kind: 'energy_wh' }).success).toBe(true);
  });

  it('keeps ten years per year within the longest period even with three leap days in them', () => {
    // 1999-01-01..2008-12-31 holds 2000, 2004 and 2008: 3,653 days, the most the server takes.
    const range = rideChartRange('years', new Date('2008-12-31T12:00:00Z'));
    expect(range).toEqual({ interval: 'year', from: '1999-01-01', to: '2008-12-31' });
    expect(countersQuerySchema.safeParse(range).success).toBe(true);
  });
});
