// Rides since each lift's last finished maintenance visit and when its maintenance interval runs out:
// the "maintenance insufficient" figure.
// lift_maintenance_rides (migrations 0006 and 0030) holds it per lift with the lift's threshold and
// whether it is over it, kept by triggers on lifts, visits and daily_counters, so reading it for a
// whole fleet is a scan of one narrow table instead of counting rides per lift.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database.ts';

/**
 * Rows (lift_id, last_at, total) of the lifts whose rides since their last finished maintenance
 * visit (every ride when they never had one, counted over the local days after that visit's day)
 * exceed their service ride threshold: "maintenance insufficient". `lifts` is a lifts relation (the
 * table or a CTE with id), aliased `s` for `where`. The dashboard's current view and the lift
 * statuses both read this, so the status means one thing.
 */
export function overRideThresholdSql(lifts: SQL, where: SQL): SQL {
  // The few lifts over their threshold come from the narrow table (its over_threshold has
  // statistics), then one primary-key probe each: no pass over the wide rows of every lift.
  return sql`
    select r.lift_id, r.last_maintenance_at as last_at, r.rides_since as total
    from lift_maintenance_rides r
    join ${lifts} s on s.id = r.lift_id
    where r.over_threshold and ${where}`;
}

/**
 * Rows (lift_id, last_at, total, since, over_threshold) of the lifts whose maintenance is
 * insufficient now: over their service ride threshold (overRideThresholdSql), or past the end of
 * their maintenance interval plus 10 % without a visit, counted from the last finished maintenance
 * visit, else from commissioning, else from the day the lift was added (maintenance_exceeded_at,
 * migration 0033). A lift never maintained is never "fine" for longer than one interval. `since` is
 * when the status began as far as it is known: the last visit for a lift over its threshold, the
 * moment the interval ran out otherwise. Same `lifts`/`where` as overRideThresholdSql.
 */
export function maintenanceInsufficientSql(lifts: SQL, where: SQL, now: SQL): SQL {
  return sql`
    select r.lift_id, r.last_maintenance_at as last_at, r.rides_since as total, r.over_threshold,
           case when r.over_threshold then r.last_maintenance_at else r.maintenance_exceeded_at end as since
    from lift_maintenance_rides r
    join ${lifts} s on s.id = r.lift_id
    where (r.over_threshold or r.maintenance_exceeded_at < ${now}) and ${where}`;
}

/**
 * Locks the lift_maintenance_rides rows of these lifts, in lift id order, for the rest of the
 * transaction. Each writer of the rows takes them through its triggers in whatever order its
 * statement visits the lifts, some in two passes (an insert with ON CONFLICT fires the insert and
 * the update triggers): ingest adding rides, a threshold change (migration 0030), a finished
 * maintenance visit. Two writers that take two rows in opposite orders deadlock, and PostgreSQL
 * aborts one. Every writer of several lifts takes its rows here first, in one order, so none waits
 * for a row while holding one another writer needs first.
 */
export async function lockMaintenanceRides(db: Db, liftIds: readonly number[]): Promise<void> {
  const ids = [...new Set(liftIds)].sort((a, b) => a - b);
  if (ids.length < 2) return;
  await db.execute(
    sql`select 1 from lift_maintenance_rides where lift_id = any(${sql.param(ids)}::int[]) order by lift_id for update`,
  );
}
