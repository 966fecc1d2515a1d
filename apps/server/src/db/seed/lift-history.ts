// One lift's complete history, generated in a fixed order from independent PRNG streams per
// concern, so changing how (say) visits are generated leaves outages and calls untouched.
import type { CurrentState } from './current-state.ts';
import { generateCalls } from './calls.ts';
import type { LiftCounterInput, LiftThresholdInput } from './counters.ts';
import type { LiftPlan } from './fleet-plan.ts';
import { generateLiftEvents } from './history-events.ts';
import { generateInspections } from './inspections.ts';
import { LiftHistoryBuilder } from './lift-history-builder.ts';
import { planOutages } from './outages.ts';
import { createRng } from './prng.ts';
import type { LiftScenario } from './scenarios.ts';
import type { SeedContext } from './seed-context.ts';
import { senseDataFor } from './sense.ts';
import { generateVisits } from './visits.ts';

export interface GeneratedLift {
  history: LiftHistoryBuilder;
  senseData: ReturnType<typeof senseDataFor>;
  counters: LiftCounterInput;
  threshold: LiftThresholdInput;
}

const byTime =
  <T>(key: (row: T) => Date | string) =>
  (a: T, b: T) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };

export function generateLiftHistory(
  liftId: number,
  plan: LiftPlan,
  scenario: LiftScenario,
  current: CurrentState,
  ctx: SeedContext,
): GeneratedLift {
  const rng = (purpose: string) => createRng(ctx.seed, 'history', plan.index, purpose);
  const b = new LiftHistoryBuilder(liftId, ctx.now);

  const outages = planOutages(plan, scenario.availability, current, ctx, rng('outages'));
  generateLiftEvents(b, plan, scenario, current, outages, ctx, rng('events'));
  generateCalls(b, plan, scenario, current, outages, ctx, rng('calls'));
  const lastMaintenanceAt = generateVisits(b, plan, scenario, current, outages, ctx, rng('visits'));
  generateInspections(b, plan, scenario, ctx, rng('inspections'));

  // Chronological ids per lift read naturally in the portal's lists (Array.sort is stable).
  b.events.sort(byTime((r) => r.startedAt));
  b.calls.sort(byTime((r) => r.startedAt));
  b.visits.sort(byTime((r) => r.startedAt));
  b.inspections.sort(byTime((r) => r.inspectedOn));
  b.logbook.sort(byTime((r) => r.at));

  return {
    history: b,
    senseData: senseDataFor(liftId, plan, current, rng('sense')),
    counters: { liftId, plan, outages },
    threshold: { liftId, plan, lastMaintenanceAt, rideCounterAlert: scenario.conditions.has('rideCounterAlert') },
  };
}
