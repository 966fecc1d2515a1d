// Rides since each lift's last finished maintenance visit: the "maintenance insufficient" figure.
// lift_maintenance_rides (migration 0006) holds it per lift, kept by triggers on lifts, visits and
// daily_counters, so reading it for a whole fleet is a join instead of counting rides per lift.
import { sql, type SQL } from 'drizzle-orm';

/**
 * Rows (lift_id, last_at, total, threshold): rides since each lift's last finished maintenance
 * visit (every ride when it never had one), counted over the local days after that visit's day.
 * `lifts` is a lifts relation (the table or a CTE with id and service_ride_threshold), aliased `s`
 * for `where`. The dashboard's current view and the lift statuses both read this, so "maintenance
 * insufficient" means one thing.
 */
export function ridesSinceMaintenanceSql(lifts: SQL, where: SQL): SQL {
  return sql`
    select s.id as lift_id, lmr.last_maintenance_at as last_at, lmr.rides_since as total,
           s.service_ride_threshold as threshold
    from ${lifts} s
    join lift_maintenance_rides lmr on lmr.lift_id = s.id
    where ${where}
    -- A fence: read as a whole (one hash join), not probed per outer lift. As "l.id in (...)" the
    -- planner takes a third of the fleet for over the threshold and two index probes per lift.
    offset 0`;
}
