// SQL behind the realtime socket: which module a lift has, its latest sense data and its status.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';

export interface LiftModule {
  liftId: number;
  organisationId: number;
  esNumber: string | null;
}

export interface ModuleStatusRow {
  liftId: number;
  esNumber: string;
  firmware: string | null;
  lastSeenAt: Date | null;
}

export interface OpenEventRow {
  id: number;
  type: string;
  startedAt: Date;
  floor: number | null;
}

export class RealtimeRepository {
  constructor(private readonly db: Db) {}

  /** The lift and its module (null when it has none); undefined when there is no such lift. */
  async liftModule(liftId: number): Promise<LiftModule | undefined> {
    const rows = await sqlRows<LiftModule>(
      this.db,
      sql`
      select l.id as "liftId", l.organisation_id as "organisationId", m.es_number as "esNumber"
      from lifts l left join modules m on m.lift_id = l.id
      where l.id = ${liftId}
      order by m.last_seen_at desc nulls last, m.id
      limit 1`,
    );
    return rows[0];
  }

  /** The module while it still belongs to the lift (a module moved to another lift is not found). */
  async moduleOfLift(esNumber: string, liftId: number): Promise<ModuleStatusRow | undefined> {
    const rows = await sqlRows<Omit<ModuleStatusRow, 'lastSeenAt'> & { lastSeenAt: Date | string | null }>(
      this.db,
      sql`
      select lift_id as "liftId", es_number as "esNumber", firmware, last_seen_at as "lastSeenAt"
      from modules where es_number = ${esNumber} and lift_id = ${liftId}`,
    );
    const row = rows[0];
    return row ? { ...row, lastSeenAt: row.lastSeenAt === null ? null : new Date(row.lastSeenAt) } : undefined;
  }

  async senseData(liftId: number): Promise<{ key: string; value: unknown; at: Date }[]> {
    const rows = await sqlRows<{ key: string; value: unknown; at: Date | string }>(
      this.db,
      sql`select key, value, at from sense_data where lift_id = ${liftId} order by key`,
    );
    return rows.map((r) => ({ ...r, at: new Date(r.at) }));
  }

  async openEvents(liftId: number, now: Date): Promise<OpenEventRow[]> {
    const rows = await sqlRows<Omit<OpenEventRow, 'startedAt'> & { startedAt: Date | string }>(
      this.db,
      sql`
      select id::float8 as id, type, started_at as "startedAt", floor::int as floor
      from events
      where lift_id = ${liftId} and ended_at is null and started_at <= ${now.toISOString()}::timestamptz
      order by started_at desc, id desc
      limit 100`,
    );
    return rows.map((r) => ({ ...r, startedAt: new Date(r.startedAt) }));
  }
}
