// The calendar rules of days and periods (spec §3 "Period selection"). Plain functions without zod:
// the web checks a remembered or linked period before its first screen, and the login page must not
// download zod for that (apps/web/scripts/report-size.mjs). common.ts builds its schemas on these.

/** The calendar the portal deals in: lifts commissioned since 1900, periods until 2199. */
export const firstDate = '1900-01-01';
export const lastDate = '2199-12-31';

/** The longest period any statistic, list filter or export covers: ten years and their leap days. */
export const maxPeriodDays = 3653;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** yyyy-MM-dd naming a real day (no 30 February), in any year: what `z.iso.date()` accepts. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = dayPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return monthDays !== undefined && day >= 1 && day <= monthDays;
}

/** A real day between firstDate and lastDate: what the server takes as a date. */
export const isPortalDay = (value: unknown): value is string =>
  isCalendarDay(value) && value >= firstDate && value <= lastDate;

/** Days from..to, both inclusive, of two valid yyyy-MM-dd dates. */
export function periodDays(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
}

/** What is wrong with a from/to pair of days for the server, for forms to say before sending it. */
export type PeriodProblem = 'invalid' | 'order' | 'range' | 'tooLong';

/** null when from..to is a period every endpoint takes (real days, 1900–2199, in order, ≤ maxDays). */
export function periodProblem(from: string, to: string, maxDays = maxPeriodDays): PeriodProblem | null {
  if (!isPortalDay(from) || !isPortalDay(to)) {
    // A real day outside 1900–2199 is out of range rather than invalid.
    return isCalendarDay(from) && isCalendarDay(to) ? 'range' : 'invalid';
  }
  if (from > to) return 'order';
  return periodDays(from, to) > maxDays ? 'tooLong' : null;
}
