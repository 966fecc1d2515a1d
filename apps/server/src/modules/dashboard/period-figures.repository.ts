// Inspection and maintenance figures of a period, per lift (DESIGN §4: 18-month inspections,
// maintenance on time within ±10 % of the interval).
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
 * maintenance gap, every lift's interval and every approval or rejection (kept per node by
 * maintenance-totals.ts). Element i of each group's arrays is one row.
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
  inspectionLiftIds: Int32Array;
  /** yyyymmdd */
  inspectedOn: Int32Array;
  rejected: Uint8Array;
  /** yyyymmdd of an approval's validity end; 0 for a rejection or an approval without one. */
  validUntil: Int32Array;
  /** An approval followed by another one on or before its validity end: it never expires. */
  superseded: Uint8Array;
}

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

  /** The whole fleet's maintenance gaps, intervals and inspections (see MaintenanceSnapshot). */
  async maintenanceSnapshot(): Promise<MaintenanceSnapshot> {
    const us = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000000)::int8`);
    const [row] = await sqlRows<{ gaps: string; lifts: string; inspections: string }>(
      this.db,
      sql`select
            (select json_build_array(coalesce(json_agg(g.lift_id), '[]'), coalesce(json_agg(${us('g.started_at')}), '[]'),
                                     coalesce(json_agg(${us('g.next_at')}), '[]'), coalesce(json_agg(g.gap_seconds), '[]'))
             from maintenance_gaps g)::text as gaps,
            (select json_build_array(coalesce(json_agg(l.id), '[]'), coalesce(json_agg(l.maintenance_interval_days), '[]'))
             from lifts l)::text as lifts,
            (select json_build_array(
                      coalesce(json_agg(i.lift_id), '[]'),
                      coalesce(json_agg(to_char(i.inspected_on, 'YYYYMMDD')::int), '[]'),
                      coalesce(json_agg(i.result = 'rejected'), '[]'),
                      coalesce(json_agg(case when i.result = 'approved' then coalesce(to_char(i.valid_until, 'YYYYMMDD')::int, 0) else 0 end), '[]'),
                      coalesce(json_agg(i.result = 'approved' and exists (
                        select 1 from inspections r
                        where r.lift_id = i.lift_id and r.result = 'approved'
                          and r.inspected_on > i.inspected_on and r.inspected_on <= i.valid_until)), '[]'))
             from inspections i where i.result in ('approved', 'rejected'))::text as inspections`,
    );
    const [gapLiftIds, started, next, gapSeconds] = JSON.parse(row?.gaps ?? '[[],[],[],[]]') as (number | null)[][];
    const [liftIds, intervals] = JSON.parse(row?.lifts ?? '[[],[]]') as number[][];
    const [inspectionLiftIds, inspectedOn, rejected, validUntil, superseded] = JSON.parse(
      row?.inspections ?? '[[],[],[],[],[]]',
    ) as (number | boolean)[][];
    const maxId = (liftIds ?? []).reduce((a, b) => Math.max(a, b), 0);
    const intervalDays = new Float64Array(maxId + 1).fill(NaN);
    (liftIds ?? []).forEach((id, i) => (intervalDays[id] = intervals?.[i] ?? NaN));
    const numbers = (values: (number | null)[] | undefined) => Float64Array.from(values ?? [], (v) => v ?? NaN);
    return {
      gapLiftIds: Int32Array.from((gapLiftIds ?? []) as number[]),
      gapStartedUs: numbers(started),
      gapNextUs: numbers(next),
      gapSeconds: numbers(gapSeconds),
      intervalDays,
      inspectionLiftIds: Int32Array.from((inspectionLiftIds ?? []) as number[]),
      inspectedOn: Int32Array.from((inspectedOn ?? []) as number[]),
      rejected: Uint8Array.from((rejected ?? []) as boolean[], Number),
      validUntil: Int32Array.from((validUntil ?? []) as number[]),
      superseded: Uint8Array.from((superseded ?? []) as boolean[], Number),
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
        select l.id, l.maintenance_interval_days as interval_days from lifts l where ${liftScopeSql(scope, p.from)}
      ),
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
      expiries as (
        select i.lift_id, i.valid_until
        from inspections i join scoped s on s.id = i.lift_id
        where i.result = 'approved' and i.valid_until is not null
          and i.valid_until >= ${p.from}::date and i.valid_until < ${endDay}
          and not exists (
            select 1 from inspections r
            where r.lift_id = i.lift_id and r.result = 'approved'
              and r.inspected_on > i.inspected_on and r.inspected_on <= i.valid_until
          )
      ),
      -- per lift: rejections in the period, and approvals that expired without a new one
      inspection_figures as (
        select i.lift_id, 'approvalRejected' as figure, count(*)::int as count, max(i.inspected_on)::text as value
        from inspections i join scoped s on s.id = i.lift_id
        where i.result = 'rejected' and i.inspected_on between ${p.from}::date and ${endDay}
        group by i.lift_id
        union all
        select lift_id, 'approvalExpired', count(*)::int, max(valid_until)::text
        from expiries group by lift_id
      )`;
}
