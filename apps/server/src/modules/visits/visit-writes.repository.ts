// SQL for recording visits: start, end or cancel one in progress, and the 12-hour timeout. Each
// change is one statement whose WHERE re-checks the state, so two nodes (or two people) racing on
// the same visit change it once; the loser sees no row. The triggers of migrations 0006/0007 bring
// rides since the last maintenance and the maintenance gaps along, as they do for the seed.
import { sql } from 'drizzle-orm';
import type { StartVisitBody, Visit, VisitState } from '@liftwacht/contracts/visits';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { toVisit, visitColumns } from './visits.repository.ts';

export interface VisitOfLift extends Visit {
  organisationId: number;
  startedBy: number | null;
}

const withLift = (now: Date) =>
  sql`${visitColumns(now)}, v.started_by as "startedBy",
      (select l.organisation_id from lifts l where l.id = v.lift_id) as "organisationId"`;

const toVisitOfLift = (r: VisitOfLift): VisitOfLift => ({
  ...toVisit(r),
  organisationId: r.organisationId,
  startedBy: r.startedBy,
});

export class VisitWritesRepository {
  async find(db: Db, visitId: number, now: Date): Promise<VisitOfLift | undefined> {
    const [row] = await sqlRows<VisitOfLift>(db, sql`select ${withLift(now)} from visits v where v.id = ${visitId}`);
    return row && toVisitOfLift(row);
  }

  /** The user's visit in progress on the lift, if any. */
  async openBy(db: Db, liftId: number, userId: number, now: Date): Promise<VisitOfLift | undefined> {
    const [row] = await sqlRows<VisitOfLift>(
      db,
      sql`select ${withLift(now)} from visits v
          where v.lift_id = ${liftId} and v.started_by = ${userId} and v.state = 'progress'`,
    );
    return row && toVisitOfLift(row);
  }

  /** Starts a visit in the user's name (users.name, as the visits list shows people). */
  async start(db: Db, liftId: number, userId: number, visit: StartVisitBody, now: Date): Promise<VisitOfLift> {
    const [row] = await sqlRows<VisitOfLift>(
      db,
      sql`with v as (
            insert into visits (lift_id, type, role, state, started_at, person, started_by)
            values (${liftId}, ${visit.type}, ${visit.role}, 'progress', ${now.toISOString()}::timestamptz,
                    (select name from users where id = ${userId}), ${userId})
            returning *)
          select ${withLift(now)} from v`,
    );
    if (!row) throw new Error('visit insert returned no row');
    return toVisitOfLift(row);
  }

  /** Ends a visit in progress (finished or canceled); undefined when it is not in progress (any more). */
  async close(
    db: Db,
    visitId: number,
    state: Extract<VisitState, 'finished' | 'canceled'>,
    remarks: string | null,
    now: Date,
  ): Promise<VisitOfLift | undefined> {
    const [row] = await sqlRows<VisitOfLift>(
      db,
      sql`with v as (
            update visits set state = ${state}, ended_at = ${now.toISOString()}::timestamptz,
                   remarks = coalesce(${remarks}, remarks)
            where id = ${visitId} and state = 'progress'
            returning *)
          select ${withLift(now)} from v`,
    );
    return row && toVisitOfLift(row);
  }

  /**
   * Marks every visit in progress since before `startedBefore` as timed out, ending it when its
   * time ran out. One UPDATE: on several nodes each row changes once (a second node's update waits
   * for the first and then finds the state changed). Returns the organisations of the lifts.
   */
  async timeOut(
    db: Db,
    startedBefore: Date,
    timeoutMs: number,
  ): Promise<{ visitId: number; organisationId: number }[]> {
    return sqlRows<{ visitId: number; organisationId: number }>(
      db,
      sql`with v as (
            update visits set state = 'timeout',
                   ended_at = started_at + make_interval(secs => ${timeoutMs / 1000})
            where state = 'progress' and started_at < ${startedBefore.toISOString()}::timestamptz
            returning id, lift_id)
          select v.id::float8 as "visitId", l.organisation_id as "organisationId"
          from v join lifts l on l.id = v.lift_id`,
    );
  }
}
