import type { CounterInterval } from '@liftwacht/contracts/lifts';
import { amsterdamToday, monthStart, shiftIsoDate } from './amsterdam-date.ts';

export type RideChart = 'quarterHours' | 'weeks' | 'years';

export interface CounterRange {
  interval: CounterInterval;
  from: string;
  to: string;
}

/** Years shown in the rides-per-year chart. */
const yearsShown = 10;

/**
 * What each service counter chart covers: yesterday and today per quarter hour (a whole working
 * day even just after midnight), the last 52 weeks per ISO week and the last ten years per year.
 */
export function rideChartRange(chart: RideChart, now: Date): CounterRange {
  const today = amsterdamToday(now);
  switch (chart) {
    case 'quarterHours':
      return { interval: '15m', from: shiftIsoDate(today, -1), to: today };
    case 'weeks':
      return { interval: 'week', from: shiftIsoDate(today, -7 * 51), to: today };
    case 'years':
      return { interval: 'year', from: `${String(Number(today.slice(0, 4)) - (yearsShown - 1))}-01-01`, to: today };
  }
}

/** Energy per month: this month and the eleven before it. */
export function energyRange(now: Date): CounterRange {
  const today = amsterdamToday(now);
  return { interval: 'month', from: monthStart(today, 11), to: today };
}
