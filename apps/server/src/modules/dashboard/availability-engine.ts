// Per-lift availability for a period: the rollup for lifts whose events are all closed, exact
// range arithmetic for lifts with an open event (it runs until now). Equal to the exact computation
// over every lift, which availability-engine.test.ts checks on random fleets.
import type { AvailabilityKind } from '../../db/rollups/availability-rollup.ts';
import type { AvailabilityRepository } from './availability.repository.ts';
import { liftAvailability } from './availability.ts';
import type { BusinessPeriod, LiftScope } from './stats-scope.ts';

export interface PeriodAvailability {
  /** liftId → availability fraction 0..1 */
  perLift: Map<number, number>;
  windowSeconds: number;
  unavailableSeconds: number;
}

export async function computeAvailability(
  repository: AvailabilityRepository,
  kind: AvailabilityKind,
  scope: LiftScope,
  period: BusinessPeriod,
  now: Date,
  method: 'engine' | 'exact' = 'engine',
): Promise<PeriodAvailability> {
  const [liftIds, windowSeconds, rows] = await Promise.all([
    repository.liftIds(kind, scope),
    repository.windowSeconds(period, now),
    method === 'exact'
      ? repository.exact(kind, scope, period, now)
      : Promise.all([repository.rolledUp(kind, scope, period), repository.exact(kind, scope, period, now, true)]).then(
          ([rolled, open]) => {
            // Lifts with an open event: the exact figure replaces the rolled-up one.
            const exactIds = new Set(open.map((r) => r.liftId));
            return [...rolled.filter((r) => !exactIds.has(r.liftId)), ...open];
          },
        ),
  ]);
  const unavailable = new Map(rows.map((r) => [r.liftId, r.unavailableSeconds]));
  const perLift = new Map<number, number>();
  let unavailableSeconds = 0;
  for (const id of liftIds) {
    const seconds = Math.min(unavailable.get(id) ?? 0, windowSeconds);
    unavailableSeconds += seconds;
    perLift.set(id, liftAvailability(seconds, windowSeconds));
  }
  return { perLift, windowSeconds, unavailableSeconds };
}
