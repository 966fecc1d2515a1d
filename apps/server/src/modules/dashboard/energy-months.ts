// Energy of a period for a fleet, with its closed months kept in memory per node. A local month is
// closed once ingest can no longer write any of its days (messages more than 30 days old are
// refused, message-parser.ts): its per-lift totals never change again, so they need no signal.
// The lifts counted come from the availability cache's kept lists (kept right by the lifts
// trigger of migration 0023); the open months are read from the database for those lifts.
import { addDays } from '../../lib/calendar-days.ts';
import { localDay } from '../../lib/local-day.ts';
import type { AvailabilityRepository } from './availability.repository.ts';
import type { PeriodFiguresRepository } from './period-figures.repository.ts';
import type { BusinessPeriod, LiftScope } from './stats-scope.ts';
import { monthsBetween, nextMonth, wholeMonths } from './whole-months.ts';
import { countingLiftsKey, liftIdsSql } from './availability-month-cache.ts';

/** Days after a month's last day until no message can reach it: 30 days, a day of zones, spare. */
const closedAfterDays = 33;
const monthsKept = 48;

export class EnergyMonths {
  private readonly months = new Map<string, Promise<{ liftIds: Int32Array; wh: Float64Array }>>();

  constructor(
    private readonly figures: PeriodFiguresRepository,
    private readonly availability: AvailabilityRepository,
  ) {}

  async energyWh(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<number> {
    const cache = this.availability.months;
    if (!cache?.isLive || scope.liftId !== undefined) return this.figures.energyWh(scope, p);
    const whole = wholeMonths(p.from, p.to);
    const lastOpenDay = addDays(localDay(now), -closedAfterDays);
    const closed = whole
      ? monthsBetween(whole.first, whole.last).filter((m) => addDays(nextMonth(m), -1) < lastOpenDay)
      : [];
    const kinds = ['unavailable', 'intercom_unavailable'] as const;
    // kept in memory nearly always: the open months' statement reads these lifts' rows
    const counting = await cache.lifts(countingLiftsKey(scope, p, kinds), () =>
      this.availability.countingLifts(kinds, scope, p),
    );
    const [open, ...kept] = await Promise.all([
      this.figures.energyWh(scope, p, closed, liftIdsSql(counting)),
      ...closed.map((m) => this.month(m)),
    ]);
    const maxId = counting.liftIds.reduce((a, b) => Math.max(a, b), 0);
    const counts = new Uint8Array(maxId + 1);
    for (const id of counting.liftIds) counts[id] = 1;
    let total = open;
    for (const { liftIds, wh } of kept) {
      for (let i = 0; i < liftIds.length; i++) {
        const id = liftIds[i] ?? 0;
        if (id <= maxId && counts[id] === 1) total += wh[i] ?? 0;
      }
    }
    return total;
  }

  private month(m: string): Promise<{ liftIds: Int32Array; wh: Float64Array }> {
    let kept = this.months.get(m);
    if (!kept) {
      kept = this.figures.monthEnergy(m);
      kept.catch(() => this.months.delete(m));
      if (this.months.size >= monthsKept) this.months.clear();
      this.months.set(m, kept);
    }
    return kept;
  }
}
