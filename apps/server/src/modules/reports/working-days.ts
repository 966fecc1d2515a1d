// Dutch working days for the report schedule: Monday to Friday except the public holidays of
// date-holidays' NL calendar (type 'public': New Year's Day, Easter and Easter Monday, King's Day,
// Ascension Day, Whitsun and Whit Monday, Christmas and Boxing Day). Liberation Day (5 May), which
// the library lists as 'school', counts as a working day: it is a day off for most only every
// fifth year, and it can never be the first working day after a month anyway (1 to 4 May always
// hold one). Good Friday ('school') and the observances work too.
import type Holidays from 'date-holidays';
import { dayToIso, isoWeekday, type DayNumber } from '../../db/seed/amsterdam-time.ts';
import { lazyModule } from '../../lib/lazy-module.ts';

// Loaded on first use: the library and its calendars of every country took a fifth of a restart,
// and only the report schedule needs them.
const holidaysLibrary = lazyModule<typeof Holidays>('date-holidays');
let netherlandsCalendar: Holidays | undefined;
const netherlands = (): Holidays => (netherlandsCalendar ??= new (holidaysLibrary())('NL'));
/** Local days (yyyy-mm-dd) of each year's public holidays, computed once per year. */
const publicHolidaysByYear = new Map<number, ReadonlySet<string>>();

/** The year's Dutch public holidays as local days (yyyy-mm-dd). */
export function publicHolidays(year: number): ReadonlySet<string> {
  let days = publicHolidaysByYear.get(year);
  if (!days) {
    // The library's dates are local 'yyyy-mm-dd 00:00:00'.
    days = new Set(
      netherlands()
        .getHolidays(year)
        .filter((holiday) => holiday.type === 'public')
        .map((holiday) => holiday.date.slice(0, 10)),
    );
    publicHolidaysByYear.set(year, days);
  }
  return days;
}

/** Whether the local day is a working day: Monday–Friday and no public holiday. */
export function isWorkingDay(day: DayNumber): boolean {
  if (isoWeekday(day) > 5) return false;
  const iso = dayToIso(day);
  return !publicHolidays(Number(iso.slice(0, 4))).has(iso);
}

/** The first working day after the given local day. */
export function firstWorkingDayAfter(day: DayNumber): DayNumber {
  let next = day + 1;
  while (!isWorkingDay(next)) next++;
  return next;
}
