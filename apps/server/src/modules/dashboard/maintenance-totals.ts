// The maintenance and inspection totals of a fleet's period (what PeriodFiguresRepository.totals
// answers in SQL), from a snapshot of their inputs kept in memory per node: every maintenance gap,
// every lift's interval and every approval or rejection, a few hundred thousand numbers for 10,000
// lifts. A period is then a loop over them instead of a statement over a year of gaps (50–70 ms).
// The snapshot is forgotten on any change to those tables (`maintenance:*`, migration 0025; they
// change with finished maintenance visits and inspections, not with ingest's events), and loaded
// again by the next request. A single lift, or a node whose listener is down, reads SQL alone.
import type { LiftIdSet } from '../../lib/lift-id-set.ts';
import type { AvailabilityRepository } from './availability.repository.ts';
import {
  earliestOnTime,
  latestOnTime,
  type MaintenanceSnapshot,
  type PeriodBounds,
  type PeriodFigure,
  type PeriodFigureTotal,
  type PeriodFiguresRepository,
} from './period-figures.repository.ts';
import type { SignalKeptCache } from './signal-kept-cache.ts';
import type { BusinessPeriod, LiftScope } from './stats-scope.ts';
import { countingLiftIdSet, countingLiftsKey } from './availability-month-cache.ts';

export class MaintenanceTotals {
  constructor(
    private readonly repository: PeriodFiguresRepository,
    /** For the counting lifts, kept beside the availability months. */
    private readonly availability: AvailabilityRepository,
    private readonly cache?: SignalKeptCache<MaintenanceSnapshot>,
  ) {}

  async totals(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<PeriodFigureTotal[]> {
    const cache = this.cache;
    const lifts = this.availability.months;
    if (!cache?.isLive || !lifts?.isLive || scope.liftId !== undefined) return this.repository.totals(scope, p, now);
    const kinds = ['unavailable', 'intercom_unavailable'] as const;
    const [counting, snapshot, bounds] = await Promise.all([
      lifts.lifts(countingLiftsKey(scope, p, kinds), () => this.availability.countingLifts(kinds, scope, p)),
      cache.get('fleet', () => this.repository.maintenanceSnapshot()),
      this.repository.bounds(p, now),
    ]);
    return snapshotTotals(snapshot, countingLiftIdSet(counting), bounds);
  }
}

const figures: PeriodFigure[] = [
  'maintenanceBeforeInterval',
  'maintenanceOnInterval',
  'maintenanceAfterInterval',
  'maintenanceVisits',
  'maintenanceExpired',
  'approvalRejected',
  'approvalExpired',
  'inspectionUnknown',
];

/** Positions in `figures`. */
const Figure = {
  before: 0,
  onTime: 1,
  after: 2,
  visits: 3,
  expired: 4,
  rejected: 5,
  approvalExpired: 6,
  inspectionUnknown: 7,
} as const;
type Figure = (typeof Figure)[keyof typeof Figure];

/**
 * The rules of figureCtesSql (period-figures.repository.ts) over the snapshot: gaps that touch the
 * period, those that started in it by their length against 90–110 % of the interval, gaps open
 * longer than 110 % of it up to the period's end, the stretch before a lift's first visit among
 * them; rejections in the period, lapses of the inspection that reach into it, lifts whose
 * inspection was due on no known day by its end.
 */
export function snapshotTotals(s: MaintenanceSnapshot, lifts: LiftIdSet, b: PeriodBounds): PeriodFigureTotal[] {
  const { maxId, has: counted } = lifts;
  // per figure: its occurrences, the lifts with one, and per lift its occurrences (counted as they
  // come: a pass over each figure's column afterwards cost ~2 ms a request)
  const counts = new Int32Array(figures.length);
  const liftsWith = new Int32Array(figures.length);
  const perLift = figures.map(() => new Int32Array(maxId + 1));
  const add = (f: Figure, lift: number) => {
    const column = perLift[f];
    if (!column) return;
    const n = (column[lift] ?? 0) + 1;
    column[lift] = n;
    counts[f] = (counts[f] ?? 0) + 1;
    if (n === 1) liftsWith[f] = (liftsWith[f] ?? 0) + 1;
  };
  // Only the gaps that close after the period starts can touch it: a suffix in closing order.
  const { order, closesUs } = gapsByClose(s);
  for (let k = firstAfter(closesUs, b.startUs); k < order.length; k++) {
    const i = order[k] ?? 0;
    const lift = s.gapLiftIds[i] ?? 0;
    if (!counted(lift)) continue;
    const started = s.gapStartedUs[i] ?? NaN;
    const next = s.gapNextUs[i] ?? NaN;
    const closes = Number.isNaN(next) ? b.endUs : next;
    if (!(started < b.endUs && closes > b.startUs)) continue;
    const days = s.intervalDays[lift] ?? NaN;
    const earliest = days * earliestOnTime;
    const latest = days * latestOnTime;
    if (started >= b.startUs) {
      const gap = s.gapSeconds[i] ?? NaN;
      add(Figure.visits, lift);
      if (gap < earliest) add(Figure.before, lift);
      else if (gap >= earliest && gap <= latest) add(Figure.onTime, lift);
      else if (gap > latest) add(Figure.after, lift);
    }
    // whole microseconds: the comparison agrees with the SQL's float seconds (see the test)
    if ((Math.min(closes, b.endUs) - started) / 1e6 > latest) add(Figure.expired, lift);
  }
  // Per lift: the stretch from commissioning (or the lift's creation) to its first visit, and
  // whether its inspection was due on a known day by the period's end.
  for (let lift = 0; lift <= maxId; lift++) {
    if (!counted(lift)) continue;
    if ((s.inspectionKnownFrom[lift] ?? 0) > b.endDay) add(Figure.inspectionUnknown, lift);
    const since = s.sinceUs[lift] ?? NaN;
    if (Number.isNaN(since)) continue;
    const first = s.firstVisitUs[lift] ?? NaN;
    const closes = Number.isNaN(first) ? b.endUs : first;
    const latest = (s.intervalDays[lift] ?? NaN) * latestOnTime;
    if (since < b.endUs && closes > b.startUs && (Math.min(closes, b.endUs) - since) / 1e6 > latest) {
      add(Figure.expired, lift);
    }
  }
  for (let i = 0; i < s.rejectionLiftIds.length; i++) {
    const lift = s.rejectionLiftIds[i] ?? 0;
    const on = s.rejectedOn[i] ?? 0;
    if (counted(lift) && on >= b.fromDay && on <= b.endDay) add(Figure.rejected, lift);
  }
  for (let i = 0; i < s.lapseLiftIds.length; i++) {
    const lift = s.lapseLiftIds[i] ?? 0;
    const end = s.lapseEndDay[i] ?? 0;
    if (counted(lift) && (s.lapseStartDay[i] ?? 0) <= b.endDay && (end === 0 || end > b.fromDay)) {
      add(Figure.approvalExpired, lift);
    }
  }
  return figures.flatMap((figure, f) => {
    const count = counts[f] ?? 0;
    const lifts = liftsWith[f] ?? 0;
    // the SQL answers the inspection figures only when a lift has one
    if (
      count === 0 &&
      (figure === 'approvalRejected' || figure === 'approvalExpired' || figure === 'inspectionUnknown')
    )
      return [];
    return [{ figure, count, lifts }];
  });
}

/** A snapshot's gaps in the order they close (the next visit; still open: last), worked out once per snapshot. */
interface GapsByClose {
  /** Gap positions in closing order. */
  order: Int32Array;
  /** Their closing instants in that order (epoch µs; Infinity while open). */
  closesUs: Float64Array;
}

const gapOrders = new WeakMap<MaintenanceSnapshot, GapsByClose>();

/**
 * The gaps in closing order. A month touches a twelfth of a year's gaps and the one open at its
 * start per lift: reading only those instead of every gap of the fleet was most of the month's
 * maintenance figures (a loop over ~100,000 gaps, ~1.3 ms a request).
 */
function gapsByClose(s: MaintenanceSnapshot): GapsByClose {
  let kept = gapOrders.get(s);
  if (kept === undefined) {
    const n = s.gapLiftIds.length;
    const closes = Float64Array.from(s.gapNextUs, (next) => (Number.isNaN(next) ? Infinity : next));
    const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (closes[a] ?? 0) - (closes[b] ?? 0));
    kept = { order, closesUs: Float64Array.from(order, (i) => closes[i] ?? Infinity) };
    gapOrders.set(s, kept);
  }
  return kept;
}

/** The first position whose value is above `after` in an ascending array (its length when none is). */
function firstAfter(sorted: Float64Array, after: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? Infinity) <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
