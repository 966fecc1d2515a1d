// SQL of the approval expiry pass: lifts whose approval ran out without an open approval_expired
// event, and the row lock the inspections service also takes before it records.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { expiredApprovalSql } from '../../db/inspection-status-sql.ts';
import { liftInServiceSql } from '../../db/lift-service-sql.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface LapsedApproval {
  liftId: number;
  organisationId: number;
  /** yyyy-MM-dd: the day the inspection was due (the approval's last valid day, or 12 months after commissioning). */
  dueOn: string;
}

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

export class ApprovalExpiryRepository {
  constructor(readonly db: Db) {}

  /**
   * Lifts in service on `today` (a local day) whose inspection was due before it (the latest approval
   * ran out, or the first inspection after commissioning never came) — the dashboard's "inspection
   * expired", from the same SQL — and that have no open approval_expired
   * event; only `liftIds` when given. A decommissioned lift is no longer inspected.
   */
  async lapsedWithoutEvent(db: Db, today: string, liftIds?: readonly number[]): Promise<LapsedApproval[]> {
    const scope = liftIds ? { where: sql`i.lift_id = any(${ids(liftIds)})` } : {};
    return sqlRows<LapsedApproval>(
      db,
      sql`
      select x.lift_id as "liftId", l.organisation_id as "organisationId", x.due_on::text as "dueOn"
      from (${expiredApprovalSql(scope, sql`${today}::date`)}) x
      join lifts l on l.id = x.lift_id
      where ${liftInServiceSql(today)}
        and not exists (select 1 from events e
                        where e.lift_id = x.lift_id and e.type = 'approval_expired' and e.ended_at is null)
      order by x.lift_id`,
    );
  }

  /**
   * The lifts' rows, in id order (no deadlock between two passes): the inspections service locks a
   * lift's row before it records, so a pass and a recording on one lift, or two passes on two nodes,
   * take turns, and whatever reads after the lock sees what the other committed.
   */
  async lockLifts(tx: Db, liftIds: readonly number[]): Promise<void> {
    await tx.execute(sql`select id from lifts where id = any(${ids(liftIds)}) order by id for update`);
  }
}
