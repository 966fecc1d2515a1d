// What is wrong with each lift right now (docs/dashboard-rules.md), one row per lift and condition.
// The current-view counts, /current-state and the current stats details all read this.
import { sql, type SQL } from 'drizzle-orm';
import type { LiftStatus } from '@liftwacht/contracts/dashboard';
import { senseSilenceMs } from '@liftwacht/contracts/ingest';
import { timestampSql } from '../../db/local-time-sql.ts';
import type { Db } from '../../db/database.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';
import { expiredApprovalSql, latestRejectionSql, unknownInspectionSql } from '../../db/inspection-status-sql.ts';
import { maintenanceInsufficientSql } from '../../db/rollups/rides-since-maintenance.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { localDay } from '../../lib/local-day.ts';
import { liftScopeSql, type LiftScope } from './stats-scope.ts';

export interface ConditionRow {
  liftId: number;
  name: string;
  address: string;
  buildingName: string | null;
  status: LiftStatus;
  /** When the condition began (timestamp), or the value that qualifies it (rides, date). */
  since: string | null;
  value: number | string | null;
}

/**
 * The lifts of the whole fleet in each current condition, without names or scope: what the current
 * view counts once the caller has kept the scope's lifts (current-counts.ts). Open events per type.
 */
export interface FleetConditions {
  open: [type: 'unavailable' | 'sense_failure' | 'intercom_unavailable', liftIds: number[]][];
  visits: number[];
  /**
   * The lifts whose maintenance is insufficient: rides since maintenance over their own service
   * ride threshold, or the maintenance interval exceeded (maintenanceInsufficientSql).
   */
  maintenanceInsufficient: number[];
  rejected: number[];
  expired: number[];
  /** The lifts whose inspection is due on no known day. */
  inspectionUnknown: number[];
  notConnected: number[];
}

export class CurrentConditionsRepository {
  constructor(private readonly db: Db) {}

  /**
   * FleetConditions in one statement over small sets: open events and visits through their partial
   * indexes, and the one-row-a-lift tables kept by triggers (lift_maintenance_rides, lift_facts,
   * modules). No join with the lifts table, whose wide rows cost a scan of ~1,300 pages at 10,000
   * lifts, each sorted again per condition: that statement took 25–40 ms.
   */
  async fleetConditions(now: Date): Promise<FleetConditions> {
    const nowTs = timestampSql(now);
    const today = sql`(${nowTs} at time zone ${businessTimeZone})::date`;
    const silentSince = new Date(now.getTime() - senseSilenceMs).toISOString();
    const [row] = await sqlRows<{ conditions: string }>(
      this.db,
      sql`select json_build_array(
            (select coalesce(json_agg(json_build_array(x.type, x.ids)), '[]') from (
               select e.type, array_agg(distinct e.lift_id) as ids
               from events e
               where e.ended_at is null and e.started_at <= ${nowTs}
                 and e.type in ('unavailable', 'sense_failure', 'intercom_unavailable')
               group by e.type) x),
            (select coalesce(json_agg(distinct v.lift_id), '[]') from visits v where v.state = 'progress'),
            (select coalesce(json_agg(r.lift_id), '[]') from lift_maintenance_rides r
             where r.over_threshold or r.maintenance_exceeded_at < ${nowTs}),
            (select coalesce(json_agg(f.lift_id), '[]') from lift_facts f where f.last_result = 'rejected'),
            (select coalesce(json_agg(f.lift_id), '[]') from lift_facts f where f.inspection_due_on < ${today}),
            (select coalesce(json_agg(f.lift_id), '[]') from lift_facts f where f.inspection_due_on is null),
            (select coalesce(json_agg(distinct m.lift_id), '[]') from modules m
             where m.lift_id is not null and (m.last_seen_at is null or m.last_seen_at < ${silentSince}::timestamptz))
          )::text as conditions`,
    );
    const [open, visits, maintenanceInsufficient, rejected, expired, inspectionUnknown, notConnected] = JSON.parse(
      row?.conditions ?? '[[],[],[],[],[],[],[]]',
    ) as [FleetConditions['open'], number[], number[], number[], number[], number[], number[]];
    return { open, visits, maintenanceInsufficient, rejected, expired, inspectionUnknown, notConnected };
  }

  /**
   * The scope's lifts in each current condition, or in the one condition `only` (the current
   * stats details): then only that condition's part of the statement runs. The lifts' names are
   * read for the rows found, not carried through the statement for every lift of the scope.
   */
  async conditions(scope: LiftScope, now: Date, only?: LiftStatus): Promise<ConditionRow[]> {
    const nowTs = timestampSql(now);
    const today = sql`(${nowTs} at time zone ${businessTimeZone})::date`;
    const silentSince = new Date(now.getTime() - senseSilenceMs).toISOString();
    const wanted = (status: LiftStatus) => only === undefined || only === status;
    const openTypes = (
      [
        ['unavailable', 'liftUnavailable'],
        ['sense_failure', 'senseFailureSensor'],
        ['intercom_unavailable', 'intercomUnavailable'],
      ] as const
    )
      .filter(([, status]) => wanted(status))
      .map(([type]) => type);
    const parts: SQL[] = [];
    if (openTypes.length > 0) {
      parts.push(sql`
        select oe.lift_id, case oe.type
                 when 'unavailable' then 'liftUnavailable'
                 when 'sense_failure' then 'senseFailureSensor'
                 else 'intercomUnavailable' end as status,
               oe.since::text as since, null::text as value
        from (select e.lift_id, e.type, min(e.started_at) as since
              from events e
              where e.ended_at is null and e.started_at <= ${nowTs} and e.type = any(${sql.param(openTypes)}::text[])
              group by e.lift_id, e.type) oe
        join scoped s on s.id = oe.lift_id
        where oe.type <> 'intercom_unavailable' or s.lift_type is not null`);
    }
    if (wanted('visits')) {
      parts.push(sql`
        select v.lift_id, 'visits', min(v.started_at)::text, null::text
        from visits v join scoped s on s.id = v.lift_id
        where v.state = 'progress'
        group by v.lift_id`);
    }
    if (wanted('servicecounterMaintenanceAlert')) {
      // value: the rides for a lift over its threshold, null for one whose interval ran out (since)
      parts.push(sql`
        select r.lift_id, 'servicecounterMaintenanceAlert'::text, r.since::text,
               case when r.over_threshold then r.total::text end
        from (${maintenanceInsufficientSql(sql`scoped`, sql`true`, nowTs)}) r`);
    }
    // The inspections statuses read the table once (a hash join with the scope) instead of probing
    // every lift's inspections.
    if (wanted('approvalRejected')) {
      parts.push(sql`
        select r.lift_id, 'approvalRejected', r.inspected_on::text, null::text
        from (${latestRejectionSql({ join: sql`join scoped s on s.id = i.lift_id` })}) r`);
    }
    if (wanted('approvalExpired')) {
      parts.push(sql`
        select x.lift_id, 'approvalExpired', x.due_on::text, x.due_on::text
        from (${expiredApprovalSql({ join: sql`join scoped s on s.id = i.lift_id` }, today)}) x`);
    }
    if (wanted('inspectionUnknown')) {
      parts.push(sql`
        select u.lift_id, 'inspectionUnknown', null::text, null::text
        from (${unknownInspectionSql({ join: sql`join scoped s on s.id = i.lift_id` })}) u`);
    }
    if (wanted('senseNotConnected')) {
      parts.push(sql`
        select s.id, 'senseNotConnected', m.last_seen_at::text, null::text
        from scoped s join modules m on m.lift_id = s.id
        where m.last_seen_at is null or m.last_seen_at < ${silentSince}::timestamptz`);
    }
    if (parts.length === 0) return [];
    const rows = await sqlRows<ConditionRow & { since: Date | string | null }>(
      this.db,
      sql`
      with scoped as (
        select l.id, l.lift_type from lifts l where ${liftScopeSql(scope, localDay(now))}
      ),
      conditions (lift_id, status, since, value) as (${sql.join(parts, sql` union all `)})
      select c.lift_id as "liftId", l.name, l.address, l.building_name as "buildingName",
             c.status, c.since, c.value
      from conditions c join lifts l on l.id = c.lift_id
      order by c.status, l.name, c.lift_id`,
    );
    return rows.map((r) => ({
      ...r,
      since: r.since === null ? null : normaliseTimestamp(String(r.since)),
      value: r.status === 'servicecounterMaintenanceAlert' && r.value !== null ? Number(r.value) : r.value,
    }));
  }
}

/** Postgres text of a timestamptz/date ("2026-03-01 10:00:00+00") into ISO 8601. */
function normaliseTimestamp(text: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
  return new Date(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')).toISOString();
}
