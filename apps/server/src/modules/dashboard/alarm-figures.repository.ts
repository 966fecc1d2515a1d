// Alarm handling and reliability figures of a period (contracts: dashboard.ts alarmFiguresSchema):
// one statement over the period's calls and `unavailable` events, for the scope as a whole (the
// period view, one row) or per lift (the stats details). Every figure is taken over rows that
// *started* in the period, so the partial indexes calls_alarm_started_idx and
// events_unavailable_started_idx (started_at first, the columns needed after it) answer a fleet's
// period from the index alone, and a single lift reads its own rows by (lift_id, started_at).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { localDayStartSql, timestampSql } from '../../db/local-time-sql.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { liftScopeSql, periodEndSql, periodStartSql, type BusinessPeriod, type LiftScope } from './stats-scope.ts';

/** The raw aggregates of one lift (liftId set) or of the whole scope (liftId null). */
export interface AlarmFigureRow {
  liftId: number | null;
  /** Calls of every kind except test. */
  calls: number;
  entrapments: number;
  falseAlarms: number;
  ttaCount: number;
  ttaMedian: number | null;
  ttaP90: number | null;
  ttfCount: number;
  ttfMedian: number | null;
  ttfP90: number | null;
  /** `unavailable` events that started in the period. */
  failures: number;
  /** Of those, the ones that have ended. */
  restored: number;
  /** Mean seconds from start to end of the restored ones; null without any. */
  mttr: number | null;
  /** Seconds in service in the period so far, summed over the lifts. */
  inService: number;
}

export class AlarmFiguresRepository {
  constructor(private readonly db: Db) {}

  /** The scope's figures as one row (a scope without calls or events still has its time in service). */
  async totals(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<AlarmFigureRow> {
    const [row] = await sqlRows<AlarmFigureRow>(
      this.db,
      sql`${figureCtesSql(scope, p, now, false)}
          select null::int as "liftId", ${figureColumnsSql},
                 coalesce((select sum(in_service) from scoped), 0)::float8 as "inService"
          from call_figures c cross join failure_figures f`,
    );
    if (!row) throw new Error('alarm figures: no row');
    return row;
  }

  /** One row per lift with at least one call or unavailability event in the period. */
  async perLift(scope: LiftScope, p: BusinessPeriod, now: Date): Promise<AlarmFigureRow[]> {
    return sqlRows<AlarmFigureRow>(
      this.db,
      sql`${figureCtesSql(scope, p, now, true)}
          select s.id as "liftId", ${figureColumnsSql}, s.in_service::float8 as "inService"
          from scoped s
          left join call_figures c on c.lift_id = s.id
          left join failure_figures f on f.lift_id = s.id
          where c.lift_id is not null or f.lift_id is not null
          order by s.id`,
    );
  }
}

const figureColumnsSql = sql`
  coalesce(c.calls, 0)::int as calls, coalesce(c.entrapments, 0)::int as entrapments,
  coalesce(c.false_alarms, 0)::int as "falseAlarms",
  coalesce(c.tta_count, 0)::int as "ttaCount", c.tta_q[1] as "ttaMedian", c.tta_q[2] as "ttaP90",
  coalesce(c.ttf_count, 0)::int as "ttfCount", c.ttf_q[1] as "ttfMedian", c.ttf_q[2] as "ttfP90",
  coalesce(f.failures, 0)::int as failures, coalesce(f.restored, 0)::int as restored, f.mttr::float8 as mttr`;

/**
 * CTEs `scoped` (the lifts with their seconds in service), `call_figures` and `failure_figures`,
 * grouped per lift or over the scope. Seconds from a start to a later time never go negative.
 */
function figureCtesSql(scope: LiftScope, p: BusinessPeriod, now: Date, perLift: boolean): SQL {
  // The period as far as it has happened, worked out once (inline, the time-zone conversions
  // would run for every row).
  const startTs = sql`(select start_ts from bounds)`;
  const endTs = sql`(select end_ts from bounds)`;
  // date_part, not extract: extract answers numeric, whose arithmetic cost more than the scan.
  const seconds = (from: SQL, to: SQL) => sql`greatest(0::float8, date_part('epoch', ${to} - ${from}))`;
  const groupCalls = perLift ? sql`group by c.lift_id` : sql``;
  const groupEvents = perLift ? sql`group by e.lift_id` : sql``;
  const callLift = perLift ? sql`c.lift_id,` : sql``;
  const eventLift = perLift ? sql`e.lift_id,` : sql``;
  const entrapmentSeconds = (column: SQL) =>
    sql`case when c.kind = 'entrapment' and ${column} is not null then ${seconds(sql`c.started_at`, column)} end`;
  return sql`
      with bounds as materialized (
        select ${periodStartSql(p)} as start_ts, least(${periodEndSql(p)}, ${timestampSql(now)}) as end_ts
      ),
      scoped as (
        select l.id,
               ${seconds(
                 startTs,
                 sql`least(${endTs}, coalesce(${localDayStartSql(sql`l.decommissioned_on`)}, ${endTs}))`,
               )} as in_service
        from lifts l where ${liftScopeSql(scope, p.from)}
      ),
      call_rows as (
        select c.lift_id, c.kind,
               ${entrapmentSeconds(sql`c.acknowledged_at`)} as tta,
               ${entrapmentSeconds(sql`c.passenger_freed_at`)} as ttf
        from calls c join lifts l on l.id = c.lift_id
        -- No figure counts test calls: leaving them out here lets calls_alarm_started_idx answer.
        where ${liftScopeSql(scope, p.from)} and c.kind <> 'test'
          and c.started_at >= ${startTs} and c.started_at < ${endTs}
      ),
      call_figures as (
        select ${callLift}
               count(*) as calls,
               count(*) filter (where c.kind = 'entrapment') as entrapments,
               count(*) filter (where c.kind = 'false_alarm') as false_alarms,
               count(c.tta) as tta_count,
               -- both percentiles from one sort of each column
               percentile_cont(array[0.5, 0.9]) within group (order by c.tta) as tta_q,
               count(c.ttf) as ttf_count,
               percentile_cont(array[0.5, 0.9]) within group (order by c.ttf) as ttf_q
        from call_rows c
        ${groupCalls}
      ),
      failure_figures as (
        select ${eventLift}
               count(*) as failures,
               count(e.ended_at) as restored,
               avg(${seconds(sql`e.started_at`, sql`e.ended_at`)}) filter (where e.ended_at is not null) as mttr
        from events e join lifts l on l.id = e.lift_id
        where ${liftScopeSql(scope, p.from)} and e.type = 'unavailable'
          and e.started_at >= ${startTs} and e.started_at < ${endTs}
        ${groupEvents}
      )`;
}
