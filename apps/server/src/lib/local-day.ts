// The business calendar day of an instant: days in filters, charts and reports are local
// (Europe/Amsterdam) calendar days.
import { businessTimeZone } from '../db/rollups/availability-rollup.ts';

// en-CA formats dates as yyyy-MM-dd.
const localDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The local calendar day (yyyy-MM-dd) of an instant. */
export function localDay(at: Date): string {
  return localDayFormat.format(at);
}
