// SQL of the inspections a spreadsheet import reads and adds: the lifts' inspections on the days a
// file names, the end of each lift's latest approval, the imported rows themselves (one statement
// per batch), and the state events they open and end for many lifts at once — inserted here as
// ingest inserts its events, the mails then queued through app.liftEvents.notifyEventsCreated.
import { sql } from 'drizzle-orm';
import type { InspectionKind, InspectionResult } from '@liftwacht/contracts/inspections';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const days = (values: readonly string[]) => sql`${sql.param([...values])}::date[]`;

export interface DayInspection {
  liftId: number;
  inspectedOn: string;
  kind: string;
  result: string;
  validUntil: string | null;
}

export interface NewImportedInspection {
  liftId: number;
  inspectedOn: string;
  kind: InspectionKind;
  result: InspectionResult;
  validUntil: string | null;
}

export interface InsertedInspection extends NewImportedInspection {
  id: number;
}

export class InspectionImportsRepository {
  async onDays(db: Db, liftIds: readonly number[], onDays: readonly string[]): Promise<DayInspection[]> {
    if (liftIds.length === 0 || onDays.length === 0) return [];
    return sqlRows<DayInspection>(
      db,
      sql`select lift_id as "liftId", inspected_on::text as "inspectedOn", log_type as kind, result,
                 valid_until::text as "validUntil"
          from inspections where lift_id = any(${ids(liftIds)}) and inspected_on = any(${days(onDays)})`,
    );
  }

  async latestValidUntil(db: Db, liftIds: readonly number[]): Promise<{ liftId: number; validUntil: string }[]> {
    if (liftIds.length === 0) return [];
    return sqlRows(
      db,
      sql`select lift_id as "liftId", max(valid_until)::text as "validUntil" from inspections
          where lift_id = any(${ids(liftIds)}) and result = 'approved' and valid_until is not null
          group by lift_id`,
    );
  }

  async insertMany(
    db: Db,
    rows: readonly NewImportedInspection[],
    recordedBy: number,
    recordedAt: Date,
  ): Promise<InsertedInspection[]> {
    if (rows.length === 0) return [];
    const column = <K extends keyof NewImportedInspection>(key: K) => rows.map((row) => row[key]);
    return sqlRows<InsertedInspection>(
      db,
      sql`insert into inspections (lift_id, inspected_on, log_type, result, valid_until, recorded_by, recorded_at)
          select x.lift_id, x.inspected_on, x.kind, x.result, x.valid_until, ${recordedBy}, ${recordedAt.toISOString()}::timestamptz
          from unnest(${ids(column('liftId'))}, ${days(column('inspectedOn'))}, ${sql.param(column('kind'))}::text[],
                      ${sql.param(column('result'))}::text[], ${sql.param(column('validUntil'))}::date[])
               as x(lift_id, inspected_on, kind, result, valid_until)
          returning id::float8 as id, lift_id as "liftId", inspected_on::text as "inspectedOn", log_type as kind, result,
                    valid_until::text as "validUntil"`,
    );
  }

  /** Of these inspections, the ones that are their lift's latest (by day, then id). */
  async latestAmong(db: Db, liftIds: readonly number[]): Promise<Set<number>> {
    if (liftIds.length === 0) return new Set();
    const rows = await sqlRows<{ id: number }>(
      db,
      sql`select distinct on (lift_id) id::float8 as id from inspections where lift_id = any(${ids(liftIds)})
          order by lift_id, inspected_on desc, id desc`,
    );
    return new Set(rows.map((r) => r.id));
  }

  /** The open events of these types of the lifts (state events: at most one per lift and type). */
  async openStateEvents(
    db: Db,
    liftIds: readonly number[],
    types: readonly string[],
  ): Promise<{ id: number; liftId: number; type: string }[]> {
    if (liftIds.length === 0 || types.length === 0) return [];
    return sqlRows(
      db,
      sql`select id::float8 as id, lift_id as "liftId", type from events
          where lift_id = any(${ids(liftIds)}) and type = any(${sql.param([...types])}::text[]) and ended_at is null`,
    );
  }

  /** Opens these state events (as LiftEventRecorder.recordEvent stores one); answers their ids. */
  async insertStateEvents(
    db: Db,
    rows: readonly { liftId: number; type: string; startedAt: Date }[],
  ): Promise<number[]> {
    if (rows.length === 0) return [];
    const inserted = await sqlRows<{ id: number }>(
      db,
      sql`insert into events (lift_id, type, started_at, ended_at, closed)
          select x.lift_id, x.type, x.started_at, null, false
          from unnest(${ids(rows.map((r) => r.liftId))}, ${sql.param(rows.map((r) => r.type))}::text[],
                      ${sql.param(rows.map((r) => r.startedAt.toISOString()))}::timestamptz[])
               as x(lift_id, type, started_at)
          order by x.lift_id
          returning id::float8 as id`,
    );
    return inserted.map((r) => r.id);
  }

  /** Ends these events at `endedAt` (never before they started), as LiftEventRecorder.endState does. */
  async endEvents(db: Db, eventIds: readonly number[], endedAt: Date): Promise<void> {
    if (eventIds.length === 0) return;
    await db.execute(
      sql`update events set ended_at = greatest(started_at, ${endedAt.toISOString()}::timestamptz), closed = true
          where id = any(${sql.param([...eventIds])}::bigint[])`,
    );
  }

  /** The lifts' rows in id order, as the recording route and the expiry pass take them. */
  async lockLifts(db: Db, liftIds: readonly number[]): Promise<void> {
    if (liftIds.length === 0) return;
    await db.execute(sql`select id from lifts where id = any(${ids(liftIds)}) order by id for update`);
  }
}
