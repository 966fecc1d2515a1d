// The lift's own event stream besides calls and visits: the outages with the fault that caused
// them, everyday EN 627 faults that clear by themselves, sense module failures and disconnects,
// ride thresholds and alarm-phone battery warnings.
import type { En627EventType } from '@liftwacht/contracts/event-types';
import { DAY, fromLocal, HOUR, isoWeekday, MINUTE } from './amsterdam-time.ts';
import type { CurrentState } from './current-state.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { LiftHistoryBuilder } from './lift-history-builder.ts';
import type { Outage } from './outages.ts';
import type { Rng } from './prng.ts';
import { countForWindow, randomInstant } from './random-times.ts';
import type { LiftScenario } from './scenarios.ts';
import type { SeedContext } from './seed-context.ts';

const everydayFaults = [
  ['en627_door_closing_fault', 30],
  ['en627_door_opening_fault', 20],
  ['en627_emergency_stop', 10],
  ['en627_stopped_outside_door_zone', 10],
  ['en627_lock_circuit_broken', 8],
  ['en627_low_control_voltage', 6],
  ['en627_cannot_start', 6],
  ['en627_car_light_supply_off', 6],
] as const;

function faultLength(rng: Rng, type: En627EventType): number {
  // A broken car light stays broken until someone replaces it; the rest clear within minutes.
  if (type === 'en627_car_light_supply_off') return rng.logUniform(2 * HOUR, 4 * DAY);
  return rng.logUniform(5_000, 10 * MINUTE);
}

export function generateLiftEvents(
  b: LiftHistoryBuilder,
  plan: LiftPlan,
  scenario: LiftScenario,
  current: CurrentState,
  outages: readonly Outage[],
  ctx: SeedContext,
  rng: Rng,
): void {
  const randomFloor = () => rng.int(plan.lowestFloor, plan.lowestFloor + plan.floors - 1);
  const latestEnd = ctx.now - MINUTE;

  for (const outage of outages) {
    b.event('unavailable', outage.start, outage.end, { floor: outage.floor, data: { cause: outage.cause } });
    b.event(outage.cause, outage.start, outage.end, { floor: outage.floor });
  }

  const [faultMin, faultMax] =
    scenario.availability === 'red' ? [25, 60] : scenario.availability === 'amber' ? [12, 30] : [4, 20];
  for (let i = countForWindow(rng, ctx, faultMin, faultMax); i > 0; i--) {
    const type = rng.weighted(everydayFaults);
    const start = randomInstant(rng, ctx, 0.8, 7, 22);
    const end = start + faultLength(rng, type);
    if (start < ctx.windowStart || end > latestEnd) continue;
    b.event(type, start, end, { floor: randomFloor() });
  }

  const [senseMin, senseMax] = scenario.availability === 'green' ? [0, 2] : [1, 4];
  for (let i = countForWindow(rng, ctx, senseMin, senseMax); i > 0; i--) {
    const start = randomInstant(rng, ctx, 0, 0, 24);
    const end = start + rng.logUniform(10 * MINUTE, 8 * HOUR);
    if (start < ctx.windowStart || end > latestEnd) continue;
    b.event('sense_failure', start, end, {
      data: { sensor: rng.pick(['deurzone', 'verdieping', 'veiligheidscircuit']) },
    });
  }
  if (current.openSenseFailureStart !== null) {
    b.event('sense_failure', current.openSenseFailureStart, null, { data: { sensor: 'veiligheidscircuit' } });
  }

  for (let i = countForWindow(rng, ctx, 0, 4); i > 0; i--) {
    const start = randomInstant(rng, ctx, 0, 0, 24);
    const end = start + rng.logUniform(3 * MINUTE, 5 * HOUR);
    if (start < ctx.windowStart || end > Math.min(latestEnd, current.moduleLastSeen)) continue;
    b.event('sense_disconnected', start, end);
  }
  if (!current.moduleConnected) b.event('sense_disconnected', current.moduleLastSeen, null);

  if (plan.profile !== 'residential' && plan.profile !== 'goods') {
    const hourThreshold = Math.max(20, Math.round((plan.dailyRides * 0.16) / 10) * 10);
    for (let i = countForWindow(rng, ctx, 0, 4); i > 0; i--) {
      const day = rng.int(ctx.windowStartDay, ctx.todayDay - 1);
      if (isoWeekday(day) > 5) continue;
      const start = fromLocal(day, rng.pick([8, 12, 17]));
      b.event('threshold_rides_hour', start, start + HOUR, {
        data: { rides: hourThreshold + rng.int(3, 40), threshold: hourThreshold },
      });
    }
  }
  const weekThreshold = Math.round((plan.dailyRides * 7 * 1.25) / 100) * 100;
  for (let i = countForWindow(rng, ctx, 0, 2); i > 0; i--) {
    const someDay = rng.int(ctx.windowStartDay + 7, ctx.todayDay - 7);
    const monday = someDay - (isoWeekday(someDay) - 1);
    const start = fromLocal(monday, 0);
    const end = fromLocal(monday + 7, 0);
    if (start < ctx.windowStart || end > latestEnd) continue;
    b.event('threshold_rides_week', start, end, {
      data: { rides: weekThreshold + rng.int(50, 900), threshold: weekThreshold },
    });
  }

  if (plan.hasIntercom && rng.chance(0.25)) {
    const start = randomInstant(rng, ctx, 0, 0, 24);
    const end = start + rng.logUniform(DAY, 8 * DAY);
    if (start >= ctx.windowStart && end <= latestEnd) {
      b.event('battery', start, end, { data: { voltage: Math.round(rng.float(11.1, 11.8) * 10) / 10 } });
    }
  }
}
