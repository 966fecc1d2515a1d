// Per-lift, per-local-day unavailable seconds for each local hour, kept beside the events so a
// year of availability reads one row per lift-day with an outage instead of raw intervals.
// Only closed events are rolled up: an open event grows every second, so the stats engine computes
// lifts with an open event exactly instead.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';

export const availabilityKinds = ['unavailable', 'intercom_unavailable'] as const;
export type AvailabilityKind = (typeof availabilityKinds)[number];

export const businessTimeZone = 'Europe/Amsterdam';

/**
 * Rebuilds the rollup rows of the given lifts (all lifts when omitted) for one event kind. Overlapping
 * events of a lift are unioned first, so a minute is never counted twice.
 */
export async function refreshAvailabilityRollup(db: Db, kind: AvailabilityKind, liftIds?: number[]): Promise<void> {
  const liftFilter = liftIds ? sql`and lift_id = any(${sql.param(liftIds)}::int[])` : sql``;
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from daily_availability where kind = ${kind} ${liftFilter}`);
    await tx.execute(sql`
      with merged as (
        select lift_id, unnest(range_agg(tstzrange(started_at, ended_at))) as r
        from events
        where type = ${kind} and ended_at is not null and ended_at > started_at ${liftFilter}
        group by lift_id
      ),
      hours as (
        select m.lift_id, h,
               extract(epoch from least(upper(m.r), h + interval '1 hour') - greatest(lower(m.r), h)) as secs
        from merged m,
             generate_series(date_trunc('hour', lower(m.r)), upper(m.r) - interval '1 microsecond', interval '1 hour') as h
      ),
      per_hour as (
        select lift_id,
               (h at time zone ${businessTimeZone})::date as day,
               extract(hour from h at time zone ${businessTimeZone})::int as hr,
               sum(secs) as secs
        from hours
        group by 1, 2, 3
      ),
      days as (select distinct lift_id, day from per_hour)
      insert into daily_availability (lift_id, kind, day, hour_seconds)
      select d.lift_id, ${kind}, d.day, array_agg(coalesce(p.secs, 0)::float8 order by g.hr)
      from days d
      cross join generate_series(0, 23) as g(hr)
      left join per_hour p on p.lift_id = d.lift_id and p.day = d.day and p.hr = g.hr
      group by d.lift_id, d.day
    `);
    await tx.execute(sql`delete from monthly_availability where kind = ${kind} ${liftFilter}`);
    await tx.execute(monthlyAvailabilityInsertSql(sql`kind = ${kind} ${liftFilter}`));
  });
}

/**
 * Sums the daily rows chosen by `where` per lift and kind over each local month, quarter and year
 * (months = 1, 3, 12) into monthly_availability's running hour totals (element h + 1 = seconds in
 * hours 0..h-1). A calendar year then reads one row a lift, a rolling year five. Migration 0007
 * backfilled the same rows.
 */
export function monthlyAvailabilityInsertSql(where: SQL): SQL {
  const hours = Array.from({ length: 24 }, (_, h) => h + 1);
  const daySums = hours.map((h) => `sum(hour_seconds[${String(h)}]) as s${String(h)}`).join(', ');
  const blockSums = hours.map((h) => `sum(m.s${String(h)}) as s${String(h)}`).join(', ');
  const running = hours
    .map((h) =>
      hours
        .slice(0, h)
        .map((i) => `b.s${String(i)}`)
        .join(' + '),
    )
    .join(', ');
  return sql`
    insert into monthly_availability (lift_id, kind, month, months, through_hour)
    select b.lift_id, b.kind, b.month, b.months, array[0::float8, ${sql.raw(running)}]
    from (
      select m.lift_id, m.kind, g.months,
             case g.months when 1 then m.month
                           when 3 then date_trunc('quarter', m.month)::date
                           else date_trunc('year', m.month)::date end as month,
             ${sql.raw(blockSums)}
      from (
        select lift_id, kind, date_trunc('month', day)::date as month, ${sql.raw(daySums)}
        from daily_availability
        where ${where}
        group by 1, 2, 3
      ) m
      cross join (values (1), (3), (12)) as g(months)
      group by 1, 2, 3, 4
    ) b`;
}
