// The two inspection statuses of a lift right now (DESIGN §4 current view), defined once: the
// dashboard's current conditions and the lift statuses (a lift page, the advanced search) read
// these, so "inspection rejected" and "inspection expired" mean one thing everywhere.
import { sql, type SQL } from 'drizzle-orm';

/**
 * Rows (lift_id, inspected_on): lifts whose latest inspection was rejected. `scope` joins or
 * filters `inspections i` (e.g. a join with the lifts in scope, or a lift id condition).
 * Rejections are few: each is probed for a later inspection instead of ranking every lift's.
 */
export function latestRejectionSql(scope: { join?: SQL; where?: SQL }): SQL {
  return sql`
    select i.lift_id, i.inspected_on
    from inspections i ${scope.join ?? sql``}
    where ${scope.where ?? sql`true`} and i.result = 'rejected'
      and not exists (
        select 1 from inspections later
        where later.lift_id = i.lift_id
          and (later.inspected_on > i.inspected_on or (later.inspected_on = i.inspected_on and later.id > i.id))
      )`;
}

/** Rows (lift_id, valid_until): lifts whose latest approval ran out before `today` (a date). */
export function expiredApprovalSql(scope: { join?: SQL; where?: SQL }, today: SQL): SQL {
  return sql`
    select i.lift_id, max(i.valid_until) as valid_until
    from inspections i ${scope.join ?? sql``}
    where ${scope.where ?? sql`true`} and i.result = 'approved'
    group by i.lift_id
    having max(i.valid_until) < ${today}`;
}
