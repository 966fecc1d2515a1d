// The fixed frame every generator works in: the seed, the reference time and the history window.
// History always runs from `months` before `now` up to `now`, so a demo started on any day looks
// current; nothing reads the clock itself.
import { addMonths, localMidnight, toLocal, type BusinessWindow, type DayNumber } from './amsterdam-time.ts';

export interface SeedContext {
  seed: number;
  /** Reference time (ms since epoch): the seed's "right now". */
  now: number;
  months: number;
  todayDay: DayNumber;
  /** First local day of the history. */
  windowStartDay: DayNumber;
  /** Local midnight starting windowStartDay. */
  windowStart: number;
  /** Business hours 07–19 over the whole history, the window the availability targets refer to. */
  businessWindow: BusinessWindow;
  /** Whole history length in days (for scaling per-year rates). */
  windowDays: number;
}

export function createSeedContext(seed: number, now: Date, months: number): SeedContext {
  const nowMs = now.getTime();
  if (!Number.isFinite(nowMs)) throw new Error('now must be a valid date');
  const todayDay = toLocal(nowMs).day;
  const windowStartDay = addMonths(todayDay, -months);
  return {
    seed,
    now: nowMs,
    months,
    todayDay,
    windowStartDay,
    windowStart: localMidnight(windowStartDay),
    businessWindow: { fromDay: windowStartDay, toDay: todayDay, startHour: 7, endHour: 19, until: nowMs },
    windowDays: todayDay - windowStartDay + 1,
  };
}
