// Per-lift availability for a period: the rollup for whole days, exact range arithmetic only from
// the day a lift's open event began (it runs until now, so no rollup holds it). Equal to the exact
// computation over every lift, which availability-engine.test.ts checks on random fleets.
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

/** Both kinds (or one) from a single statement: the dashboard's period view needs them together. */
export async function computeAvailabilities(
  repository: AvailabilityRepository,
  kinds: readonly AvailabilityKind[],
  scope: LiftScope,
  period: BusinessPeriod,
  now: Date,
): Promise<Map<AvailabilityKind, PeriodAvailability>> {
  const window = await repository.window(period, now);
  const lifts = await repository.byLift(kinds, scope, period, now, window);
  const result = new Map<AvailabilityKind, PeriodAvailability>();
  for (const kind of kinds) {
    const intercom = kind === 'intercom_unavailable';
    const seconds = intercom ? lifts.intercomUnavailable : lifts.unavailable;
    const counted = intercom ? lifts.liftIds.filter((_, i) => lifts.hasIntercom[i]) : lifts.liftIds;
    const countedSeconds = intercom ? seconds.filter((_, i) => lifts.hasIntercom[i]) : seconds;
    result.set(kind, summarise(counted, countedSeconds, window.seconds));
  }
  return result;
}

export async function computeAvailability(
  repository: AvailabilityRepository,
  kind: AvailabilityKind,
  scope: LiftScope,
  period: BusinessPeriod,
  now: Date,
  method: 'engine' | 'exact' = 'engine',
): Promise<PeriodAvailability> {
  if (method === 'engine') {
    const result = (await computeAvailabilities(repository, [kind], scope, period, now)).get(kind);
    if (!result) throw new Error(`no availability computed for ${kind}`);
    return result;
  }
  const [liftIds, window, rows] = await Promise.all([
    repository.liftIds(kind, scope, period),
    repository.window(period, now),
    repository.exact(kind, scope, period, now),
  ]);
  const unavailable = new Map(rows.map((r) => [r.liftId, r.unavailableSeconds]));
  return summarise(
    liftIds,
    liftIds.map((id) => unavailable.get(id) ?? 0),
    window.seconds,
  );
}

/** Per-lift fractions and the total from each lift's unavailable seconds (seconds[i] is liftIds[i]'s). */
function summarise(liftIds: readonly number[], seconds: readonly number[], windowSeconds: number): PeriodAvailability {
  const perLift = new Map<number, number>();
  let unavailableSeconds = 0;
  liftIds.forEach((id, i) => {
    const counted = Math.min(seconds[i] ?? 0, windowSeconds);
    unavailableSeconds += counted;
    perLift.set(id, liftAvailability(counted, windowSeconds));
  });
  return { perLift, windowSeconds, unavailableSeconds };
}
