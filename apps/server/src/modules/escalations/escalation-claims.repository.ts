// SQL behind the escalation pass: which (call, level) pairs are due, the claim that makes each one
// happen exactly once across nodes and restarts (call_escalations' primary key), and who is mailed.
import { sql } from 'drizzle-orm';
import type { RoleName } from '@liftwacht/contracts/auth';
import type { EscalationLevel } from '@liftwacht/contracts/escalations';
import type { Db } from '../../db/database.ts';
import { liftInServiceSql } from '../../db/lift-service-sql.ts';
import { callEscalations } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface DueEscalation {
  callId: number;
  level: EscalationLevel;
  limitMinutes: number;
  /** ISO 8601 UTC */
  startedAt: string;
  liftId: number;
  organisationId: number;
  liftName: string;
  buildingName: string | null;
  address: string;
  postalCode: string | null;
  city: string | null;
}

export interface EscalationRecipient {
  userId: number;
  email: string;
  name: string;
  locale: string;
}

export class EscalationClaimsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Entrapments neither acknowledged nor ended, started after `since`, on lifts in service on `day`,
   * whose start plus a limit of the lift's organisation has come by `now` and whose level nobody
   * claimed yet; both levels when both have come. Oldest first.
   */
  due(now: Date, since: Date, day: string, limit: number): Promise<DueEscalation[]> {
    return sqlRows<DueEscalation>(
      this.db,
      sql`
      select c.id::float8 as "callId", lvl.level::int as level, lvl.minutes::int as "limitMinutes",
             to_char(c.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAt",
             l.id::int as "liftId", l.organisation_id::int as "organisationId", l.name as "liftName",
             l.building_name as "buildingName", l.address, l.postal_code as "postalCode", l.city
      from calls c
      join lifts l on l.id = c.lift_id
      join organisations o on o.id = l.organisation_id
      cross join lateral (values (1, o.escalation_first_minutes), (2, o.escalation_second_minutes))
        as lvl(level, minutes)
      where c.ended_at is null and c.acknowledged_at is null and c.kind = 'entrapment'
        and c.started_at > ${since.toISOString()}::timestamptz
        and c.started_at + lvl.minutes * interval '1 minute' <= ${now.toISOString()}::timestamptz
        and ${liftInServiceSql(day)}
        and not exists (select 1 from call_escalations e where e.call_id = c.id and e.level = lvl.level)
      order by c.started_at, c.id, lvl.level
      limit ${limit}`,
    );
  }

  /**
   * When the next (call, level) of due() comes, after `now`: the earliest start plus limit among the
   * open, unacknowledged entrapments since `since` whose level nobody claimed; null when none waits.
   */
  async nextDueAt(now: Date, since: Date, day: string): Promise<Date | null> {
    const [row] = await sqlRows<{ at: string | null }>(
      this.db,
      sql`
      select to_char(min(c.started_at + lvl.minutes * interval '1 minute') at time zone 'UTC',
                     'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
      from calls c
      join lifts l on l.id = c.lift_id
      join organisations o on o.id = l.organisation_id
      cross join lateral (values (1, o.escalation_first_minutes), (2, o.escalation_second_minutes))
        as lvl(level, minutes)
      where c.ended_at is null and c.acknowledged_at is null and c.kind = 'entrapment'
        and c.started_at > ${since.toISOString()}::timestamptz
        and c.started_at + lvl.minutes * interval '1 minute' > ${now.toISOString()}::timestamptz
        and ${liftInServiceSql(day)}
        and not exists (select 1 from call_escalations e where e.call_id = c.id and e.level = lvl.level)`,
    );
    return row?.at ? new Date(row.at) : null;
  }

  /**
   * Whether the call is still an unacknowledged, open entrapment, holding a share lock on it until the
   * transaction ends: an acknowledgement committed first makes this false, and one that comes while
   * the claim is being made waits for it, so an escalation never follows an acknowledgement.
   */
  async lockUnacknowledged(db: Db, callId: number): Promise<boolean> {
    const rows = await sqlRows<{ id: number }>(
      db,
      sql`select id::float8 as id from calls
          where id = ${callId} and kind = 'entrapment' and acknowledged_at is null and ended_at is null
          for share`,
    );
    return rows.length > 0;
  }

  /**
   * Claims (call, level): true for the one transaction that inserts it. A concurrent claim on another
   * node waits for this one to end and then inserts nothing; after a commit no node claims it again.
   */
  async claim(db: Db, callId: number, level: EscalationLevel, at: Date, recipients: number): Promise<boolean> {
    const rows = await db
      .insert(callEscalations)
      .values({ callId, level, sentAt: at, recipients })
      .onConflictDoNothing()
      .returning({ callId: callEscalations.callId });
    return rows.length > 0;
  }

  /**
   * Who is mailed about an escalation on the lift: active users subscribed to escalations for all
   * their lifts or for this one, who may access the lift's organisation (their own, one granted to
   * their organisation, or every one for `everyOrganisationRoles`) and hold one of `roles`.
   */
  recipients(
    db: Db,
    liftId: number,
    organisationId: number,
    roles: readonly RoleName[],
    everyOrganisationRoles: readonly RoleName[],
  ): Promise<EscalationRecipient[]> {
    return sqlRows<EscalationRecipient>(
      db,
      sql`
      select u.id::int as "userId", u.email, u.name, u.locale
      from users u
      where not u.disabled
        and exists (select 1 from escalation_subscriptions s
                    where s.user_id = u.id and (s.lift_id is null or s.lift_id = ${liftId}))
        and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                    where ur.user_id = u.id and r.name = any(${sql.param([...roles])}::text[]))
        and (u.organisation_id = ${organisationId}
             or exists (select 1 from organisation_access oa
                        where oa.organisation_id = u.organisation_id
                          and oa.accessible_organisation_id = ${organisationId})
             or exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                        where ur.user_id = u.id and r.name = any(${sql.param([...everyOrganisationRoles])}::text[])))
      order by u.id`,
    );
  }
}
