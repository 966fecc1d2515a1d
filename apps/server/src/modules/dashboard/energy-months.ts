// Energy of a period for a fleet, with its closed days kept in memory per node (whole months, and
// parts of months such as the first one of a rolling year). A local day is closed once ingest can
// no longer write it (messages more than 30 days old are refused, message-parser.ts): its per-lift
// totals never change again, so they need no signal.
// The lifts counted come from the availability cache's kept lists (kept right by the lifts
// trigger of migration 0023); the open months are read from the database for those lifts.
import { addDays } from '../../lib/calendar-days.ts';
import { localDay } from '../../lib/local-day.ts';
import type { AvailabilityRepository } from './availability.repository.ts';
import type { PeriodFiguresRepository } from './period-figures.repository.ts';
import type { BusinessPeriod, LiftScope } from './stats-scope.ts';
import { monthPieces, type MonthPiece } from './whole-months.ts';
import { countingLiftIdSet, countingLiftsKey, liftIdFilterSql } from './availability-month-cache.ts';

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
    // The closed days come first in any period: kept whole months and parts of months; the days
    // after them are read from the database.
    const lastClosed = addDays(localDay(now), -closedAfterDays - 1);
    const closedThrough = p.to < lastClosed ? p.to : lastClosed;
    const pieces = p.from <= closedThrough ? monthPieces(p.from, closedThrough) : [];
    const openFrom = pieces.length > 0 ? addDays(closedThrough, 1) : p.from;
    const kinds = ['unavailable', 'intercom_unavailable'] as const;
    // kept in memory nearly always: the open days' statement reads these lifts' rows
    const counting = await cache.lifts(countingLiftsKey(scope, p, kinds), () =>
      this.availability.countingLifts(kinds, scope, p),
    );
    const [open, ...kept] = await Promise.all([
      openFrom <= p.to
        ? this.figures.energyWh(scope, { ...p, from: openFrom }, (column) => liftIdFilterSql(counting, column))
        : 0,
      ...pieces.map((m) => this.piece(m)),
    ]);
    const counted = countingLiftIdSet(counting).has;
    let total = open;
    for (const { liftIds, wh } of kept) {
      for (let i = 0; i < liftIds.length; i++) {
        const id = liftIds[i] ?? 0;
        if (counted(id)) total += wh[i] ?? 0;
      }
    }
    return total;
  }

  /** A closed month, or closed days of one, per lift: loaded once, never changed. */
  private piece(m: MonthPiece): Promise<{ liftIds: Int32Array; wh: Float64Array }> {
    const key = m.whole ? m.month : `${m.month}|${m.first}..${m.last}`;
    let kept = this.months.get(key);
    if (!kept) {
      kept = m.whole ? this.figures.monthEnergy(m.month) : this.figures.monthPartEnergy(m.first, m.last);
      kept.catch(() => this.months.delete(key));
      if (this.months.size >= monthsKept) this.months.clear();
      this.months.set(key, kept);
    }
    return kept;
  }
}
