// Per-lift availability for a period: the rollup for whole days, exact range arithmetic only from
// the day a lift's open event began (it runs until now, so no rollup holds it). Equal to the exact
// computation over every lift, which availability-engine.test.ts checks on random fleets.
import type { AvailabilityKind } from '../../db/rollups/availability-rollup.ts';
import { countingLiftsKey, type AvailabilityMonthCache } from './availability-month-cache.ts';
import type { AvailabilityRepository, BusinessWindow, LiftAvailabilityColumns } from './availability.repository.ts';
import { liftAvailability } from './availability.ts';
import type { BusinessPeriod, LiftScope } from './stats-scope.ts';

export interface PeriodAvailability {
  /** The counted lifts, and each one's availability fraction 0..1 (element i: liftIds[i]'s). */
  liftIds: readonly number[];
  fractions: Float64Array;
  /** liftId → availability fraction 0..1, built on first use (the period view needs only the fractions). */
  readonly perLift: Map<number, number>;
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
  // A fleet reads the kept months; one lift (its dashboard, its report) reads its own rows by key.
  const lifts =
    repository.months?.isLive && scope.liftId === undefined
      ? await fromKeptMonths(repository, repository.months, kinds, scope, period, now, window)
      : await repository.byLift(kinds, scope, period, now, window);
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
  const fractions = new Float64Array(liftIds.length);
  let unavailableSeconds = 0;
  for (let i = 0; i < liftIds.length; i++) {
    const counted = Math.min(seconds[i] ?? 0, windowSeconds);
    unavailableSeconds += counted;
    fractions[i] = liftAvailability(counted, windowSeconds);
  }
  let perLift: Map<number, number> | undefined;
  return {
    liftIds,
    fractions,
    get perLift() {
      perLift ??= new Map(liftIds.map((id, i) => [id, fractions[i] ?? 1]));
      return perLift;
    },
    windowSeconds,
    unavailableSeconds,
  };
}

/**
 * byLift() from the months kept in memory: the period's lift-days summed in Node, except for the
 * lifts a signal marked stale (read with the request) and, per lift and kind, the days from the
 * one its earliest open event began (exact range arithmetic, as byLift does).
 */
async function fromKeptMonths(
  repository: AvailabilityRepository,
  cache: AvailabilityMonthCache,
  kinds: readonly AvailabilityKind[],
  scope: LiftScope,
  period: BusinessPeriod,
  now: Date,
  window: BusinessWindow,
): Promise<LiftAvailabilityColumns> {
  const months = monthsOf(period.from, period.to);
  const kept = await Promise.all(
    kinds.flatMap((kind) =>
      months.map(async (m) => ({
        kind,
        ...m,
        ...(await cache.month(kind, period.startHour, period.endHour, m.month, () =>
          repository.monthRows(kind, period, m.month),
        )),
      })),
    ),
  );
  const stale = new Set<number>();
  for (const k of kept) for (const id of k.dirty) stale.add(id);
  const counting = await cache.lifts(countingLiftsKey(scope, period, kinds), () =>
    repository.countingLifts(kinds, scope, period),
  );
  const live = await repository.liveParts(kinds, period, now, window, [...stale]);

  // Dense tables by lift id: the loops below run over hundreds of thousands of rows.
  const maxId = counting.liftIds.reduce((a, b) => Math.max(a, b), 0);
  const position = new Int32Array(maxId + 1).fill(-1);
  counting.liftIds.forEach((id, i) => (position[id] = i));
  const isStale = new Uint8Array(maxId + 1);
  for (const id of stale) if (id <= maxId) isStale[id] = 1;
  const sums = new Map(kinds.map((kind) => [kind, new Float64Array(counting.liftIds.length)]));
  // per kind: the first day (yyyymmdd) of the lift's exact part, 0 without one
  const cutoffs = new Map(kinds.map((kind) => [kind, new Int32Array(maxId + 1)]));
  for (const [liftId, kind, day] of live.cutoffs) {
    const table = cutoffs.get(kind);
    if (table && liftId <= maxId) table[liftId] = dayNumber(day);
  }

  for (const k of kept) {
    const sum = sums.get(k.kind);
    const cutoff = cutoffs.get(k.kind);
    if (!sum || !cutoff) continue;
    const { liftIds, days, seconds } = k.rows;
    for (let i = 0; i < liftIds.length; i++) {
      const liftId = liftIds[i] ?? 0;
      const day = days[i] ?? 0;
      if (liftId > maxId || day < k.firstDay || day > k.lastDay || isStale[liftId] === 1) continue;
      const at = position[liftId] ?? -1;
      if (at < 0) continue;
      const cut = cutoff[liftId] ?? 0;
      if (cut !== 0 && k.base + day >= cut) continue;
      sum[at] = (sum[at] ?? 0) + (seconds[i] ?? 0);
    }
  }
  for (const [liftId, kind, day, secs] of live.rows) {
    const at = liftId <= maxId ? (position[liftId] ?? -1) : -1;
    const cut = cutoffs.get(kind)?.[liftId] ?? 0;
    const sum = sums.get(kind);
    if (at < 0 || !sum || (cut !== 0 && dayNumber(day) >= cut)) continue;
    sum[at] = (sum[at] ?? 0) + secs;
  }
  const nowMs = now.getTime();
  for (const [liftId, kind, start, end] of live.recent) {
    const at = liftId <= maxId ? (position[liftId] ?? -1) : -1;
    const sum = sums.get(kind);
    if (at >= 0 && sum) sum[at] = (sum[at] ?? 0) + windowOverlapMs(window, start, Math.min(end, nowMs)) / 1000;
  }

  const unavailable = sums.get('unavailable');
  const intercom = sums.get('intercom_unavailable');
  return {
    liftIds: counting.liftIds,
    hasIntercom: counting.hasIntercom,
    unavailable: unavailable ? Array.from(unavailable) : counting.liftIds.map(() => 0),
    intercomUnavailable: intercom
      ? Array.from(intercom, (v, i) => (counting.hasIntercom[i] ? v : 0))
      : counting.liftIds.map(() => 0),
  };
}

/** Milliseconds of [start, end) inside the business window: a binary search, then its hours. */
function windowOverlapMs(window: BusinessWindow, start: number, end: number): number {
  const { starts, ends } = window;
  let lo = 0;
  let hi = ends.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ends[mid] ?? 0) <= start) lo = mid + 1;
    else hi = mid;
  }
  let total = 0;
  for (let i = lo; i < starts.length && (starts[i] ?? Infinity) < end; i++) {
    total += Math.max(0, Math.min(end, ends[i] ?? 0) - Math.max(start, starts[i] ?? 0));
  }
  return total;
}

/** yyyy-mm-dd as the number yyyymmdd. */
function dayNumber(day: string): number {
  return Number(day.slice(0, 4)) * 10_000 + Number(day.slice(5, 7)) * 100 + Number(day.slice(8, 10));
}

/** The local months a period touches, each with the days of it the period covers. */
function monthsOf(from: string, to: string): { month: string; base: number; firstDay: number; lastDay: number }[] {
  const months = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const lastYear = Number(to.slice(0, 4));
  const lastMonth = Number(to.slice(5, 7));
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
    months.push({
      month: iso,
      base: year * 10_000 + month * 100,
      firstDay: iso.slice(0, 7) === from.slice(0, 7) ? Number(from.slice(8, 10)) : 1,
      lastDay: iso.slice(0, 7) === to.slice(0, 7) ? Number(to.slice(8, 10)) : 31,
    });
    month++;
    if (month > 12) {
      month = 1;
      year++;
    }
  }
  return months;
}
