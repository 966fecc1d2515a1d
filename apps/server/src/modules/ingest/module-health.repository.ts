// SQL of the module health job: silent modules, alarm phones without a recent good test call, and
// the retention of message ids.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { liftInServiceSql } from '../../db/lift-service-sql.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface SilentModule {
  moduleId: number;
  liftId: number;
  organisationId: number;
  lastSeenAt: Date;
}

export interface UntestedIntercom {
  moduleId: number;
  liftId: number;
  organisationId: number;
  lastGoodTestAt: Date;
}

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

export class ModuleHealthRepository {
  constructor(readonly db: Db) {}

  /**
   * Modules of lifts in service `today` (a local day), last heard before `silentBefore`, without an
   * open sense_disconnected event. A decommissioned lift's module going quiet is expected.
   */
  async silentModules(
    db: Db,
    today: string,
    silentBefore: Date,
    moduleIds?: readonly number[],
  ): Promise<SilentModule[]> {
    const rows = await sqlRows<Omit<SilentModule, 'lastSeenAt'> & { lastSeenAt: Date | string }>(
      db,
      sql`
      select m.id as "moduleId", m.lift_id as "liftId", l.organisation_id as "organisationId",
             m.last_seen_at as "lastSeenAt"
      from modules m join lifts l on l.id = m.lift_id
      where m.last_seen_at < ${silentBefore.toISOString()}::timestamptz and ${liftInServiceSql(today)}
        ${moduleIds ? sql`and m.id = any(${ids(moduleIds)})` : sql``}
        and not exists (select 1 from events e
                        where e.lift_id = m.lift_id and e.type = 'sense_disconnected' and e.ended_at is null)
      order by m.id`,
    );
    return rows.map((r) => ({ ...r, lastSeenAt: new Date(r.lastSeenAt) }));
  }

  /**
   * Lifts with an alarm phone and a module whose latest good test call is older than `testedBefore`,
   * without an open intercom_unavailable event. A lift that never had a good test call is left
   * alone: there is no moment the 72 hours could count from; so is a lift out of service `today`.
   */
  async untestedIntercoms(
    db: Db,
    today: string,
    testedBefore: Date,
    moduleIds?: readonly number[],
  ): Promise<UntestedIntercom[]> {
    const rows = await sqlRows<Omit<UntestedIntercom, 'lastGoodTestAt'> & { lastGoodTestAt: Date | string }>(
      db,
      sql`
      select m.id as "moduleId", l.id as "liftId", l.organisation_id as "organisationId",
             g.started_at as "lastGoodTestAt"
      from lifts l
      join modules m on m.lift_id = l.id
      cross join lateral (
        select c.started_at from calls c
        where c.lift_id = l.id and c.kind = 'test' and c.test_result = 'ok'
        order by c.started_at desc limit 1
      ) g
      where l.lift_type is not null and ${liftInServiceSql(today)}
        and g.started_at < ${testedBefore.toISOString()}::timestamptz
        ${moduleIds ? sql`and m.id = any(${ids(moduleIds)})` : sql``}
        and not exists (select 1 from events e
                        where e.lift_id = l.id and e.type = 'intercom_unavailable' and e.ended_at is null)
      order by m.id`,
    );
    return rows.map((r) => ({ ...r, lastGoodTestAt: new Date(r.lastGoodTestAt) }));
  }

  /** Locks the modules in id order, as a batch of ingest does, so the two never interleave. */
  async lockModules(tx: Db, moduleIds: readonly number[]): Promise<void> {
    await tx.execute(sql`select id from modules where id = any(${ids(moduleIds)}) order by id for update`);
  }

  async insertOpenEvents(
    tx: Db,
    rows: readonly { liftId: number; type: string; startedAt: Date; data: Record<string, unknown> | null }[],
  ): Promise<number[]> {
    if (rows.length === 0) return [];
    const created = await sqlRows<{ id: number }>(
      tx,
      sql`
      insert into events (lift_id, type, started_at, ended_at, closed, floor, data)
      select r.lift_id, r.type, r.started_at, null, false, null, r.data
      from json_to_recordset(${JSON.stringify(
        rows.map((r) => ({ lift_id: r.liftId, type: r.type, started_at: r.startedAt.toISOString(), data: r.data })),
      )}::json) as r(lift_id int, type text, started_at timestamptz, data jsonb)
      returning id::float8 as id`,
    );
    return created.map((r) => r.id);
  }

  async markDisconnected(tx: Db, moduleIds: readonly number[]): Promise<void> {
    await tx.execute(sql`update modules set connected = false where id = any(${ids(moduleIds)})`);
  }

  /** Forgets message ids received before `before`; older redeliveries are refused as too old anyway. */
  async forgetMessagesBefore(before: Date): Promise<number> {
    const rows = await sqlRows<{ n: number }>(
      this.db,
      sql`with gone as (delete from ingested_messages where received_at < ${before.toISOString()}::timestamptz
                        returning 1)
          select count(*)::int as n from gone`,
    );
    return rows[0]?.n ?? 0;
  }
}
