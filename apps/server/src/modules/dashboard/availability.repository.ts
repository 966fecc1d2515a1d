// Unavailable seconds per lift inside a period's business window (DESIGN §4), two ways:
// - exact: range/multirange arithmetic over the raw events (the reference, and for open events);
// - rolled up: sums of the per-hour rollup, so a year never scans raw rows.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AvailabilityKind } from '../../db/rollups/availability-rollup.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import {
  liftScopeSql,
  localHourSql,
  periodEndSql,
  periodStartSql,
  type BusinessPeriod,
  type LiftScope,
} from './stats-scope.ts';

export interface LiftWindow {
  liftId: number;
  unavailableSeconds: number;
}

/** The lifts that count for an availability kind: every lift, or only lifts with an intercom. */
function countingLiftsSql(kind: AvailabilityKind, scope: LiftScope): SQL {
  const intercomOnly = kind === 'intercom_unavailable' ? sql`and l.lift_type is not null` : sql``;
  return sql`${liftScopeSql(scope)} ${intercomOnly}`;
}

/** The business window as UTC hour ranges: hours whose local hour lies in [startHour, endHour), up to now. */
function windowHoursSql(p: BusinessPeriod, now: Date): SQL {
  const h = sql`h`;
  return sql`
    select h, least(h + interval '1 hour', ${now.toISOString()}::timestamptz) as h_end
    from generate_series(${periodStartSql(p)}, ${periodEndSql(p)} - interval '1 hour', interval '1 hour') as h
    where h < ${now.toISOString()}::timestamptz
      and ${localHourSql(h)} >= ${p.startHour} and ${localHourSql(h)} < ${p.endHour}`;
}

export class AvailabilityRepository {
  constructor(private readonly db: Db) {}

  /** Seconds in the business window of the period that have passed by `now` (the same for every lift). */
  async windowSeconds(p: BusinessPeriod, now: Date): Promise<number> {
    const [row] = await sqlRows<{ secs: number }>(
      this.db,
      sql`select coalesce(sum(extract(epoch from w.h_end - w.h)), 0)::float8 as secs from (${windowHoursSql(p, now)}) w`,
    );
    return row?.secs ?? 0;
  }

  async liftIds(kind: AvailabilityKind, scope: LiftScope): Promise<number[]> {
    const rows = await sqlRows<{ id: number }>(
      this.db,
      sql`select l.id from lifts l where ${countingLiftsSql(kind, scope)} order by l.id`,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Exact unavailable seconds from raw events. `onlyOpen` restricts it to lifts with an open event
   * of the kind (the part the rollup cannot hold).
   */
  async exact(
    kind: AvailabilityKind,
    scope: LiftScope,
    p: BusinessPeriod,
    now: Date,
    onlyOpen = false,
  ): Promise<LiftWindow[]> {
    const nowTs = sql`${now.toISOString()}::timestamptz`;
    const openFilter = onlyOpen
      ? sql`and e.lift_id in (select lift_id from events where type = ${kind} and ended_at is null)`
      : sql``;
    return sqlRows<LiftWindow>(
      this.db,
      sql`
      with win as (
        select range_agg(tstzrange(w.h, w.h_end)) as mr from (${windowHoursSql(p, now)}) w
      ),
      ev as (
        select e.lift_id, range_agg(tstzrange(e.started_at, coalesce(e.ended_at, ${nowTs}))) as mr
        from events e
        join lifts l on l.id = e.lift_id
        where ${countingLiftsSql(kind, scope)}
          and e.type = ${kind}
          and e.started_at < ${periodEndSql(p)}
          and coalesce(e.ended_at, ${nowTs}) > ${periodStartSql(p)}
          and coalesce(e.ended_at, ${nowTs}) > e.started_at
          ${openFilter}
        group by e.lift_id
      )
      select ev.lift_id as "liftId",
             coalesce((select sum(extract(epoch from upper(r) - lower(r))) from unnest(ev.mr * win.mr) as r), 0)::float8
               as "unavailableSeconds"
      from ev cross join win
      where win.mr is not null`,
    );
  }

  /** Unavailable seconds from the per-hour rollup (closed events only). */
  async rolledUp(kind: AvailabilityKind, scope: LiftScope, p: BusinessPeriod): Promise<LiftWindow[]> {
    return sqlRows<LiftWindow>(
      this.db,
      sql`
      select da.lift_id as "liftId",
             sum((select coalesce(sum(x), 0) from unnest(da.hour_seconds[${p.startHour + 1}:${p.endHour}]) as x))::float8
               as "unavailableSeconds"
      from daily_availability da
      join lifts l on l.id = da.lift_id
      where ${countingLiftsSql(kind, scope)}
        and da.kind = ${kind}
        and da.day between ${p.from}::date and ${p.to}::date
      group by da.lift_id`,
    );
  }
}
