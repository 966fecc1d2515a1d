// The inspection statuses of a lift right now (docs/dashboard-rules.md), defined once: the
// dashboard's current conditions, the lift statuses (a lift page, the advanced search) and the
// approval expiry pass read these, so "inspection rejected", "inspection expired" and "inspection
// unknown" mean one thing everywhere. All read lift_facts, the row a lift whose latest inspection and
// the day its next inspection is due the triggers of migrations 0026 and 0033 keep (each status used
// to rank or group every inspection of the fleet: 6 and 10 ms of the advanced search at 10,000
// lifts). The table is named `i` for the scope's SQL.
import { sql, type SQL } from 'drizzle-orm';

/**
 * Rows (lift_id, inspected_on): lifts whose latest inspection (by day, then id) was rejected.
 * `scope` joins or filters `i` (lift_facts; e.g. a join with the lifts in scope, or a lift id
 * condition on i.lift_id).
 */
export function latestRejectionSql(scope: { join?: SQL; where?: SQL }): SQL {
  return sql`
    select i.lift_id, i.last_inspected_on as inspected_on
    from lift_facts i ${scope.join ?? sql``}
    where ${scope.where ?? sql`true`} and i.last_result = 'rejected'`;
}

/**
 * Rows (lift_id, due_on): lifts whose inspection was due before `today` (a date): the latest
 * approval ran out, or, never approved, the first inspection 12 months after commissioning did not
 * happen. A rejection has no validity: it neither extends nor ends anything.
 */
export function expiredApprovalSql(scope: { join?: SQL; where?: SQL }, today: SQL): SQL {
  return sql`
    select i.lift_id, i.inspection_due_on as due_on
    from lift_facts i ${scope.join ?? sql``}
    where ${scope.where ?? sql`true`} and i.inspection_due_on < ${today}`;
}

/** Rows (lift_id): lifts whose inspection is due on no known day (no commissioning date, no approval). */
export function unknownInspectionSql(scope: { join?: SQL; where?: SQL }): SQL {
  return sql`
    select i.lift_id
    from lift_facts i ${scope.join ?? sql``}
    where ${scope.where ?? sql`true`} and i.inspection_due_on is null`;
}
