// Drawing moments in the history window with the rhythm of real life: faults while lifts are used,
// visits on working days during working hours.
import { fromLocal, isoWeekday, toLocal, type DayNumber } from './amsterdam-time.ts';
import type { Rng } from './prng.ts';
import type { SeedContext } from './seed-context.ts';

/** A random instant in the window; with probability `share` within local hours [fromHour, toHour). */
export function randomInstant(rng: Rng, ctx: SeedContext, share: number, fromHour: number, toHour: number): number {
  const day = rng.int(ctx.windowStartDay, ctx.todayDay);
  const hour = rng.chance(share) ? rng.float(fromHour, toHour) : rng.float(0, 24);
  return fromLocal(day, hour);
}

/** The same day when it is a weekday, else the nearest weekday (Saturday → Friday, Sunday → Monday). */
export function nearestWorkday(day: DayNumber): DayNumber {
  const weekday = isoWeekday(day);
  if (weekday === 6) return day - 1;
  if (weekday === 7) return day + 1;
  return day;
}

/** A working-hours moment (07:30–15:30 local) on the working day nearest to t. */
export function workingTimeNear(rng: Rng, t: number): number {
  return fromLocal(nearestWorkday(toLocal(t).day), rng.float(7.5, 15.5));
}

/**
 * A per-year rate scaled to the history length, rounded stochastically so short histories still
 * get the occasional rare event.
 */
export function countForWindow(rng: Rng, ctx: SeedContext, perYearMin: number, perYearMax: number): number {
  const expected = (rng.float(perYearMin, perYearMax) * ctx.windowDays) / 365;
  const whole = Math.floor(expected);
  return whole + (rng.chance(expected - whole) ? 1 : 0);
}

/** A working-hours moment on the latest working day at or before t that is not later than `limit`. */
export function workingTimeBefore(rng: Rng, t: number, limit: number): number {
  for (let day = toLocal(Math.min(t, limit)).day; ; day--) {
    if (isoWeekday(day) > 5) continue;
    const candidate = fromLocal(day, rng.float(7.5, 15.5));
    if (candidate <= limit) return candidate;
    // The limit falls early on this working day: the start of its working hours may still fit.
    if (fromLocal(day, 7.5) <= limit) return fromLocal(day, 7.5);
  }
}
