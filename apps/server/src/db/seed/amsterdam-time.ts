// Europe/Amsterdam calendar arithmetic for the generator. Business hours, working days and the
// daily counters are local, while every stored timestamp is UTC. The EU rule (summer time from the
// last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC) is computed directly
// because Intl is far too slow to call for every one of the tens of thousands of generated rows.

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A local calendar date as whole days since 1970-01-01 (so day arithmetic is plain addition). */
export type DayNumber = number;

function lastSundayUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

const dstCache = new Map<number, [number, number]>();

/** Offset of Amsterdam local time from UTC at instant t, in ms (1 h in winter, 2 h in summer). */
export function amsterdamOffset(t: number): number {
  const year = new Date(t).getUTCFullYear();
  let range = dstCache.get(year);
  if (!range) {
    range = [lastSundayUtc(year, 2), lastSundayUtc(year, 9)];
    dstCache.set(year, range);
  }
  return t >= range[0] && t < range[1] ? 2 * HOUR : HOUR;
}

export interface LocalParts {
  day: DayNumber;
  hour: number;
  minute: number;
  /** ISO weekday: 1 = Monday … 7 = Sunday. */
  isoWeekday: number;
}

export function toLocal(t: number): LocalParts {
  const local = t + amsterdamOffset(t);
  const day = Math.floor(local / DAY);
  const msOfDay = local - day * DAY;
  return {
    day,
    hour: Math.floor(msOfDay / HOUR),
    minute: Math.floor((msOfDay % HOUR) / MINUTE),
    isoWeekday: isoWeekday(day),
  };
}

export function isoWeekday(day: DayNumber): number {
  // 1970-01-01 was a Thursday (ISO 4).
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** The UTC instant of a local wall-clock time; in the autumn overlap the summer-time one. */
export function fromLocal(day: DayNumber, hours: number): number {
  const wall = day * DAY + hours * HOUR;
  for (const offset of [2 * HOUR, HOUR]) {
    const t = wall - offset;
    if (amsterdamOffset(t) === offset) return t;
  }
  // The spring-forward gap (02:00–03:00 does not exist): take the instant just after it.
  return wall - HOUR;
}

export function localMidnight(day: DayNumber): number {
  return fromLocal(day, 0);
}

export function dayToIso(day: DayNumber): string {
  return new Date(day * DAY).toISOString().slice(0, 10);
}

export function isoToDay(iso: string): DayNumber {
  return Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY);
}

/** Calendar-month arithmetic on local dates; the day of month is clamped (31 Mar − 1 → 28/29 Feb). */
export function addMonths(day: DayNumber, months: number): DayNumber {
  const d = new Date(day * DAY);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastOfTarget = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return Math.floor(Date.UTC(y, m, Math.min(d.getUTCDate(), lastOfTarget)) / DAY);
}

export interface BusinessWindow {
  fromDay: DayNumber;
  toDay: DayNumber;
  startHour: number;
  endHour: number;
  /** Nothing after this instant counts (the window of a period that includes today). */
  until: number;
}

/** Length in ms of [start, end) that falls inside the business hours of the window. */
export function businessOverlap(start: number, end: number, window: BusinessWindow): number {
  if (end <= start) return 0;
  const firstDay = Math.max(window.fromDay, toLocal(start).day);
  const lastDay = Math.min(window.toDay, toLocal(end).day);
  let total = 0;
  for (let day = firstDay; day <= lastDay; day++) {
    const open = fromLocal(day, window.startHour);
    const close = Math.min(fromLocal(day, window.endHour), window.until);
    const overlap = Math.min(end, close) - Math.max(start, open);
    if (overlap > 0) total += overlap;
  }
  return total;
}

/** Total business time in the window, the denominator of availability. */
export function businessLength(window: BusinessWindow): number {
  return businessOverlap(localMidnight(window.fromDay), window.until, window);
}
