// The two inspection statuses of a lift right now (DESIGN §4 current view), defined once: the
// dashboard's current conditions and the lift statuses (a lift page, the advanced search) read
// these, so "inspection rejected" and "inspection expired" mean one thing everywhere. Both read
// lift_facts, the row a lift whose latest inspection and latest approval's validity the triggers
// of migration 0026 keep (each status used to rank or group every inspection of the fleet: 6 and
// 10 ms of the advanced search at 10,000 lifts). The table is named `i` for the scope's SQL.
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

/** Rows (lift_id, valid_until): lifts whose latest approval ran out before `today` (a date). */
export function expiredApprovalSql(scope: { join?: SQL; where?: SQL }, today: SQL): SQL {
  return sql`
    select i.lift_id, i.inspection_valid_until as valid_until
    from lift_facts i ${scope.join ?? sql``}
    where ${scope.where ?? sql`true`} and i.inspection_valid_until < ${today}`;
}
