// The current view's counts: per condition, how many of the scope's lifts are in it right now. A
// fleet reads the conditions of every lift from small sets (CurrentConditionsRepository's
// fleetConditions) and counts the ones of its lifts here, from the list of lifts in service today
// kept beside the availability months (with whether each has an intercom; kept right by the lifts
// trigger of migrations 0023 and 0030). A single lift, or a node whose listener is down, counts the
// rows of the conditions statement, as /current-state lists them.
import type { LiftStatus } from '@liftwacht/contracts/dashboard';
import { localDay } from '../../lib/local-day.ts';
import { liftIdSet } from '../../lib/lift-id-set.ts';
import { countingLiftIdSet, countingLiftsKey } from './availability-month-cache.ts';
import type { AvailabilityRepository } from './availability.repository.ts';
import type { CurrentConditionsRepository, FleetConditions } from './current-conditions.repository.ts';
import type { LiftScope } from './stats-scope.ts';

const openStatus: Record<FleetConditions['open'][number][0], LiftStatus> = {
  unavailable: 'liftUnavailable',
  sense_failure: 'senseFailureSensor',
  intercom_unavailable: 'intercomUnavailable',
};

export class CurrentCounts {
  constructor(
    private readonly conditions: CurrentConditionsRepository,
    /** For the lifts in service today, kept beside the availability months. */
    private readonly availability: AvailabilityRepository,
  ) {}

  /** Lifts per condition (a lift counts once per condition). */
  async counts(
    scope: LiftScope,
    now: Date,
    /** The fleet's conditions read once for several scopes (served-stats.ts); read here otherwise. */
    fleetConditions?: () => Promise<FleetConditions>,
  ): Promise<Map<LiftStatus, number>> {
    const cache = this.availability.months;
    if (!cache?.isLive || scope.liftId !== undefined) return this.fromRows(scope, now);
    const inService = { from: localDay(now) };
    const kinds = ['unavailable', 'intercom_unavailable'] as const;
    const lifts = await cache.lifts(countingLiftsKey(scope, inService, kinds), () =>
      this.availability.countingLifts(kinds, scope, inService),
    );
    if (lifts.liftIds.length === 0) return new Map();
    const inScope = countingLiftIdSet(lifts);
    const withIntercom = liftIdSet(lifts.liftIds.filter((_, i) => lifts.hasIntercom[i]));
    const fleet = await (fleetConditions ? fleetConditions() : this.conditions.fleetConditions(now));
    // Each list holds a lift at most once (grouped, or one row a lift, in the statement).
    const counted = (ids: readonly number[], also: (id: number) => boolean = () => true) =>
      ids.reduce((n, id) => (inScope.has(id) && also(id) ? n + 1 : n), 0);
    const counts = new Map<LiftStatus, number>();
    for (const [type, ids] of fleet.open) {
      counts.set(openStatus[type], counted(ids, type === 'intercom_unavailable' ? withIntercom.has : undefined));
    }
    counts.set('visits', counted(fleet.visits));
    counts.set('servicecounterMaintenanceAlert', counted(fleet.maintenanceInsufficient));
    counts.set('approvalRejected', counted(fleet.rejected));
    counts.set('approvalExpired', counted(fleet.expired));
    counts.set('inspectionUnknown', counted(fleet.inspectionUnknown));
    counts.set('senseNotConnected', counted(fleet.notConnected));
    return counts;
  }

  private async fromRows(scope: LiftScope, now: Date): Promise<Map<LiftStatus, number>> {
    const byStatus = new Map<LiftStatus, Set<number>>();
    for (const row of await this.conditions.conditions(scope, now)) {
      const set = byStatus.get(row.status) ?? new Set<number>();
      set.add(row.liftId);
      byStatus.set(row.status, set);
    }
    return new Map([...byStatus].map(([status, lifts]) => [status, lifts.size]));
  }
}
