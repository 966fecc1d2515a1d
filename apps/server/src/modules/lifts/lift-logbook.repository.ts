// SQL for a lift's logbook: newest first, on the (lift_id, at) index.
import { sql, type SQL } from 'drizzle-orm';
import type { LogbookEntry, LogbookQuery } from '@liftwacht/contracts/lifts';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';
import { isoTimestampSql } from './lift-sql.ts';

export class LiftLogbookRepository {
  constructor(private readonly db: Db) {}

  async page(liftId: number, query: LogbookQuery): Promise<{ items: LogbookEntry[]; total: number }> {
    const conditions: SQL[] = [sql`g.lift_id = ${liftId}`];
    if (query.logType) conditions.push(sql`g.log_type = ${query.logType}`);
    if (query.from) conditions.push(sql`g.at >= ${localDayStartSql(query.from)}`);
    if (query.to) conditions.push(sql`g.at < ${localDayEndSql(query.to)}`);
    const where = sql.join(conditions, sql` and `);
    const rows = await sqlRows<LogbookEntry & { total: number }>(
      this.db,
      sql`select g.id::float8 as id, g.lift_id as "liftId", g.log_type as "logType",
                 ${isoTimestampSql(sql`g.at`)} as at, g.text, (count(*) over ())::int as total
          from logbook g where ${where}
          order by g.at desc, g.id desc
          limit ${query.limit} offset ${query.offset}`,
    );
    // A page past the end has no row to carry the total.
    const total =
      rows[0]?.total ??
      (query.offset === 0
        ? 0
        : ((
            await sqlRows<{ total: number }>(this.db, sql`select count(*)::int as total from logbook g where ${where}`)
          )[0]?.total ?? 0));
    return {
      items: rows.map((r) => ({ id: r.id, liftId: r.liftId, logType: r.logType, at: r.at, text: r.text })),
      total,
    };
  }
}
