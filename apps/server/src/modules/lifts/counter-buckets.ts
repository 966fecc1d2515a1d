// Calendar arithmetic for the counter charts, on yyyy-MM-dd local days (no time zone involved:
// a local day is a calendar date).
import type { CounterInterval } from '@liftwacht/contracts/lifts';
import { addDays } from '../../lib/calendar-days.ts';

/** The first day of the bucket that holds `day`: the day itself, its ISO week's Monday, … */
export function bucketStart(interval: CounterInterval, day: string): string {
  switch (interval) {
    case '15m':
    case 'day':
      return day;
    case 'week': {
      // getUTCDay: Sunday 0 … Saturday 6; ISO weeks start on Monday.
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      return addDays(day, -((weekday + 6) % 7));
    }
    case 'month':
      return `${day.slice(0, 7)}-01`;
    case 'year':
      return `${day.slice(0, 4)}-01-01`;
  }
}

/** The last day of the bucket that holds `day`. */
export function bucketEnd(interval: CounterInterval, day: string): string {
  switch (interval) {
    case '15m':
    case 'day':
      return day;
    case 'week':
      return addDays(bucketStart('week', day), 6);
    case 'month': {
      const next = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
      next.setUTCMonth(next.getUTCMonth() + 1);
      return addDays(next.toISOString().slice(0, 10), -1);
    }
    case 'year':
      return `${day.slice(0, 4)}-12-31`;
  }
}

/** from..to widened to whole buckets, so the first and last bucket are never partial. */
export function wholeBuckets(interval: CounterInterval, from: string, to: string): { from: string; to: string } {
  return { from: bucketStart(interval, from), to: bucketEnd(interval, to) };
}
