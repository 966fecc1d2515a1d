// SQL of the maintenance visits a spreadsheet import reads and adds: the lifts' maintenance visits
// on the days a file names (local days), and the imported visits in one statement, whose triggers
// (migrations 0006/0007) bring rides since the last maintenance and the maintenance figures along.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { localDayStartSql } from '../../db/local-time-sql.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';
import { sqlRows } from '../../db/sql-rows.ts';

const ids = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const days = (values: readonly string[]) => sql`${sql.param([...values])}::date[]`;
const localDayOf = sql`(v.started_at at time zone ${businessTimeZone})::date`;

export interface InsertedVisit {
  id: number;
  liftId: number;
  startedAt: string;
}

export class VisitImportsRepository {
  /** `liftId:yyyy-MM-dd` of the lifts' maintenance visits (not canceled) on the local days. */
  async maintenanceDays(db: Db, liftIds: readonly number[], onDays: readonly string[]): Promise<Set<string>> {
    if (liftIds.length === 0 || onDays.length === 0) return new Set();
    const rows = await sqlRows<{ key: string }>(
      db,
      sql`select distinct v.lift_id || ':' || ${localDayOf}::text as key from visits v
          where v.lift_id = any(${ids(liftIds)}) and v.type = 'maintenance' and v.state <> 'canceled'
            and ${localDayOf} = any(${days(onDays)})`,
    );
    return new Set(rows.map((r) => r.key));
  }

  /**
   * Finished maintenance visits by a mechanic, one per row, starting and ending at the local day's
   * first instant: the file says the day, not the hours. Nobody of the portal started them.
   */
  async insertMany(db: Db, visits: readonly { liftId: number; day: string }[]): Promise<InsertedVisit[]> {
    if (visits.length === 0) return [];
    const start = localDayStartSql(sql`x.day`);
    return sqlRows<InsertedVisit>(
      db,
      sql`insert into visits (lift_id, type, role, state, started_at, ended_at)
          select x.lift_id, 'maintenance', 'mechanic', 'finished', ${start}, ${start}
          from unnest(${ids(visits.map((v) => v.liftId))}, ${days(visits.map((v) => v.day))}) as x(lift_id, day)
          order by x.lift_id
          returning id::float8 as id, lift_id as "liftId", started_at as "startedAt"`,
    );
  }
}
