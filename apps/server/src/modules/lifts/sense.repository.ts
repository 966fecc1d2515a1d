// SQL for a lift's sense module readings (their labels: modules/sense-labels).
import { sql, type SQL } from 'drizzle-orm';
import type { SenseReading } from '@liftwacht/contracts/sense';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { isoTimestampSql } from './lift-sql.ts';

// Field keys are a letter prefix and a number (f2, f10): sort by both so f10 follows f9.
const keyOrder = (key: SQL): SQL =>
  sql`substring(${key} from '^[^0-9]*'), nullif(substring(${key} from '[0-9]+$'), '')::int nulls first, ${key}`;

export class SenseRepository {
  constructor(private readonly db: Db) {}

  async esNumber(liftId: number): Promise<string | null> {
    const [row] = await sqlRows<{ esNumber: string }>(
      this.db,
      sql`select m.es_number as "esNumber" from modules m where m.lift_id = ${liftId}
          order by m.last_seen_at desc nulls last, m.id desc limit 1`,
    );
    return row?.esNumber ?? null;
  }

  /** The latest reading per field of the lift. */
  async readings(liftId: number): Promise<SenseReading[]> {
    return sqlRows<SenseReading>(
      this.db,
      sql`select d.key, d.value, ${isoTimestampSql(sql`d.at`)} as at
          from sense_data d where d.lift_id = ${liftId}
          order by ${keyOrder(sql`d.key`)}`,
    );
  }
}
