import type { CounterInterval, CounterItem } from '@liftwacht/contracts/lifts';
import { productTimeZone } from '../../../lib/format-date-time.ts';

export interface ChartPoint {
  /** Short axis label. */
  label: string;
  /** The bucket in full, for the tooltip. */
  title: string;
  value: number;
}

/** Counter buckets as chart points: quarter hours by weekday and time, weeks by their Monday, years by number. */
export function chartPoints(items: readonly CounterItem[], interval: CounterInterval, locale: string): ChartPoint[] {
  const formats = labelFormats(interval, locale);
  return items.map((item) => {
    const date = interval === '15m' ? new Date(item.start) : new Date(`${item.start}T00:00:00Z`);
    return { label: formats.label(date), title: formats.title(date), value: item.sum };
  });
}

function labelFormats(interval: CounterInterval, locale: string) {
  // Timestamps are shown in Amsterdam time; calendar days were built as UTC midnight, so UTC.
  const timeZone = interval === '15m' ? productTimeZone : 'UTC';
  const format = (options: Intl.DateTimeFormatOptions) => {
    const formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    return (date: Date) => formatter.format(date);
  };
  switch (interval) {
    case '15m':
      return {
        label: format({ weekday: 'short', hour: '2-digit', minute: '2-digit' }),
        title: format({ dateStyle: 'medium', timeStyle: 'short' }),
      };
    case 'day':
    case 'week':
      return { label: format({ day: 'numeric', month: 'short' }), title: format({ dateStyle: 'medium' }) };
    case 'month':
      return { label: format({ month: 'short', year: '2-digit' }), title: format({ month: 'long', year: 'numeric' }) };
    case 'year':
      return { label: format({ year: 'numeric' }), title: format({ year: 'numeric' }) };
  }
}
