// SQL for scheduled reports: which subscribers still lack a period's report, the exactly-once claim
// of (user, organisation, cadence, period), and the deliveries administrators look at.
import { sql } from 'drizzle-orm';
import type { ReportCadence } from '@liftwacht/contracts/reports';
import type { Db } from '../../db/database.ts';
import { reportDeliveries } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface ReportSubscriber {
  userId: number;
  organisationId: number;
  username: string;
  name: string;
  email: string;
  locale: string;
  disabled: boolean;
  userOrganisationId: number;
  /** The type of the subscriber's own organisation (the permission table is by role and type). */
  userOrganisationType: string;
  roles: string[];
}

export interface DeliveryClaim {
  userId: number;
  organisationId: number;
  cadence: ReportCadence;
  from: string;
  to: string;
  skipped: string | null;
  now: Date;
}

export interface DeliveryRow {
  id: number;
  userName: string;
  organisationName: string;
  cadence: string;
  from: string;
  to: string;
  state: 'pending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  lastError: string | null;
  createdAt: Date | string;
}

export class ScheduledReportsRepository {
  constructor(private readonly db: Db) {}

  /** Subscribers of the cadence (subscribed by the due time) without a delivery for the period. */
  async undelivered(cadence: ReportCadence, from: string, dueAt: Date, limit: number): Promise<ReportSubscriber[]> {
    return sqlRows<ReportSubscriber>(
      this.db,
      sql`
      select s.user_id as "userId", s.organisation_id as "organisationId", u.username, u.name, u.email,
             u.locale, u.disabled, u.organisation_id as "userOrganisationId", o.type as "userOrganisationType",
             coalesce(json_agg(r.name) filter (where r.name is not null), '[]'::json) as roles
      from report_subscriptions s
      join users u on u.id = s.user_id
      join organisations o on o.id = u.organisation_id
      left join user_roles ur on ur.user_id = u.id
      left join roles r on r.id = ur.role_id
      where s.cadence = ${cadence} and s.created_at <= ${dueAt.toISOString()}::timestamptz
        and not exists (
          select 1 from report_deliveries d
          where d.user_id = s.user_id and d.organisation_id = s.organisation_id
            and d.cadence = s.cadence and d.period_from = ${from}::date)
      group by s.user_id, s.organisation_id, u.id, o.type
      order by s.user_id, s.organisation_id
      limit ${limit}`,
    );
  }

  /** The exactly-once claim: the delivery's id, or null when another pass (or node) made it first. */
  async claim(db: Db, c: DeliveryClaim): Promise<number | null> {
    const [row] = await db
      .insert(reportDeliveries)
      .values({
        userId: c.userId,
        organisationId: c.organisationId,
        cadence: c.cadence,
        periodFrom: c.from,
        periodTo: c.to,
        skipped: c.skipped,
        createdAt: c.now,
      })
      .onConflictDoNothing()
      .returning({ id: reportDeliveries.id });
    return row?.id ?? null;
  }

  async attachMail(db: Db, deliveryId: number, mailId: number): Promise<void> {
    await db.execute(sql`update report_deliveries set mail_id = ${mailId} where id = ${deliveryId}`);
  }

  /**
   * Deliveries not sent (waiting, failing or given up, and skipped ones), newest first; for the
   * subscribers of one organisation, or of every organisation with null.
   */
  async unsent(userOrganisationId: number | null, limit: number): Promise<DeliveryRow[]> {
    const scope = userOrganisationId === null ? sql`true` : sql`u.organisation_id = ${userOrganisationId}`;
    return sqlRows<DeliveryRow>(
      this.db,
      sql`
      select d.id::float8 as id, u.name as "userName", o.name as "organisationName", d.cadence,
             d.period_from::text as "from", d.period_to::text as "to",
             case when d.skipped is not null then 'skipped'
                  when m.last_error is not null then 'failed'
                  else 'pending' end as state,
             coalesce(m.attempts, 0)::int as attempts, coalesce(m.last_error, d.skipped) as "lastError",
             d.created_at as "createdAt"
      from report_deliveries d
      join users u on u.id = d.user_id
      join organisations o on o.id = d.organisation_id
      left join mail_queue m on m.id = d.mail_id
      where ${scope} and (d.skipped is not null or m.sent_at is null)
      order by d.created_at desc, d.id desc
      limit ${limit}`,
    );
  }
}
