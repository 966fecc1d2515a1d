// Per-lift, per-local-day unavailable seconds for each local hour, kept beside the events so a
// year of availability reads one row per lift-day with an outage instead of raw intervals.
// Only closed events are rolled up: an open event grows every second, so the stats engine computes
// lifts with an open event exactly instead.
import { sql } from 'drizzle-orm';
import type { Db } from '../database.ts';

export const availabilityKinds = ['unavailable', 'intercom_unavailable'] as const;
export type AvailabilityKind = (typeof availabilityKinds)[number];

export const businessTimeZone = 'Europe/Amsterdam';

/**
 * Every refresh signals on commit which lifts' rollup it rebuilt (`kind:id,id,…`, or `kind:*` for
 * all), so each node's in-memory months (modules/dashboard/availability-month-cache.ts) stay right.
 */
export const availabilityChannel = 'liftwacht_availability';
/** Ids per signal: a NOTIFY payload must stay under 8,000 bytes. */
const idsPerSignal = 800;

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
    // Months, years to date and rests of years from the days (the function of migration 0009).
    const ids = liftIds ? sql`${sql.param(liftIds)}::int[]` : sql`array(select id from lifts)`;
    await tx.execute(sql`select liftwacht_monthly_availability_rebuild(${kind}, ${ids})`);
    const payloads: string[] = [];
    if (!liftIds) payloads.push(`${kind}:*`);
    for (let i = 0; liftIds && i < liftIds.length; i += idsPerSignal) {
      payloads.push(`${kind}:${liftIds.slice(i, i + idsPerSignal).join(',')}`);
    }
    await tx.execute(sql`select pg_notify(${availabilityChannel}, p) from unnest(${sql.param(payloads)}::text[]) as p`);
  });
}
