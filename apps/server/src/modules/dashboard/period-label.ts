// A period's name in a spreadsheet header, as the web's period selector names it: "november 2026",
// "Q4 2026", "2026", and any other range as its days ("1–15 nov 2026").
import { catalogue, interpolate, type ServerLanguage } from '../../lib/server-i18n.ts';

// Dates are calendar days: formatted in UTC from their UTC midnight, so no zone shifts them.
const intlLocale: Record<ServerLanguage, string> = { nl: 'nl-NL', en: 'en-GB' };
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last day of the `months` months starting at `from`'s month. */
const lastDayAfter = (from: Date, months: number) =>
  isoDay(new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months, 0)));

export function periodLabel(from: string, to: string, language: ServerLanguage): string {
  const start = day(from);
  const locale = intlLocale[language];
  const month = start.getUTCMonth();
  const year = start.getUTCFullYear();
  if (start.getUTCDate() === 1) {
    if (to === lastDayAfter(start, 1)) {
      return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(start);
    }
    if (month % 3 === 0 && to === lastDayAfter(start, 3)) {
      const template = catalogue(language).dashboard.compareExport.periods.quarter;
      return interpolate(template, { quarter: String(month / 3 + 1), year: String(year) });
    }
    if (month === 0 && to === lastDayAfter(start, 12)) return String(year);
  }
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).formatRange(start, day(to));
}
