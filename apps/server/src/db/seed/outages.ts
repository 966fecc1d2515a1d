// Plans a lift's `unavailable` intervals so its availability over the history lands in the bracket
// its scenario asks for (≥ 99 %, 98–99 % or < 98 % of business hours 07–19). Outages are drawn
// until the business-hours downtime reaches a target inside the bracket; one that would overshoot
// the bracket is rejected, and a lift still short of its bracket gets daytime fillers.
import type { En627EventType } from '@liftwacht/contracts/event-types';
import { businessLength, businessOverlap, DAY, fromLocal, HOUR, MINUTE } from './amsterdam-time.ts';
import type { CurrentState } from './current-state.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { Rng } from './prng.ts';
import type { AvailabilityBracket } from './scenarios.ts';
import type { SeedContext } from './seed-context.ts';

export interface Outage {
  start: number;
  /** null: still down right now. */
  end: number | null;
  /** The EN 627 fault that took the lift down. */
  cause: En627EventType;
  floor: number;
}

/** Unavailable share of business time: lowest acceptable, target range, highest acceptable. */
const brackets: Record<AvailabilityBracket, { lo: number; target: readonly [number, number]; hi: number }> = {
  green: { lo: 0, target: [0.001, 0.0075], hi: 0.0093 },
  amber: { lo: 0.0107, target: [0.0115, 0.0185], hi: 0.0193 },
  red: { lo: 0.022, target: [0.024, 0.06], hi: 0.075 },
};

const causes = [
  ['en627_cannot_start', 25],
  ['en627_lock_circuit_broken', 20],
  ['en627_stopped_outside_door_zone', 15],
  ['en627_door_closing_fault', 15],
  ['en627_emergency_stop', 10],
  ['en627_main_supply_off', 8],
  ['en627_low_control_voltage', 7],
] as const;

type Span = 'blip' | 'short' | 'medium' | 'long';

export function planOutages(
  plan: LiftPlan,
  bracket: AvailabilityBracket,
  current: CurrentState,
  ctx: SeedContext,
  rng: Rng,
): Outage[] {
  const window = ctx.businessWindow;
  const total = businessLength(window);
  const { lo, target, hi } = brackets[bracket];
  const goal = rng.float(target[0], target[1]) * total;
  const ceiling = hi * total;
  // Closed outages end a little before now so they never look like the open ones.
  const latestEnd = ctx.now - 10 * MINUTE;
  const earliestStart = ctx.windowStart + HOUR;

  const taken: { start: number; end: number }[] = [];
  const outages: Outage[] = [];
  let downtime = 0;

  const makeOutage = (start: number, end: number | null): Outage => ({
    start,
    end,
    cause: rng.weighted(causes),
    floor: rng.int(plan.lowestFloor, plan.lowestFloor + plan.floors - 1),
  });

  if (current.openOutageStart !== null) {
    taken.push({ start: current.openOutageStart, end: ctx.now });
    downtime += businessOverlap(current.openOutageStart, ctx.now, window);
    outages.push(makeOutage(current.openOutageStart, null));
  }

  const fits = (start: number, end: number): boolean =>
    start >= earliestStart &&
    end <= latestEnd &&
    taken.every((t) => end + 30 * MINUTE <= t.start || start >= t.end + 30 * MINUTE);

  const tryAdd = (start: number, end: number): boolean => {
    if (!fits(start, end)) return false;
    const business = businessOverlap(start, end, window);
    if (downtime + business > ceiling) return false;
    taken.push({ start, end });
    downtime += business;
    outages.push(makeOutage(start, end));
    return true;
  };

  const draw = (span: Span): [number, number] => {
    const day = rng.int(ctx.windowStartDay, ctx.todayDay);
    // Lifts break down mostly while they are used, so most outages start in the daytime.
    const hour = rng.chance(0.65) ? rng.float(7, 19) : rng.float(0, 24);
    const start = fromLocal(day, hour);
    // Blip: reset remotely or by itself; short: a call-out; medium: waiting for a mechanic or a part.
    const length =
      span === 'blip'
        ? rng.logUniform(5 * MINUTE, 20 * MINUTE)
        : span === 'short'
          ? rng.logUniform(20 * MINUTE, 4 * HOUR)
          : span === 'medium'
            ? rng.logUniform(3 * HOUR, 16 * HOUR)
            : bracket === 'red'
              ? rng.float(1.3, 6) * DAY
              : rng.float(0.9, 1.8) * DAY;
    return [start, start + length];
  };

  // A red lift owes its bracket to one or two multi-day breakdowns; an amber one sometimes to one.
  const longOnes = bracket === 'red' ? rng.int(1, 3) : bracket === 'amber' && rng.chance(0.5) ? 1 : 0;
  for (let i = 0, tries = 0; i < longOnes && tries < 40; tries++) {
    if (tryAdd(...draw('long'))) i++;
  }

  // Mostly call-outs of an hour or so; the longer waits make up most of the downtime.
  const mediumShare = bracket === 'green' ? 0.3 : 0.45;
  for (let tries = 0; downtime < goal && tries < 800; tries++) {
    tryAdd(
      ...draw(
        rng.weighted([
          ['blip', 0.15],
          ['short', 0.85 - mediumShare],
          ['medium', mediumShare],
        ] as const),
      ),
    );
  }

  // Rarely the random draws stall below the bracket; daytime outages on free days close the gap.
  for (let tries = 0; downtime < lo * total && tries < 400; tries++) {
    const needed = lo * total - downtime + 20 * MINUTE;
    const day = rng.int(ctx.windowStartDay, ctx.todayDay - 1);
    const start = fromLocal(day, 7 + rng.float(0, 0.5));
    tryAdd(start, start + Math.min(needed, 11 * HOUR));
  }

  return outages.sort((a, b) => a.start - b.start);
}
