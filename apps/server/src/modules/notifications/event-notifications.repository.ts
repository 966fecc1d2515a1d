// SQL behind event notifications: who is to be mailed about which new events.
import { sql } from 'drizzle-orm';
import type { RoleName } from '@liftwacht/contracts/auth';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface EventRecipientRow {
  eventId: number;
  type: string;
  floor: number | null;
  /** ISO 8601 UTC */
  startedAt: string;
  liftName: string;
  address: string;
  userId: number;
  email: string;
  name: string;
  locale: string;
}

export class EventNotificationsRepository {
  constructor(private readonly db: Db) {}

  /**
   * One row per (event, user) to mail: active users whose organisation is the lift's or was granted
   * it, holding a role that may view events, subscribed by mail to the event's type for all their
   * lifts or for this lift. A user with both kinds of subscription still gets one row.
   */
  async recipients(eventIds: readonly number[], roles: readonly RoleName[], db: Db = this.db) {
    if (eventIds.length === 0 || roles.length === 0) return [];
    return sqlRows<EventRecipientRow>(
      db,
      sql`
      select e.id::float8 as "eventId", e.type, e.floor::int as floor,
             to_char(e.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAt",
             l.name as "liftName", l.address,
             u.id::int as "userId", u.email, u.name, u.locale
      from events e
      join lifts l on l.id = e.lift_id
      join users u on not u.disabled
        and (u.organisation_id = l.organisation_id
             or exists (select 1 from organisation_access oa
                        where oa.organisation_id = u.organisation_id
                          and oa.accessible_organisation_id = l.organisation_id))
      where e.id = any(${sql.param([...eventIds])}::bigint[])
        and exists (select 1 from subscriptions s
                    where s.user_id = u.id and s.event_type = e.type and s.channel = 'email'
                      and (s.lift_id is null or s.lift_id = e.lift_id))
        and exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                    where ur.user_id = u.id and r.name = any(${sql.param([...roles])}::text[]))
      order by e.id, u.id`,
    );
  }
}
