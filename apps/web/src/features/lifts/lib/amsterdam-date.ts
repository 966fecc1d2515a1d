import { productTimeZone } from '../../../lib/format-date-time.ts';

// 'en-CA' formats as yyyy-MM-dd, the wire format of dates (spec §1).
const isoDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: productTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in the Netherlands: the counters' local days are Amsterdam days, not the browser's. */
export const amsterdamToday = (now: Date): string => isoDay.format(now);

/** yyyy-MM-dd plus whole days (negative goes back), in calendar arithmetic. */
export function shiftIsoDate(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month `months` months before the month of `isoDate`. */
export function monthStart(isoDate: string, monthsBack = 0): string {
  const date = new Date(`${isoDate.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - monthsBack);
  return date.toISOString().slice(0, 10);
}
