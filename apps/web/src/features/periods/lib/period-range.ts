// Period arithmetic for the period selector (spec §3 "Period selection", §9 period units). Pure
// functions of the dates and "today", so stepping and the "next only for past periods" rule are
// tested without a clock. Dates are local calendar dates (yyyy-MM-dd), as the session stores them.
import { addDays, differenceInCalendarDays, parseISO } from 'date-fns';
import { toIsoDate } from '../../../lib/dates.ts';
import type { PeriodSelection } from '../../../lib/session/period-selection.ts';

export type CalendarUnit = 'month' | 'quarter' | 'year';
export type PeriodUnit = PeriodSelection['unit'];

/** A period as the selector works with it; `offset` counts units back from the one holding today. */
export type Period = Pick<PeriodSelection, 'unit' | 'offset' | 'from' | 'to'>;

const monthsPerUnit: Record<CalendarUnit, number> = { month: 1, quarter: 3, year: 12 };

export const isCalendarUnit = (unit: PeriodUnit): unit is CalendarUnit => unit !== 'custom';

/** First day of the month, quarter or year that holds `date`. */
function unitStart(unit: CalendarUnit, date: Date): Date {
  const month = date.getMonth();
  const firstMonth = unit === 'month' ? month : unit === 'quarter' ? month - (month % 3) : 0;
  return new Date(date.getFullYear(), firstMonth, 1);
}

const monthIndex = (date: Date): number => date.getFullYear() * 12 + date.getMonth();

function calendarPeriodStartingAt(unit: CalendarUnit, start: Date, today: Date): Period {
  const months = monthsPerUnit[unit];
  // Day 0 of the month after the period is its last day, whatever the month's length.
  const end = new Date(start.getFullYear(), start.getMonth() + months, 0);
  const offset = (monthIndex(start) - monthIndex(unitStart(unit, today))) / months;
  return { unit, offset, from: toIsoDate(start), to: toIsoDate(end) };
}

/** The whole month, quarter or year `offset` units before the one holding today (0 = current). */
export function calendarPeriod(unit: CalendarUnit, offset: number, today: Date): Period {
  const current = unitStart(unit, today);
  const start = new Date(current.getFullYear(), current.getMonth() + offset * monthsPerUnit[unit], 1);
  return calendarPeriodStartingAt(unit, start, today);
}

/** A custom range; its offset has no meaning (the range itself is the period), so it is 0. */
export function customPeriod(from: string, to: string): Period {
  return { unit: 'custom', offset: 0, from, to };
}

/**
 * The next (+1) or previous (−1) period of the same kind. Calendar periods step from their own
 * dates, not from a stored offset, so a period remembered last month still steps correctly;
 * custom ranges move by their own length.
 */
export function stepPeriod(period: Period, direction: 1 | -1, today: Date): Period {
  const from = parseISO(period.from);
  if (isCalendarUnit(period.unit)) {
    const start = unitStart(period.unit, from);
    const shifted = new Date(start.getFullYear(), start.getMonth() + direction * monthsPerUnit[period.unit], 1);
    return calendarPeriodStartingAt(period.unit, shifted, today);
  }
  const days = differenceInCalendarDays(parseISO(period.to), from) + 1;
  return customPeriod(
    toIsoDate(addDays(from, direction * days)),
    toIsoDate(addDays(parseISO(period.to), direction * days)),
  );
}

/** Spec §2: "Next is available only when the period is in the past", i.e. it ended before today. */
export const isPastPeriod = (period: Pick<Period, 'to'>, today: Date): boolean => period.to < toIsoDate(today);

/** Which whole month, quarter or year the range is exactly, if any. */
function calendarUnitOf(from: string, to: string): CalendarUnit | null {
  const start = parseISO(from);
  if (start.getDate() !== 1) return null;
  for (const unit of ['month', 'quarter', 'year'] as const) {
    if (toIsoDate(unitStart(unit, start)) !== from) continue;
    const end = new Date(start.getFullYear(), start.getMonth() + monthsPerUnit[unit], 0);
    if (toIsoDate(end) === to) return unit;
  }
  return null;
}

/**
 * The period the session's date range stands for. The stored selection wins when it still
 * describes the range; a range that came from elsewhere (URL parameters, the default range) is
 * recognised as a whole month, quarter or year, or else treated as a custom range.
 */
export function periodOfRange(from: string, to: string, stored: Period | null, today: Date): Period {
  if (stored?.from === from && stored.to === to) {
    return isCalendarUnit(stored.unit) ? calendarPeriodStartingAt(stored.unit, parseISO(from), today) : stored;
  }
  const unit = calendarUnitOf(from, to);
  return unit ? calendarPeriodStartingAt(unit, parseISO(from), today) : customPeriod(from, to);
}
