// A lift's current statuses (DESIGN §4 "current view"), with the same rules as the dashboard's
// current conditions: one definition per status, used both to read one lift's statuses and to
// filter the advanced search by status. Each definition selects (lift_id, since, value) from the
// lifts `s` that match a scope predicate, so one lift's read stays on its indexes.
import { sql, type SQL } from 'drizzle-orm';
import type { LiftStatus } from '@liftwacht/contracts/dashboard';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { businessTimeZone, isoTimestampSql, timestampSql } from './lift-sql.ts';

/** A module that has not been heard from for this long counts as not connected. */
export const senseSilenceMs = 10 * 60 * 1000;

export interface StatusRow {
  status: LiftStatus;
  /** ISO timestamp, or a date for the inspection statuses; null when unknown. */
  since: string | null;
}

function openEventSql(type: string, scope: SQL, now: Date, extra: SQL = sql``): SQL {
  return sql`
    select s.id as lift_id, ${isoTimestampSql(sql`min(e.started_at)`)} as since
    from lifts s join events e on e.lift_id = s.id
    where ${scope} and e.type = ${type} and e.ended_at is null and e.started_at <= ${timestampSql(now)} ${extra}
    group by s.id`;
}

/** Rides (daily rollup) since the last finished maintenance visit, for every lift in scope. */
export function ridesSinceMaintenanceSql(scope: SQL): SQL {
  return sql`
    select s.id as lift_id, lm.last_at, rides.total, s.service_ride_threshold as threshold
    from lifts s
    left join lateral (
      select max(v.started_at) as last_at from visits v
      where v.lift_id = s.id and v.type = 'maintenance' and v.state = 'finished'
    ) lm on true
    cross join lateral (
      select coalesce(sum(dc.value), 0)::bigint as total from daily_counters dc
      where dc.lift_id = s.id and dc.kind = 'rides'
        and (lm.last_at is null or dc.day > (lm.last_at at time zone ${businessTimeZone})::date)
    ) rides
    where ${scope}`;
}

/** (lift_id, since) of the lifts in scope that have the status now. */
export function statusSql(status: LiftStatus, scope: SQL, now: Date): SQL {
  const today = sql`(${timestampSql(now)} at time zone ${businessTimeZone})::date`;
  switch (status) {
    case 'liftUnavailable':
      return openEventSql('unavailable', scope, now);
    case 'senseFailureSensor':
      return openEventSql('sense_failure', scope, now);
    case 'intercomUnavailable':
      // EN 81-28 only applies where an alarm phone is fitted: lifts with a lift type.
      return openEventSql('intercom_unavailable', scope, now, sql`and s.lift_type is not null`);
    case 'visits':
      return sql`
        select s.id as lift_id, ${isoTimestampSql(sql`min(v.started_at)`)} as since
        from lifts s join visits v on v.lift_id = s.id
        where ${scope} and v.state = 'progress'
        group by s.id`;
    case 'servicecounterMaintenanceAlert':
      return sql`
        select r.lift_id, ${isoTimestampSql(sql`r.last_at`)} as since
        from (${ridesSinceMaintenanceSql(scope)}) r
        where r.total > r.threshold`;
    case 'approvalRejected':
      // Rejected inspections are few: probe each for a later one instead of ranking every lift's.
      return sql`
        select s.id as lift_id, max(i.inspected_on)::text as since
        from lifts s join inspections i on i.lift_id = s.id
        where ${scope} and i.result = 'rejected'
          and not exists (
            select 1 from inspections later
            where later.lift_id = i.lift_id
              and (later.inspected_on > i.inspected_on or (later.inspected_on = i.inspected_on and later.id > i.id))
          )
        group by s.id`;
    case 'approvalExpired':
      return sql`
        select s.id as lift_id, max(i.valid_until)::text as since
        from lifts s join inspections i on i.lift_id = s.id
        where ${scope} and i.result = 'approved'
        group by s.id
        having max(i.valid_until) < ${today}`;
    case 'senseNotConnected': {
      const silentSince = new Date(now.getTime() - senseSilenceMs);
      return sql`
        select s.id as lift_id, ${isoTimestampSql(sql`max(m.last_seen_at)`)} as since
        from lifts s join modules m on m.lift_id = s.id
        where ${scope} and (m.last_seen_at is null or m.last_seen_at < ${timestampSql(silentSince)})
        group by s.id`;
    }
  }
}

export class LiftStatusesRepository {
  constructor(private readonly db: Db) {}

  /** The statuses one lift has now, among those asked for. */
  async activeStatuses(liftId: number, statuses: readonly LiftStatus[], now: Date): Promise<StatusRow[]> {
    if (statuses.length === 0) return [];
    const scope = sql`s.id = ${liftId}`;
    const parts = statuses.map(
      (status) => sql`select ${status}::text as status, x.since from (${statusSql(status, scope, now)}) x`,
    );
    return sqlRows<StatusRow>(this.db, sql.join(parts, sql` union all `));
  }

  /** Rides since the lift's last maintenance visit (the "maintenance insufficient" figure). */
  async ridesSinceMaintenance(liftId: number): Promise<number> {
    const [row] = await sqlRows<{ total: number }>(
      this.db,
      sql`select r.total::float8 as total from (${ridesSinceMaintenanceSql(sql`s.id = ${liftId}`)}) r`,
    );
    return row?.total ?? 0;
  }
}
