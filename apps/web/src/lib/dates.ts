// Calendar rules of the spec (§1): weeks start on Monday and week 1 contains 4 January (ISO 8601),
// whatever the display language. Dates travel and are stored as yyyy-MM-dd.
import { format, startOfMonth } from 'date-fns';
import { enGB, enUS, nl, type Locale as DateFnsLocale } from 'date-fns/locale';
import type { Locale } from '@liftwacht/contracts/auth';

export const weekOptions = { weekStartsOn: 1, firstWeekContainsDate: 4 } as const;

export const isoDateFormat = 'yyyy-MM-dd';

const dateFnsLocales: Record<Locale, DateFnsLocale> = { nl, 'en-GB': enGB, 'en-US': enUS };

/** The date-fns locale with the spec's week rules forced on (en-US would start on Sunday). */
export function dateFnsLocale(locale: Locale): DateFnsLocale {
  const base = dateFnsLocales[locale];
  return { ...base, options: { ...base.options, ...weekOptions } };
}

export const toIsoDate = (date: Date): string => format(date, isoDateFormat);

const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

export function isIsoDate(value: string): boolean {
  if (!isoDatePattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00`);
  return !Number.isNaN(date.getTime()) && toIsoDate(date) === value;
}

/** The range used when none is stored: the current month up to and including today. */
export function defaultDateRange(now: Date): { startDate: string; endDate: string } {
  return { startDate: toIsoDate(startOfMonth(now)), endDate: toIsoDate(now) };
}
