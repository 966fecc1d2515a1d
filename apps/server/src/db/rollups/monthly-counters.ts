// Reads of monthly_counters (migration 0004: per lift, kind and local month, through_day[d] = the
// sum of days 1..d), for figures that would otherwise add up a lift's daily_counters one by one.
import { sql, type SQL } from 'drizzle-orm';
import { businessTimeZone } from './availability-rollup.ts';

/**
 * Scalar subquery: a lift's counter total over the local days after `day` (a date expression; null
 * = every day). The month of `day` counts from the day after it, later months whole: a few rows a
 * lift where daily_counters would give one per day.
 */
export function countedAfterDaySql(liftId: SQL, kind: string, day: SQL): SQL {
  const month = sql`date_trunc('month', (${day})::timestamp)::date`;
  return sql`(
    select coalesce(sum(mc.through_day[31]
                        - case when mc.month = ${month} then mc.through_day[extract(day from ${day})::int] else 0 end), 0)::bigint
    from monthly_counters mc
    where mc.lift_id = ${liftId} and mc.kind = ${kind} and mc.month >= coalesce(${month}, '-infinity'::date)
  )`;
}

/**
 * Rows (lift_id, last_at, total, threshold): rides since each lift's last finished maintenance
 * visit (every ride when it never had one). `lifts` is a lifts relation (the table or a CTE with
 * id and service_ride_threshold), aliased `s` for `where`. The dashboard's current view and the
 * lift statuses both read this, so "maintenance insufficient" means one thing.
 */
export function ridesSinceMaintenanceSql(lifts: SQL, where: SQL): SQL {
  return sql`
    select s.id as lift_id, lm.last_at, rides.total, s.service_ride_threshold as threshold
    from ${lifts} s
    left join lateral (
      select max(v.started_at) as last_at from visits v
      where v.lift_id = s.id and v.type = 'maintenance' and v.state = 'finished'
    ) lm on true
    cross join lateral (
      select ${countedAfterDaySql(sql`s.id`, 'rides', sql`(lm.last_at at time zone ${businessTimeZone})::date`)} as total
    ) rides
    where ${where}`;
}
