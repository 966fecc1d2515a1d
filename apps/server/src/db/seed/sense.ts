// Each lift's latest sense readings. Module messages carry `f` fields (live status) and provisioning
// messages `e` fields (setup); their names are the built-in defaults of modules/sense-labels, in the
// reader's language, so the demo writes no labels of its own.
import type { senseData } from '../schema.ts';
import type { CurrentState } from './current-state.ts';
import type { LiftPlan } from './fleet-plan.ts';
import type { Rng } from './prng.ts';

type SenseDataRow = typeof senseData.$inferInsert;

/** The last reading of every f field, as the module reported it when it was last seen. */
export function senseDataFor(liftId: number, plan: LiftPlan, current: CurrentState, rng: Rng): SenseDataRow[] {
  const down = current.openOutageStart !== null;
  const maintenance = current.visitInProgress?.type === 'maintenance';
  const ageYears = Math.max(1, (current.moduleLastSeen / 86_400_000 - plan.commissionedDay) / 365);
  const totalRides = Math.round(plan.dailyRides * 330 * ageYears * rng.float(0.8, 1.1));
  const values: Record<string, number> = {
    f0: down || rng.chance(0.2) ? 1 : 0,
    f1: rng.int(plan.lowestFloor, plan.lowestFloor + plan.floors - 1),
    f2:
      down || maintenance
        ? 0
        : rng.weighted([
            [0, 70],
            [1, 15],
            [2, 15],
          ] as const),
    f3: 0,
    f4: down ? 1 : 0,
    f5: totalRides,
    f6: Math.round(ageYears * 8760 * rng.float(0.97, 0.995)),
    f7: Math.round(totalRides * rng.float(2.1, 2.6)),
    f8: 1,
    f9: current.currentCall ? 1 : 0,
    f10: maintenance ? 1 : 0,
    f11: down ? 0 : 1,
    f12: down ? 0 : 1,
    f13: Math.round(rng.float(226, 234)),
    f14: Math.round(rng.float(23.6, 24.4) * 10) / 10,
    f15: Math.round(rng.float(16, 29) * 10) / 10,
    f16: down
      ? 0
      : rng.weighted([
          [0, 70],
          [rng.int(60, 320), 30],
        ] as const),
    f17: 0,
    f18: Math.round(
      plan.standbyWhPer15Min * rng.float(30, 90) + plan.dailyRides * plan.whPerRide * rng.float(0.2, 0.8),
    ),
    f19: plan.hasIntercom ? Math.round(rng.float(12.6, 13.6) * 10) / 10 : 0,
    f20: -rng.int(60, 95),
  };
  const at = new Date(current.moduleLastSeen);
  return Object.entries(values).map(([key, value]) => ({ liftId, key, value, at }));
}
