// Calendar rules of the spec (§1): weeks start on Monday and week 1 contains 4 January (ISO 8601),
// whatever the display language. Dates travel and are stored as yyyy-MM-dd.
// Kept free of date-fns: the session store needs these on the login page, date-fns can load later.

export const weekOptions = { weekStartsOn: 1, firstWeekContainsDate: 4 } as const;

export const isoDateFormat = 'yyyy-MM-dd';

const pad = (value: number): string => String(value).padStart(2, '0');

/** The local calendar date as yyyy-MM-dd. */
export const toIsoDate = (date: Date): string =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The range used when none is stored: the current month up to and including today. */
export function defaultDateRange(now: Date): { startDate: string; endDate: string } {
  return { startDate: toIsoDate(new Date(now.getFullYear(), now.getMonth(), 1)), endDate: toIsoDate(now) };
}
