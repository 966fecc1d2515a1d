// Numbers, percentages and dates as the report prints them, in the reader's locale (Dutch decimal
// comma, English point). The report test formats /stats figures with these same functions, so the
// PDF and the API can be compared character for character.
import type { Locale } from '@liftwacht/contracts/auth';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';
import { formatDuration } from '../../lib/format-duration.ts';
import { languageOf } from '../../lib/server-i18n.ts';

export interface ReportFormat {
  /** 99.1666 → "99,16 %" (nl) / "99.16%" (en): at most 2 decimals, never rounded up. */
  percentage(percent: number): string;
  /** Counts with thousands grouping: 1234 → "1.234" (nl) / "1,234" (en). */
  count(n: number): string;
  /** Seconds as hours with at most 1 decimal: 97200 → "27". */
  hours(seconds: number): string;
  /** Seconds in the product's one duration format, like the web app: "34 min", "2 u 05 min", "7 d 10 u". */
  duration(seconds: number): string;
  /** yyyy-MM-dd → "1 maart 2026" / "1 March 2026". */
  longDate(isoDate: string): string;
  /** yyyy-MM-dd → "01-03-2026" / "01/03/2026". */
  shortDate(isoDate: string): string;
  /** An instant as local (Europe/Amsterdam) date and time. */
  dateTime(at: Date): { date: string; time: string };
}

const intlLocales: Record<Locale, string> = { nl: 'nl-NL', 'en-GB': 'en-GB', 'en-US': 'en-US' };

/** "{{value}} %" in Dutch, "{{value}}%" in English: the percent sign's spacing is a language rule. */
export function createReportFormat(locale: Locale, percentTemplate: string): ReportFormat {
  const intl = intlLocales[locale];
  // Truncated, not rounded: 98.996 % must not print as "99 %" next to an amber (< 99 %) marker,
  // and only a lift without any outage may show 100 %.
  const percentNumber = new Intl.NumberFormat(intl, { maximumFractionDigits: 2, roundingMode: 'trunc' });
  const countNumber = new Intl.NumberFormat(intl, { maximumFractionDigits: 0 });
  const hourNumber = new Intl.NumberFormat(intl, { maximumFractionDigits: 1 });
  const long = new Intl.DateTimeFormat(intl, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(intl, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const localDate = new Intl.DateTimeFormat(intl, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: businessTimeZone,
  });
  const localTime = new Intl.DateTimeFormat(intl, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: businessTimeZone,
  });
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

  return {
    // Float noise first (99.17 may arrive as 99.16999999999999), then truncate to 2 decimals.
    percentage: (percent) =>
      percentTemplate.replace('{{value}}', percentNumber.format(Math.round(percent * 1e9) / 1e9)),
    count: (n) => countNumber.format(n),
    hours: (seconds) => hourNumber.format(seconds / 3600),
    duration: (seconds) => formatDuration(seconds, languageOf(locale)),
    longDate: (iso) => long.format(day(iso)),
    shortDate: (iso) => short.format(day(iso)),
    dateTime: (at) => ({ date: localDate.format(at), time: localTime.format(at) }),
  };
}
