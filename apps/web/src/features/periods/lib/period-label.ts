// How a period is named in the user's language (spec §1 weeks: Monday first, ISO week numbers):
// "november 2026", "Q4 2026", "2026", and for custom ranges whole ISO weeks or a date range.
import { getISOWeek, getISOWeekYear, isMonday, isSunday, parseISO } from 'date-fns';
import type { Period } from './period-range.ts';

export interface IsoWeek {
  week: number;
  year: number;
}

/** The templated parts of a label, from the locale files. */
export interface PeriodLabelTexts {
  quarter: (quarter: number, year: number) => string;
  week: (week: IsoWeek) => string;
  weeks: (first: IsoWeek, last: IsoWeek) => string;
}

export const isoWeekOf = (date: Date): IsoWeek => ({ week: getISOWeek(date), year: getISOWeekYear(date) });

export function periodLabel(
  period: Pick<Period, 'unit' | 'from' | 'to'>,
  locale: string,
  texts: PeriodLabelTexts,
): string {
  const from = parseISO(period.from);
  const to = parseISO(period.to);
  switch (period.unit) {
    case 'month':
      return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric' }).format(from);
    case 'quarter':
      return texts.quarter(Math.floor(from.getMonth() / 3) + 1, from.getFullYear());
    case 'year':
      return String(from.getFullYear());
    case 'custom': {
      // A range of whole weeks reads best as week numbers, as Dutch planning does.
      if (isMonday(from) && isSunday(to) && to > from) {
        const first = isoWeekOf(from);
        const last = isoWeekOf(to);
        return first.week === last.week && first.year === last.year ? texts.week(first) : texts.weeks(first, last);
      }
      return dayRangeLabel(period.from, period.to, locale);
    }
  }
}

/** A range by its days ("1–4 dec. 2026"), as the compare-periods export names a range too. */
export function dayRangeLabel(from: string, to: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(
    parseISO(from),
    parseISO(to),
  );
}
