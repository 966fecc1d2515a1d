// Alarm handling and reliability figures of a period (contracts: dashboard.ts alarmFiguresSchema):
// one statement over the period's calls and `unavailable` events, for the scope as a whole (the
// period view, one row) or per lift (the stats details). Every figure is taken over rows that
// *started* in the period, so the partial indexes calls_alarm_started_idx and
// events_unavailable_started_idx (started_at first, the columns needed after it) answer a fleet's
// period from the index alone, and a single lift reads its own rows by (lift_id, started_at).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { localDayEndSql, localDayStartSql, timestampSql } from '../../db/local-time-sql.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import type { AlarmMonth } from './alarm-month-cache.ts';
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

/** The scope's figure inputs over part of a period, the TTA and TTF values themselves. */
export interface AlarmRest {
  calls: number;
  entrapments: number;
  falseAlarms: number;
  tta: number[];
  ttf: number[];
  failures: number;
  restored: number;
  /** Microseconds from start to end of the restored events, summed. */
  repairMicros: number;
  /** The period so far, epoch ms: its start and least(its end, now). */
  startMs: number;
  endMs: number;
}

/** Local days from..through (both included) that the caller takes from elsewhere. */
export interface SkippedDays {
  from: string;
  through: string;
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

  /**
   * The given lifts' calls and events in the rest of a period beside the skipped (kept) months, as
   * totals with every TTA and TTF of them, and the period's bounds so far. The caller passes the
   * scope's lifts (kept in memory): joining the lifts table cost a scan of its wide rows.
   */
  async rest(
    p: BusinessPeriod,
    now: Date,
    skipped: SkippedDays | undefined,
    /** A relation of the lifts' ids (liftIdsSql). */
    liftIds: SQL,
  ): Promise<AlarmRest> {
    // without skipped days the second range is empty
    const skipFrom = skipped ? localDayStartSql(skipped.from) : periodEndSql(p);
    const skipTo = skipped ? localDayEndSql(skipped.through) : periodEndSql(p);
    const [row] = await sqlRows<{ calls: string; failures: string; startMs: number; endMs: number }>(
      this.db,
      sql`with bounds as materialized (
            select ${periodStartSql(p)} as start_ts, least(${periodEndSql(p)}, ${timestampSql(now)}) as end_ts,
                   ${skipFrom} as skip_from, ${skipTo} as skip_to
          ),
          ranges as (
            select start_ts, least(end_ts, skip_from) as end_ts from bounds
            union all
            select greatest(start_ts, skip_to), end_ts from bounds
          ),
          scoped as materialized (${liftIds}),
          call_rows as (
            select c.kind, ${ttaSql} as tta, ${ttfSql} as ttf
            from ranges r
            join calls c on c.started_at >= r.start_ts and c.started_at < r.end_ts
            join scoped s on s.id = c.lift_id
            where c.kind <> 'test'
          ),
          failure_rows as (
            select e.ended_at, ${repairMicrosSql} as micros
            from ranges r
            join events e on e.started_at >= r.start_ts and e.started_at < r.end_ts
            join scoped s on s.id = e.lift_id
            where e.type = 'unavailable'
          )
          select (select json_build_array(count(*), count(*) filter (where kind = 'entrapment'),
                                          count(*) filter (where kind = 'false_alarm'),
                                          coalesce(json_agg(tta) filter (where tta is not null), '[]'),
                                          coalesce(json_agg(ttf) filter (where ttf is not null), '[]'))
                  from call_rows)::text as calls,
                 (select json_build_array(count(*), count(ended_at), coalesce(sum(micros), 0))
                  from failure_rows)::text as failures,
                 (select extract(epoch from start_ts)::float8 * 1000 from bounds) as "startMs",
                 (select extract(epoch from end_ts)::float8 * 1000 from bounds) as "endMs"`,
    );
    if (!row) throw new Error('alarm figures: no row');
    const [calls, entrapments, falseAlarms, tta, ttf] = JSON.parse(row.calls) as [
      number,
      number,
      number,
      number[],
      number[],
    ];
    const [failures, restored, repairMicros] = JSON.parse(row.failures) as [number, number, number];
    return {
      calls,
      entrapments,
      falseAlarms,
      tta,
      ttf,
      failures,
      restored,
      repairMicros,
      startMs: row.startMs,
      endMs: row.endMs,
    };
  }

  /** One local month (its first day) of the whole fleet, what AlarmMonthCache keeps. */
  async month(month: string): Promise<AlarmMonth> {
    return this.fleetRows(sql`ranges as (
        select ${localDayStartSql(month)} as start_ts,
               ${localDayStartSql(sql`(${month}::date + interval '1 month')::date`)} as end_ts
      )`);
  }

  /** Local days first..last (both included) of the whole fleet, what AlarmMonthCache keeps. */
  async days(first: string, last: string): Promise<AlarmMonth> {
    return this.fleetRows(sql`ranges as (
        select ${localDayStartSql(first)} as start_ts, ${localDayEndSql(last)} as end_ts
      )`);
  }

  /**
   * The whole fleet's calls (except tests) and `unavailable` events that started in the time
   * ranges of the CTE `ranges` (start_ts, end_ts), per lift, and every TTA and TTF with its lift.
   * Index-only reads of calls_alarm_started_idx and events_unavailable_started_idx.
   */
  private async fleetRows(rangesCtes: SQL): Promise<AlarmMonth> {
    const [row] = await sqlRows<{ lifts: string; tta: string; ttf: string }>(
      this.db,
      sql`with ${rangesCtes},
          call_rows as (
            select c.lift_id, c.kind, ${ttaSql} as tta, ${ttfSql} as ttf
            from ranges r join calls c on c.started_at >= r.start_ts and c.started_at < r.end_ts
            where c.kind <> 'test'
          ),
          per_lift as (
            select lift_id, sum(calls)::int as calls, sum(entrapments)::int as entrapments,
                   sum(false_alarms)::int as false_alarms, sum(failures)::int as failures,
                   sum(restored)::int as restored, sum(micros) as micros
            from (
              select lift_id, count(*) as calls, count(*) filter (where kind = 'entrapment') as entrapments,
                     count(*) filter (where kind = 'false_alarm') as false_alarms,
                     0 as failures, 0 as restored, 0::float8 as micros
              from call_rows group by lift_id
              union all
              select e.lift_id, 0, 0, 0, count(*), count(e.ended_at), coalesce(sum(${repairMicrosSql}), 0)
              from ranges r join events e on e.started_at >= r.start_ts and e.started_at < r.end_ts
              where e.type = 'unavailable'
              group by e.lift_id
            ) x
            group by lift_id
          )
          select (select json_build_array(
                           coalesce(json_agg(lift_id order by lift_id), '[]'), coalesce(json_agg(calls order by lift_id), '[]'),
                           coalesce(json_agg(entrapments order by lift_id), '[]'),
                           coalesce(json_agg(false_alarms order by lift_id), '[]'),
                           coalesce(json_agg(failures order by lift_id), '[]'),
                           coalesce(json_agg(restored order by lift_id), '[]'),
                           coalesce(json_agg(micros order by lift_id), '[]'))
                  from per_lift)::text as lifts,
                 (select json_build_array(coalesce(json_agg(lift_id), '[]'), coalesce(json_agg(tta), '[]'))
                  from call_rows where tta is not null)::text as tta,
                 (select json_build_array(coalesce(json_agg(lift_id), '[]'), coalesce(json_agg(ttf), '[]'))
                  from call_rows where ttf is not null)::text as ttf`,
    );
    if (!row) throw new Error('alarm month: no row');
    const lifts = JSON.parse(row.lifts) as number[][];
    const [ttaLiftIds, tta] = JSON.parse(row.tta) as [number[], number[]];
    const [ttfLiftIds, ttf] = JSON.parse(row.ttf) as [number[], number[]];
    const column = (i: number) => lifts[i] ?? [];
    return {
      liftIds: Int32Array.from(column(0)),
      calls: Int32Array.from(column(1)),
      entrapments: Int32Array.from(column(2)),
      falseAlarms: Int32Array.from(column(3)),
      failures: Int32Array.from(column(4)),
      restored: Int32Array.from(column(5)),
      repairMicros: Float64Array.from(column(6)),
      ttaLiftIds: Int32Array.from(ttaLiftIds),
      tta: Float64Array.from(tta),
      ttfLiftIds: Int32Array.from(ttfLiftIds),
      ttf: Float64Array.from(ttf),
    };
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

// date_part, not extract: extract answers numeric, whose arithmetic cost more than the scan.
const secondsSql = (from: SQL, to: SQL) => sql`greatest(0::float8, date_part('epoch', ${to} - ${from}))`;
const entrapmentSecondsSql = (column: SQL) =>
  sql`case when c.kind = 'entrapment' and ${column} is not null then ${secondsSql(sql`c.started_at`, column)} end`;
/** Seconds to acknowledge and to free of a call `c` (an entrapment's; null otherwise). */
const ttaSql = entrapmentSecondsSql(sql`c.acknowledged_at`);
const ttfSql = entrapmentSecondsSql(sql`c.passenger_freed_at`);
/**
 * Microseconds from start to end of a restored event `e` (null while open), a whole number: sums
 * of it are exact in any order, where sums of float seconds depend on the order of the rows. The
 * float seconds times 10^6, rounded, are those microseconds exactly (a double carries them to well
 * below a microsecond for any outage), and cheaper than numeric arithmetic on every row.
 */
const repairMicrosSql = sql`greatest(0::float8, round(date_part('epoch', e.ended_at - e.started_at) * 1000000))`;

/** CTE `scoped`: the scope's lifts with their seconds in service in the period so far (needs `bounds`). */
function scopedSql(scope: LiftScope, p: BusinessPeriod): SQL {
  const endTs = sql`(select end_ts from bounds)`;
  return sql`scoped as (
        select l.id,
               ${secondsSql(
                 sql`(select start_ts from bounds)`,
                 sql`least(${endTs}, coalesce(${localDayStartSql(sql`l.decommissioned_on`)}, ${endTs}))`,
               )} as in_service
        from lifts l where ${liftScopeSql(scope, p.from)}
      )`;
}

/**
 * CTEs `scoped` (the lifts with their seconds in service), `call_figures` and `failure_figures`,
 * grouped per lift or over the scope. Seconds from a start to a later time never go negative.
 */
function figureCtesSql(scope: LiftScope, p: BusinessPeriod, now: Date, perLift: boolean): SQL {
  // The period as far as it has happened, worked out once (inline, the time-zone conversions
  // would run for every row).
  const startTs = sql`(select start_ts from bounds)`;
  const endTs = sql`(select end_ts from bounds)`;
  const groupCalls = perLift ? sql`group by c.lift_id` : sql``;
  const groupEvents = perLift ? sql`group by e.lift_id` : sql``;
  const callLift = perLift ? sql`c.lift_id,` : sql``;
  const eventLift = perLift ? sql`e.lift_id,` : sql``;
  return sql`
      with bounds as materialized (
        select ${periodStartSql(p)} as start_ts, least(${periodEndSql(p)}, ${timestampSql(now)}) as end_ts
      ),
      ${scopedSql(scope, p)},
      call_rows as (
        select c.lift_id, c.kind,
               ${ttaSql} as tta,
               ${ttfSql} as ttf
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
               avg(${secondsSql(sql`e.started_at`, sql`e.ended_at`)}) filter (where e.ended_at is not null) as mttr
        from events e join lifts l on l.id = e.lift_id
        where ${liftScopeSql(scope, p.from)} and e.type = 'unavailable'
          and e.started_at >= ${startTs} and e.started_at < ${endTs}
        ${groupEvents}
      )`;
}
