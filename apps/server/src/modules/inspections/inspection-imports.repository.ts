// SQL of the inspections a spreadsheet import reads and adds: the lifts' inspections on the days a
// file names, the end of each lift's latest approval, and the imported rows themselves in one
// statement.
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

  /** The lifts' rows in id order, as the recording route and the expiry pass take them. */
  async lockLifts(db: Db, liftIds: readonly number[]): Promise<void> {
    if (liftIds.length === 0) return;
    await db.execute(sql`select id from lifts where id = any(${ids(liftIds)}) order by id for update`);
  }
}
