// The alarm figures of a fleet's period, with its finished days read from AlarmMonthCache (whole
// months, and parts of months such as the current one up to yesterday): the kept per-lift numbers
// summed over the counting lifts, their times to acknowledge and to free merged with the rest of
// the period's (today's part, from SQL) and the percentiles taken over all of them, as
// percentile_cont does. A single lift, or a node whose listener is down, reads SQL alone.
import type { AlarmMonth, AlarmMonthCache } from './alarm-month-cache.ts';
import type { AlarmFigureRow, AlarmFiguresRepository } from './alarm-figures.repository.ts';
import type { AvailabilityRepository } from './availability.repository.ts';
import type { BusinessPeriod, LiftScope } from './stats-scope.ts';
import { percentilesCont } from './percentile-cont.ts';
import { monthPieces } from './whole-months.ts';
import { countingLiftIdSet, countingLiftsKey, liftIdsSql } from './availability-month-cache.ts';

export class AlarmTotals {
  constructor(
    private readonly repository: AlarmFiguresRepository,
    /** For the counting lifts, kept beside the availability months. */
    private readonly availability: AvailabilityRepository,
    private readonly cache?: AlarmMonthCache,
  ) {}

  async totals(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<AlarmFigureRow> {
    const cache = this.cache;
    const lifts = this.availability.months;
    if (!cache?.isLive || !lifts?.isLive || scope.liftId !== undefined) return this.repository.totals(scope, p, now);
    // The period's finished days (to an hour ago) are kept: whole months, and parts of months by
    // their days; the rest, today's part, is read from SQL.
    const lastKept = cache.lastKeepableDay(now);
    const through = p.to < lastKept ? p.to : lastKept;
    const pieces = p.from <= through ? monthPieces(p.from, through) : [];
    const skipped = pieces.length > 0 ? { from: p.from, through } : undefined;

    const kinds = ['unavailable', 'intercom_unavailable'] as const;
    // kept in memory nearly always: the rest's statement reads these lifts' rows
    const counting = await lifts.lifts(countingLiftsKey(scope, p, kinds), () =>
      this.availability.countingLifts(kinds, scope, p),
    );
    const [rest, ...kept] = await Promise.all([
      this.repository.rest(p, now, skipped, liftIdsSql(counting)),
      ...pieces.map((m) =>
        m.whole
          ? cache.get(m.month, () => this.repository.month(m.month))
          : cache.get(`${m.month}|${m.first}..${m.last}`, () => this.repository.days(m.first, m.last)),
      ),
    ]);
    const counted = countingLiftIdSet(counting).has;
    // Seconds in service: to the end of the period so far, or to the local midnight the lift was
    // decommissioned on (scopedSql's rule, per lift, never negative).
    let inService = 0;
    for (const decommissioned of counting.decommissionedAtMs) {
      const until = decommissioned === null ? rest.endMs : Math.min(rest.endMs, decommissioned);
      inService += Math.max(0, (until - rest.startMs) / 1000);
    }

    const sum: Sums = {
      calls: rest.calls,
      entrapments: rest.entrapments,
      falseAlarms: rest.falseAlarms,
      failures: rest.failures,
      restored: rest.restored,
      repairMicros: rest.repairMicros,
    };
    for (const month of kept) addCounted(sum, month, counted);
    const tta = merged(rest.tta, kept, 'ttaLiftIds', 'tta', counted);
    const ttf = merged(rest.ttf, kept, 'ttfLiftIds', 'ttf', counted);
    const [ttaMedian = null, ttaP90 = null] = percentilesCont(tta, [0.5, 0.9]);
    const [ttfMedian = null, ttfP90 = null] = percentilesCont(ttf, [0.5, 0.9]);
    return {
      liftId: null,
      calls: sum.calls,
      entrapments: sum.entrapments,
      falseAlarms: sum.falseAlarms,
      ttaCount: tta.length,
      ttaMedian,
      ttaP90,
      ttfCount: ttf.length,
      ttfMedian,
      ttfP90,
      failures: sum.failures,
      restored: sum.restored,
      mttr: sum.restored === 0 ? null : sum.repairMicros / 1e6 / sum.restored,
      inService,
    };
  }
}

type Sums = Record<'calls' | 'entrapments' | 'falseAlarms' | 'failures' | 'restored' | 'repairMicros', number>;

function addCounted(sum: Sums, month: AlarmMonth, counted: (id: number) => boolean): void {
  const { liftIds } = month;
  for (let i = 0; i < liftIds.length; i++) {
    if (!counted(liftIds[i] ?? 0)) continue;
    sum.calls += month.calls[i] ?? 0;
    sum.entrapments += month.entrapments[i] ?? 0;
    sum.falseAlarms += month.falseAlarms[i] ?? 0;
    sum.failures += month.failures[i] ?? 0;
    sum.restored += month.restored[i] ?? 0;
    sum.repairMicros += month.repairMicros[i] ?? 0;
  }
}

/** The rest's values and the kept months' values of counted lifts, in no order. */
function merged(
  rest: readonly number[],
  months: readonly AlarmMonth[],
  liftsKey: 'ttaLiftIds' | 'ttfLiftIds',
  valuesKey: 'tta' | 'ttf',
  counted: (id: number) => boolean,
): Float64Array {
  let n = rest.length;
  for (const m of months) n += m[valuesKey].length;
  const out = new Float64Array(n);
  out.set(rest);
  let at = rest.length;
  for (const m of months) {
    const ids = m[liftsKey];
    const values = m[valuesKey];
    for (let i = 0; i < values.length; i++) if (counted(ids[i] ?? 0)) out[at++] = values[i] ?? 0;
  }
  return out.subarray(0, at);
}
