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

/** Like workingTimeNear, but never later than `limit` (steps back working day by working day). */
export function workingTimeBefore(rng: Rng, t: number, limit: number): number {
  let candidate = workingTimeNear(rng, Math.min(t, limit));
  while (candidate > limit) candidate = workingTimeNear(rng, candidate - 24 * 3_600_000);
  return candidate;
}
