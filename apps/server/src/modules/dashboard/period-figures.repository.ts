// Inspection and maintenance figures of a period, per lift (DESIGN §4: 18-month inspections,
// maintenance on time within ±10 % of the interval).
import { sql, type SQL } from 'drizzle-orm';
import { timestampSql } from '../../db/local-time-sql.ts';
import type { Db } from '../../db/database.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { liftScopeSql, periodEndSql, periodStartSql, type BusinessPeriod, type LiftScope } from './stats-scope.ts';

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

// 90 % and 110 % of a day (77,760 s and 95,040 s): "interval days × this" is the on-time bound as
// an exact interval. Comparing intervals avoids numeric arithmetic on every visit, which cost more
// than the rest of the query.
const earliestOnTime = sql`interval '77760 seconds'`;
const latestOnTime = sql`interval '95040 seconds'`;

export class PeriodFiguresRepository {
  constructor(private readonly db: Db) {}

  /** Per lift and figure: what the stats details list. */
  async figures(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<PeriodFigureRow[]> {
    const rows = await sqlRows<PeriodFigureRow>(this.db, perLiftFiguresSql(scope, p, now));
    return rows.map((r) => ({ ...r, value: r.figure === 'maintenanceExpired' ? Number(r.value) : r.value }));
  }

  /**
   * Per figure: occurrences and lifts, what the period view shows. Summed in SQL: the per-lift rows
   * of a large fleet number tens of thousands, and carrying them to Node cost more than the query.
   */
  async totals(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<PeriodFigureTotal[]> {
    return sqlRows<PeriodFigureTotal>(
      this.db,
      sql`select f.figure, sum(f.count)::int as count, count(*)::int as lifts
          from (${perLiftFiguresSql(scope, p, now)}) f
          group by f.figure`,
    );
  }

  /**
   * Energy over local days from..to from the monthly running totals: per lift a whole month is its
   * last running total, a partial first or last month the difference of two (13 rows a lift for a
   * year, where daily_counters would give 365).
   */
  async energyWh(scope: LiftScope, p: BusinessPeriod): Promise<number> {
    const fromMonth = `${p.from.slice(0, 7)}-01`;
    const toMonth = `${p.to.slice(0, 7)}-01`;
    const firstDay = Number(p.from.slice(8, 10));
    const lastDay = Number(p.to.slice(8, 10));
    const [row] = await sqlRows<{ wh: number }>(
      this.db,
      sql`select coalesce(sum(
                   mc.through_day[case when mc.month = ${toMonth}::date then ${lastDay}::int else 31 end]
                   - case when mc.month = ${fromMonth}::date and ${firstDay}::int > 1
                          then mc.through_day[${firstDay}::int - 1] else 0 end
                 ), 0)::float8 as wh
          from monthly_counters mc join lifts l on l.id = mc.lift_id
          where ${liftScopeSql(scope)} and mc.kind = 'energy_wh'
            and mc.month between ${fromMonth}::date and ${toMonth}::date`,
    );
    return row?.wh ?? 0;
  }
}

function perLiftFiguresSql(scope: LiftScope, p: BusinessPeriod, now: Date): SQL {
  const nowTs = timestampSql(now);
  // The period as far as it has happened: figures never count the future.
  const endTs = sql`least(${periodEndSql(p)}, ${nowTs})`;
  const endDay = sql`least(${p.to}::date, (${nowTs} at time zone ${businessTimeZone})::date)`;
  return sql`
      with scoped as (
        select l.id, l.maintenance_interval_days as interval_days from lifts l where ${liftScopeSql(scope)}
      ),
      maintenance as (
        select v.lift_id, v.started_at, s.interval_days,
               lag(v.started_at) over (partition by v.lift_id order by v.started_at) as previous_at,
               lead(v.started_at) over (partition by v.lift_id order by v.started_at) as next_at
        from visits v join scoped s on s.id = v.lift_id
        where v.type = 'maintenance' and v.state = 'finished'
      ),
      classified as (
        select lift_id, started_at,
               case
                 when previous_at is null then null
                 when started_at - previous_at < interval_days * ${earliestOnTime} then 'maintenanceBeforeInterval'
                 when started_at - previous_at > interval_days * ${latestOnTime} then 'maintenanceAfterInterval'
                 else 'maintenanceOnInterval'
               end as figure
        from maintenance
        where started_at >= ${periodStartSql(p)} and started_at < ${endTs}
      ),
      overdue as (
        -- A gap after a visit (to the next visit, or to the end of the period when none followed)
        -- is exceeded from visit + 110 % of the interval on; it counts when that overlaps the period.
        select m.lift_id,
               m.started_at + m.interval_days * ${latestOnTime} as overdue_from,
               coalesce(m.next_at, ${endTs}) as gap_end
        from maintenance m
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
      )
      select lift_id as "liftId", figure, count(*)::int as count, null::text as value
      from classified where figure is not null group by lift_id, figure
      union all
      select lift_id, 'maintenanceVisits', count(*)::int, null::text
      from classified group by lift_id
      union all
      select i.lift_id, 'approvalRejected', count(*)::int, max(i.inspected_on)::text
      from inspections i join scoped s on s.id = i.lift_id
      where i.result = 'rejected' and i.inspected_on between ${p.from}::date and ${endDay}
      group by i.lift_id
      union all
      select lift_id, 'approvalExpired', count(*)::int, max(valid_until)::text
      from expiries group by lift_id
      union all
      select lift_id, 'maintenanceExpired', count(*)::int,
             max(floor(extract(epoch from least(gap_end, ${endTs}) - overdue_from) / 86400))::int::text
      from overdue
      where overdue_from < gap_end and overdue_from < ${endTs} and gap_end > ${periodStartSql(p)}
      group by lift_id`;
}
