// Reads of monthly_counters (migration 0004: per lift, kind and local month, through_day[d] = the
// sum of days 1..d), for figures that would otherwise add up a lift's daily_counters one by one.
import { sql, type SQL } from 'drizzle-orm';

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
