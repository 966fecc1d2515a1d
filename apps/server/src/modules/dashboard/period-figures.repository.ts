// Inspection and maintenance figures of a period, per lift (docs/dashboard-rules.md: the first
// inspection 12 months after commissioning, then 18-month approvals; maintenance on time within
// ±10 % of the interval, counted from commissioning or the lift's creation before the first visit).
import { sql, type SQL } from 'drizzle-orm';
import { timestampSql } from '../../db/local-time-sql.ts';
import type { Db } from '../../db/database.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { liftScopeSql, periodEndSql, periodStartSql, type BusinessPeriod, type LiftScope } from './stats-scope.ts';
import { monthsBetween, wholeMonths } from './whole-months.ts';

export type PeriodFigure =
  | 'approvalRejected'
  | 'approvalExpired'
  | 'inspectionUnknown'
  | 'maintenanceBeforeInterval'
  | 'maintenanceOnInterval'
  | 'maintenanceAfterInterval'
  | 'maintenanceExpired'
  | 'maintenanceVisits';

export interface PeriodFigureTotal {
  figure: PeriodFigure;
  /** Occurrences over all lifts. */
  count: number;
  /** Lifts with at least one. */
  lifts: number;
}

export interface PeriodFigureRow {
  liftId: number;
  figure: PeriodFigure;
  /** Occurrences in the period for this lift. */
  count: number;
  /** Qualifying value: latest date (inspections), or most days overdue (maintenanceExpired). */
  value: string | number | null;
}

/**
 * What the maintenance and inspection totals are computed from, for the whole fleet: every
 * maintenance gap, every lift's interval and where it runs from, every rejection and every lapse of
 * a lift's inspection (kept per node by maintenance-totals.ts). Element i of each group's arrays is
 * one row.
 */
export interface MaintenanceSnapshot {
  gapLiftIds: Int32Array;
  /** Epoch microseconds (whole numbers, exact in a double). */
  gapStartedUs: Float64Array;
  /** NaN while no visit followed. */
  gapNextUs: Float64Array;
  /** NaN for a lift's first visit. */
  gapSeconds: Float64Array;
  /** Indexed by lift id; NaN for an id without a lift. */
  intervalDays: Float64Array;
  /** Indexed by lift id: where the interval runs from before the first visit (epoch µs); NaN without a lift. */
  sinceUs: Float64Array;
  /** Indexed by lift id: its first finished maintenance visit (epoch µs); NaN for none. */
  firstVisitUs: Float64Array;
  rejectionLiftIds: Int32Array;
  /** yyyymmdd */
  rejectedOn: Int32Array;
  lapseLiftIds: Int32Array;
  /** yyyymmdd of a lapse's first day without a valid inspection. */
  lapseStartDay: Int32Array;
  /** yyyymmdd of the approval that ended it; 0 while it lasts. */
  lapseEndDay: Int32Array;
  /**
   * Indexed by lift id (yyyymmdd): from which day its inspection is due on a known day: 0 when
   * commissioned, else its first approval with a validity, 99999999 for never; 0 without a lift.
   */
  inspectionKnownFrom: Int32Array;
}

/** inspectionKnownFrom of a lift that never got a known due day. */
export const neverKnown = 99_999_999;

/** A period's bounds as the SQL figures take them: epoch microseconds, and the last day as yyyymmdd. */
export interface PeriodBounds {
  startUs: number;
  endUs: number;
  fromDay: number;
  endDay: number;
}

// 90 % and 110 % of a day in seconds: "interval days × this" bounds a maintenance gap on time.
export const earliestOnTime = 77_760;
export const latestOnTime = 95_040;

export class PeriodFiguresRepository {
  constructor(private readonly db: Db) {}

  /** Per lift and figure: what the stats details list. */
  async figures(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<PeriodFigureRow[]> {
    const rows = await sqlRows<PeriodFigureRow>(
      this.db,
      sql`${figureCtesSql(scope, p, now)}
          select f.lift_id as "liftId", v.figure, v.count::int as count, v.value
          from per_lift f
          cross join lateral (values
            ('maintenanceBeforeInterval', f.before, null::text),
            ('maintenanceOnInterval', f.on_time, null::text),
            ('maintenanceAfterInterval', f.after, null::text),
            ('maintenanceVisits', f.visits, null::text),
            ('maintenanceExpired', f.expired, f.expired_days::int::text)
          ) as v(figure, count, value)
          where v.count > 0
          union all
          select lift_id, figure, count, value from inspection_figures`,
    );
    return rows.map((r) => ({ ...r, value: r.figure === 'maintenanceExpired' ? Number(r.value) : r.value }));
  }

  /**
   * Per figure: occurrences and lifts, what the period view shows. Summed in SQL straight from the
   * per-lift columns: carrying tens of thousands of per-lift rows to Node, or unpivoting them
   * first, cost more than the figures themselves.
   */
  async totals(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<PeriodFigureTotal[]> {
    // One pass over per_lift for all five maintenance figures, unpivoted afterwards.
    const columns: [PeriodFigure, string][] = [
      ['maintenanceBeforeInterval', 'before'],
      ['maintenanceOnInterval', 'on_time'],
      ['maintenanceAfterInterval', 'after'],
      ['maintenanceVisits', 'visits'],
      ['maintenanceExpired', 'expired'],
    ];
    const sums = columns.map(([, column]) =>
      sql.raw(
        `coalesce(sum(${column}), 0)::int as ${column}, (count(*) filter (where ${column} > 0))::int as ${column}_lifts`,
      ),
    );
    const values = columns.map(
      ([name, column]) => sql`(${name}::text, t.${sql.raw(column)}, t.${sql.raw(`${column}_lifts`)})`,
    );
    return sqlRows<PeriodFigureTotal>(
      this.db,
      sql`${figureCtesSql(scope, p, now)}
          select v.figure, v.count, v.lifts
          from (select ${sql.join(sums, sql`, `)} from per_lift) t
          cross join lateral (values ${sql.join(values, sql`, `)}) as v(figure, count, lifts)
          union all
          select figure, sum(count)::int, count(*)::int from inspection_figures group by figure`,
    );
  }

  /** The whole fleet's maintenance gaps, intervals, rejections and inspection lapses (see MaintenanceSnapshot). */
  async maintenanceSnapshot(): Promise<MaintenanceSnapshot> {
    const us = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::int8`);
    const yyyymmdd = (column: string) => sql.raw(`to_char(${column}, 'YYYYMMDD')::int`);
    const [row] = await sqlRows<{ gaps: string; lifts: string; rejections: string; lapses: string }>(
      this.db,
      sql`with ${inspectionLapsesSql(sql`lifts`)}
          select
            (select json_build_array(coalesce(json_agg(g.lift_id), '[]'), coalesce(json_agg(${us('g.started_at')}), '[]'),
                                     coalesce(json_agg(${us('g.next_at')}), '[]'), coalesce(json_agg(g.gap_seconds), '[]'))
             from maintenance_gaps g)::text as gaps,
            (select json_build_array(
                      coalesce(json_agg(l.id), '[]'), coalesce(json_agg(l.maintenance_interval_days), '[]'),
                      coalesce(json_agg(${us('r.maintenance_since')}), '[]'),
                      coalesce(json_agg(case when l.commissioned_on is not null then 0 else coalesce(
                        (select min(${yyyymmdd('j.inspected_on')}) from inspections j
                         where j.lift_id = l.id and j.result = 'approved' and j.valid_until is not null),
                        ${sql.raw(String(neverKnown))}) end), '[]'))
             from lifts l join lift_maintenance_rides r on r.lift_id = l.id)::text as lifts,
            (select json_build_array(coalesce(json_agg(i.lift_id), '[]'), coalesce(json_agg(${yyyymmdd('i.inspected_on')}), '[]'))
             from inspections i where i.result = 'rejected')::text as rejections,
            (select json_build_array(coalesce(json_agg(x.lift_id), '[]'), coalesce(json_agg(${yyyymmdd('x.start_day')}), '[]'),
                                     coalesce(json_agg(coalesce(${yyyymmdd('x.end_day')}, 0)), '[]'))
             from lapses x)::text as lapses`,
    );
    const [gapLiftIds, started, next, gapSeconds] = JSON.parse(row?.gaps ?? '[[],[],[],[]]') as (number | null)[][];
    const [liftIds, intervals, since, knownFrom] = JSON.parse(row?.lifts ?? '[[],[],[],[]]') as number[][];
    const [rejectionLiftIds, rejectedOn] = JSON.parse(row?.rejections ?? '[[],[]]') as number[][];
    const [lapseLiftIds, lapseStartDay, lapseEndDay] = JSON.parse(row?.lapses ?? '[[],[],[]]') as number[][];
    const maxId = (liftIds ?? []).reduce((a, b) => Math.max(a, b), 0);
    const intervalDays = new Float64Array(maxId + 1).fill(NaN);
    const sinceUs = new Float64Array(maxId + 1).fill(NaN);
    const inspectionKnownFrom = new Int32Array(maxId + 1);
    (liftIds ?? []).forEach((id, i) => {
      intervalDays[id] = intervals?.[i] ?? NaN;
      sinceUs[id] = since?.[i] ?? NaN;
      inspectionKnownFrom[id] = knownFrom?.[i] ?? 0;
    });
    const numbers = (values: (number | null)[] | undefined) => Float64Array.from(values ?? [], (v) => v ?? NaN);
    const gaps = {
      gapLiftIds: Int32Array.from((gapLiftIds ?? []) as number[]),
      gapStartedUs: numbers(started),
      gapNextUs: numbers(next),
      gapSeconds: numbers(gapSeconds),
    };
    // A lift's first visit is its gap without a previous one (what min(started_at) is in SQL).
    const firstVisitUs = new Float64Array(maxId + 1).fill(NaN);
    gaps.gapLiftIds.forEach((lift, i) => {
      if (Number.isNaN(gaps.gapSeconds[i] ?? NaN) && lift <= maxId) firstVisitUs[lift] = gaps.gapStartedUs[i] ?? NaN;
    });
    return {
      ...gaps,
      intervalDays,
      sinceUs,
      firstVisitUs,
      rejectionLiftIds: Int32Array.from(rejectionLiftIds ?? []),
      rejectedOn: Int32Array.from(rejectedOn ?? []),
      lapseLiftIds: Int32Array.from(lapseLiftIds ?? []),
      lapseStartDay: Int32Array.from(lapseStartDay ?? []),
      lapseEndDay: Int32Array.from(lapseEndDay ?? []),
      inspectionKnownFrom,
    };
  }

  /** The bounds figureCtesSql works out for a period (its CTE \`bounds\`), for the kept snapshot. */
  async bounds(p: BusinessPeriod, now: Date): Promise<PeriodBounds> {
    const nowTs = timestampSql(now);
    const [row] = await sqlRows<PeriodBounds>(
      this.db,
      sql`select (extract(epoch from ${periodStartSql(p)}) * 1000000)::float8 as "startUs",
                 (extract(epoch from least(${periodEndSql(p)}, ${nowTs})) * 1000000)::float8 as "endUs",
                 to_char(${p.from}::date, 'YYYYMMDD')::int as "fromDay",
                 to_char(least(${p.to}::date, (${nowTs} at time zone ${businessTimeZone})::date), 'YYYYMMDD')::int as "endDay"`,
    );
    if (!row) throw new Error('period bounds: no row');
    return row;
  }

  /** Every lift's energy total of one local month (the whole fleet; the caller picks its lifts). */
  async monthEnergy(month: string): Promise<{ liftIds: Int32Array; wh: Float64Array }> {
    const [row] = await sqlRows<{ liftIds: string; wh: string }>(
      this.db,
      sql`select coalesce(array_to_json(array_agg(mc.lift_id))::text, '[]') as "liftIds",
                 coalesce(array_to_json(array_agg(mc.total::float8))::text, '[]') as wh
          from monthly_counters mc where mc.kind = 'energy_wh' and mc.month = ${month}::date`,
    );
    return {
      liftIds: Int32Array.from(JSON.parse(row?.liftIds ?? '[]') as number[]),
      wh: Float64Array.from(JSON.parse(row?.wh ?? '[]') as number[]),
    };
  }

  /** Every lift's energy over local days first..last of one month (the whole fleet). */
  async monthPartEnergy(first: string, last: string): Promise<{ liftIds: Int32Array; wh: Float64Array }> {
    const firstDay = Number(first.slice(8, 10));
    const [row] = await sqlRows<{ liftIds: string; wh: string }>(
      this.db,
      sql`select coalesce(array_to_json(array_agg(x.lift_id))::text, '[]') as "liftIds",
                 coalesce(array_to_json(array_agg(x.wh))::text, '[]') as wh
          from (select mc.lift_id,
                       (mc.through_day[${Number(last.slice(8, 10))}::int]
                        - case when ${firstDay}::int > 1 then mc.through_day[${firstDay}::int - 1] else 0 end)::float8 as wh
                from monthly_counters mc
                where mc.kind = 'energy_wh' and mc.month = ${`${first.slice(0, 7)}-01`}::date) x`,
    );
    return {
      liftIds: Int32Array.from(JSON.parse(row?.liftIds ?? '[]') as number[]),
      wh: Float64Array.from(JSON.parse(row?.wh ?? '[]') as number[]),
    };
  }

  /**
   * Energy over local days from..to from the monthly running totals: a whole month is its total (an
   * index-only read), a partial first or last month the difference of two running totals.
   */
  async energyWh(
    scope: LiftScope,
    p: BusinessPeriod,
    /** A condition on a lift id column that holds for the scope's counting lifts (liftIdFilterSql), when kept. */
    liftFilter?: (column: SQL) => SQL,
  ): Promise<number> {
    const fromMonth = `${p.from.slice(0, 7)}-01`;
    const toMonth = `${p.to.slice(0, 7)}-01`;
    const firstDay = Number(p.from.slice(8, 10));
    const lastDay = Number(p.to.slice(8, 10));
    const whole = wholeMonths(p.from, p.to);
    const partialMonths = [...new Set([fromMonth, toMonth])].filter((m) => !whole || m < whole.first || m > whole.last);
    const read = whole ? monthsBetween(whole.first, whole.last) : [];
    const partialWh = sql`mc.through_day[case when mc.month = ${toMonth}::date then ${lastDay}::int else 31 end]
                   - case when mc.month = ${fromMonth}::date and ${firstDay}::int > 1
                          then mc.through_day[${firstDay}::int - 1] else 0 end`;
    if (liftFilter !== undefined) {
      // The kept ids tested on each index entry instead of a join with the lifts table, whose wide
      // rows cost a scan of ~1,300 pages at 10,000 lifts, or with a relation of the ids, which
      // sorted both sides' 10,000 rows for a merge join (most of the statement).
      const rows = (months: readonly string[], wh: SQL) =>
        sql`select ${wh} as wh from monthly_counters mc
            where mc.kind = 'energy_wh' and mc.month = any(${sql.param([...months])}::date[])
              and ${liftFilter(sql`mc.lift_id`)}`;
      const [row] = await sqlRows<{ wh: number }>(
        this.db,
        sql`select coalesce(sum(x.wh), 0)::float8 as wh
            from (${rows(read, sql`mc.total`)} union all ${rows(partialMonths, partialWh)}) x`,
      );
      return row?.wh ?? 0;
    }
    const energy = sql`join lifts l on l.id = mc.lift_id where ${liftScopeSql(scope, p.from)} and mc.kind = 'energy_wh'`;
    const wholeSql =
      read.length > 0
        ? sql`select mc.total as wh from monthly_counters mc ${energy}
              and mc.month = any(${sql.param(read)}::date[])`
        : sql`select 0::bigint as wh`;
    const [row] = await sqlRows<{ wh: number }>(
      this.db,
      sql`select coalesce(sum(x.wh), 0)::float8 as wh from (
            ${wholeSql}
            union all
            select ${partialWh}
            from monthly_counters mc ${energy}
              and mc.month = any(${sql.param(partialMonths)}::date[])
          ) x`,
    );
    return row?.wh ?? 0;
  }
}

/**
 * CTEs ending in \`per_lift\` (the maintenance figures, a row a lift) and \`inspection_figures\`
 * (lift, figure, count, value) for the statements of figures() and totals().
 */
function figureCtesSql(scope: LiftScope, p: BusinessPeriod, now: Date): SQL {
  const nowTs = timestampSql(now);
  // The period as far as it has happened: figures never count the future. Worked out once in
  // \`bounds\`: written inline, its time-zone conversions would run for every row.
  const startTs = sql`(select start_ts from bounds)`;
  const endTs = sql`(select end_ts from bounds)`;
  const endDay = sql`(select end_day from bounds)`;
  return sql`
      with bounds as materialized (
        select ${periodStartSql(p)} as start_ts,
               least(${periodEndSql(p)}, ${nowTs}) as end_ts,
               least(${p.to}::date, (${nowTs} at time zone ${businessTimeZone})::date) as end_day
      ),
      scoped as (
        select l.id, l.maintenance_interval_days as interval_days, l.commissioned_on
        from lifts l where ${liftScopeSql(scope, p.from)}
      ),
      ${inspectionLapsesSql(sql`scoped`)},
      -- Every gap after a maintenance visit that touches the period, with how long it lasted within
      -- it: to the next visit, or to the end of the period when none followed. Joined to lifts
      -- itself rather than \`scoped\`, whose row count the planner cannot see: it then hashed the
      -- gaps instead of the lifts.
      gaps as (
        select g.lift_id, g.started_at >= ${startTs} as in_period, g.gap_seconds,
               l.maintenance_interval_days * ${earliestOnTime} as earliest,
               l.maintenance_interval_days * ${latestOnTime} as latest,
               date_part('epoch', least(coalesce(g.next_at, ${endTs}), ${endTs}) - g.started_at) as open_seconds
        from maintenance_gaps g join lifts l on l.id = g.lift_id
        where ${liftScopeSql(scope, p.from)} and g.started_at < ${endTs} and coalesce(g.next_at, ${endTs}) > ${startTs}
        union all
        -- Before its first visit a lift's interval runs from commissioning, else from the day it was
        -- added (maintenance_since, migration 0033): no visit, but exceeded like any other gap.
        select l.id, false, null::float8,
               l.maintenance_interval_days * ${earliestOnTime}, l.maintenance_interval_days * ${latestOnTime},
               date_part('epoch', least(coalesce(fv.first_at, ${endTs}), ${endTs}) - r.maintenance_since)
        from lift_maintenance_rides r join lifts l on l.id = r.lift_id
        left join lateral (select min(g.started_at) as first_at from maintenance_gaps g where g.lift_id = l.id) fv on true
        where ${liftScopeSql(scope, p.from)} and r.maintenance_since < ${endTs} and coalesce(fv.first_at, ${endTs}) > ${startTs}
      ),
      per_lift as (
        select lift_id,
               count(*) filter (where in_period and gap_seconds < earliest) as before,
               count(*) filter (where in_period and gap_seconds between earliest and latest) as on_time,
               count(*) filter (where in_period and gap_seconds > latest) as after,
               count(*) filter (where in_period) as visits,
               -- a gap is exceeded from visit + 110 % of the interval on
               count(*) filter (where open_seconds > latest) as expired,
               max(floor((open_seconds - latest) / 86400)) filter (where open_seconds > latest) as expired_days
        from gaps
        group by lift_id
      ),
      -- per lift: rejections in the period; lapses of its inspection that reach into the period
      -- (value: the day the inspection was due); lifts whose inspection was due on no known day
      inspection_figures as (
        select i.lift_id, 'approvalRejected' as figure, count(*)::int as count, max(i.inspected_on)::text as value
        from inspections i join scoped s on s.id = i.lift_id
        where i.result = 'rejected' and i.inspected_on between ${p.from}::date and ${endDay}
        group by i.lift_id
        union all
        select lift_id, 'approvalExpired', count(*)::int, (max(start_day) - 1)::text
        from lapses
        where start_day <= ${endDay} and (end_day is null or end_day > ${p.from}::date)
        group by lift_id
        union all
        select s.id, 'inspectionUnknown', 1, null::text
        from scoped s
        where s.commissioned_on is null and not exists (
          select 1 from inspections j
          where j.lift_id = s.id and j.result = 'approved' and j.valid_until is not null and j.inspected_on <= ${endDay})
      )`;
}

/**
 * CTEs \`lapse_starts\` and \`lapses\` (lift_id, start_day, end_day): every stretch of days on which a
 * lift of \`lifts\` (a relation with id and commissioned_on) had no valid inspection while one was
 * due. A lapse starts on the day after an approval's last valid day, or 12 months and a day after
 * commissioning for a lift not approved by then, when no approval covers that day; it ends on the
 * day of the next approval with a validity (end_day), or lasts (null). A rejection has no validity:
 * it neither starts nor ends one. The current view's "inspection expired" is a lapse that holds
 * today (lift_facts.inspection_due_on before today).
 */
export function inspectionLapsesSql(lifts: SQL): SQL {
  const approvals = sql`j.result = 'approved' and j.valid_until is not null`;
  return sql`
      lapse_starts as (
        select j.lift_id, j.valid_until + 1 as start_day
        from inspections j join ${lifts} s on s.id = j.lift_id
        where ${approvals}
        union
        select s.id, (s.commissioned_on + interval '12 months')::date + 1
        from ${lifts} s
        where s.commissioned_on is not null and not exists (
          select 1 from inspections j
          where j.lift_id = s.id and ${approvals} and j.inspected_on <= (s.commissioned_on + interval '12 months')::date + 1)
      ),
      lapses as (
        select a.lift_id, a.start_day,
               (select min(j.inspected_on) from inspections j
                where j.lift_id = a.lift_id and ${approvals} and j.inspected_on > a.start_day) as end_day
        from lapse_starts a
        where not exists (
          select 1 from inspections j
          where j.lift_id = a.lift_id and ${approvals} and j.inspected_on <= a.start_day and j.valid_until >= a.start_day)
      )`;
}
