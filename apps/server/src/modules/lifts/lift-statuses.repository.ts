// A lift's current statuses (docs/dashboard-rules.md), with the same rules as the dashboard's
// current conditions: one definition per status, used both to read one lift's statuses and to
// filter the advanced search by status, so the two can never disagree.
import { sql, type SQL } from 'drizzle-orm';
import { senseSilenceMs } from '@liftwacht/contracts/ingest';
import type { LiftStatus } from '@liftwacht/contracts/dashboard';
import type { Db } from '../../db/database.ts';
import { expiredApprovalSql, latestRejectionSql, unknownInspectionSql } from '../../db/inspection-status-sql.ts';
import { maintenanceInsufficientSql } from '../../db/rollups/rides-since-maintenance.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { timestampSql } from '../../db/local-time-sql.ts';
import { businessTimeZone, inIdsSql, isoTimestampSql } from './lift-sql.ts';

/**
 * Which lifts a status query looks at: one lift (its indexes answer), or the lifts of some
 * organisations. For the latter, statuses read from their own table (events, visits, modules,
 * inspections) are NOT narrowed to the organisations: the search only ever uses them as
 * `l.id in (...)` on lifts it has already scoped, and narrowing would add a join with every lift to
 * each status. The ride counter status joins the lifts for the few it finds and is narrowed.
 */
export type StatusScope = { liftId: number } | { organisationIds: readonly number[] };

export interface StatusRow {
  status: LiftStatus;
  /** ISO timestamp, or a date for the inspection statuses; null when unknown. */
  since: string | null;
}

const liftFilter = (scope: StatusScope, liftId: SQL): SQL =>
  'liftId' in scope ? sql`${liftId} = ${scope.liftId}` : sql`true`;

function openEventSql(type: string, scope: StatusScope, now: Date): SQL {
  return sql`
    select e.lift_id, ${isoTimestampSql(sql`min(e.started_at)`)} as since
    from events e
    where ${liftFilter(scope, sql`e.lift_id`)} and e.type = ${type} and e.ended_at is null
      and e.started_at <= ${timestampSql(now)}
    group by e.lift_id`;
}

/** The lifts in scope whose maintenance is insufficient (see maintenanceInsufficientSql). */
function liftsMaintenanceInsufficientSql(scope: StatusScope, now: Date): SQL {
  const lifts =
    'liftId' in scope ? sql`s.id = ${scope.liftId}` : inIdsSql(sql`s.organisation_id`, scope.organisationIds);
  return maintenanceInsufficientSql(sql`lifts`, lifts, timestampSql(now));
}

/** (lift_id, since) of the lifts that have the status now. */
export function statusSql(status: LiftStatus, scope: StatusScope, now: Date): SQL {
  const today = sql`(${timestampSql(now)} at time zone ${businessTimeZone})::date`;
  switch (status) {
    case 'liftUnavailable':
      return openEventSql('unavailable', scope, now);
    case 'senseFailureSensor':
      return openEventSql('sense_failure', scope, now);
    case 'intercomUnavailable':
      // EN 81-28 only applies where an alarm phone is fitted: lifts with a lift type.
      return sql`
        select o.lift_id, o.since from (${openEventSql('intercom_unavailable', scope, now)}) o
        join lifts s on s.id = o.lift_id
        where s.lift_type is not null`;
    case 'visits':
      return sql`
        select v.lift_id, ${isoTimestampSql(sql`min(v.started_at)`)} as since
        from visits v
        where ${liftFilter(scope, sql`v.lift_id`)} and v.state = 'progress'
        group by v.lift_id`;
    case 'servicecounterMaintenanceAlert':
      return sql`
        select r.lift_id, ${isoTimestampSql(sql`r.since`)} as since
        from (${liftsMaintenanceInsufficientSql(scope, now)}) r`;
    case 'approvalRejected':
      return sql`
        select r.lift_id, r.inspected_on::text as since
        from (${latestRejectionSql({ where: liftFilter(scope, sql`i.lift_id`) })}) r`;
    case 'approvalExpired':
      return sql`
        select x.lift_id, x.due_on::text as since
        from (${expiredApprovalSql({ where: liftFilter(scope, sql`i.lift_id`) }, today)}) x`;
    case 'inspectionUnknown':
      return sql`
        select u.lift_id, null::text as since
        from (${unknownInspectionSql({ where: liftFilter(scope, sql`i.lift_id`) })}) u`;
    case 'senseNotConnected': {
      const silentSince = new Date(now.getTime() - senseSilenceMs);
      return sql`
        select m.lift_id, ${isoTimestampSql(sql`max(m.last_seen_at)`)} as since
        from modules m
        where m.lift_id is not null and ${liftFilter(scope, sql`m.lift_id`)}
          and (m.last_seen_at is null or m.last_seen_at < ${timestampSql(silentSince)})
        group by m.lift_id`;
    }
  }
}

export class LiftStatusesRepository {
  constructor(private readonly db: Db) {}

  /** The statuses one lift has now, among those asked for. */
  async activeStatuses(liftId: number, statuses: readonly LiftStatus[], now: Date): Promise<StatusRow[]> {
    if (statuses.length === 0) return [];
    const parts = statuses.map(
      (status) => sql`select ${status}::text as status, x.since from (${statusSql(status, { liftId }, now)}) x`,
    );
    return sqlRows<StatusRow>(this.db, sql.join(parts, sql` union all `));
  }

  /** Rides since the lift's last maintenance visit (the "maintenance insufficient" figure). */
  async ridesSinceMaintenance(liftId: number): Promise<number> {
    const [row] = await sqlRows<{ total: number }>(
      this.db,
      sql`select rides_since::float8 as total from lift_maintenance_rides where lift_id = ${liftId}`,
    );
    return row?.total ?? 0;
  }
}
