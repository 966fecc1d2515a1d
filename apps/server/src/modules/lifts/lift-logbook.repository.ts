// SQL for a lift's logbook: newest first, on the (lift_id, at) index; writing and correcting a line.
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  logbookCorrectionHours,
  type LogbookEntry,
  type LogbookEntryInput,
  type LogbookQuery,
} from '@liftwacht/contracts/lifts';
import type { Db } from '../../db/database.ts';
import { logbook } from '../../db/schema.ts';
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
    const rows = await sqlRows<EntryRow & { total: number }>(
      this.db,
      sql`select ${entryColumns}, (count(*) over ())::int as total
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
      items: rows.map(toEntry),
      total,
    };
  }

  /** One entry with what a correction checks: the lift's organisation and when it was written. */
  async find(
    db: Db,
    entryId: number,
    options: { lock?: boolean } = {},
  ): Promise<(LogbookEntry & { organisationId: number; createdAt: Date | null }) | undefined> {
    const [row] = await sqlRows<EntryRow & { organisationId: number; createdAt: string | null }>(
      db,
      sql`select ${entryColumns}, l.organisation_id as "organisationId", ${isoTimestampSql(sql`g.created_at`)} as "createdAt"
          from logbook g join lifts l on l.id = g.lift_id where g.id = ${entryId} ${options.lock ? sql`for update of g` : sql``}`,
    );
    if (!row) return undefined;
    return {
      ...toEntry(row),
      organisationId: row.organisationId,
      createdAt: row.createdAt ? new Date(row.createdAt) : null,
    };
  }

  async insert(db: Db, liftId: number, input: LogbookEntryInput, authorId: number, now: Date): Promise<number> {
    const [row] = await db
      .insert(logbook)
      .values({ liftId, logType: input.logType, at: new Date(input.at), text: input.text, authorId, createdAt: now })
      .returning({ id: logbook.id });
    if (!row) throw new Error('logbook entry not inserted');
    return row.id;
  }

  async update(db: Db, entryId: number, input: LogbookEntryInput): Promise<void> {
    await db
      .update(logbook)
      .set({ logType: input.logType, at: new Date(input.at), text: input.text })
      .where(eq(logbook.id, entryId));
  }
}

interface EntryRow {
  id: number;
  liftId: number;
  logType: LogbookEntry['logType'];
  at: string;
  text: string;
  authorId: number | null;
  correctableUntil: string | null;
}

const entryColumns = sql`g.id::float8 as id, g.lift_id as "liftId", g.log_type as "logType",
  ${isoTimestampSql(sql`g.at`)} as at, g.text, g.author_id as "authorId",
  ${isoTimestampSql(sql`(g.created_at + ${sql.raw(`interval '${String(logbookCorrectionHours)} hours'`)})`)} as "correctableUntil"`;

/** Lines written in the portal carry their author and correction window; others leave them out. */
function toEntry(r: EntryRow): LogbookEntry {
  return {
    id: r.id,
    liftId: r.liftId,
    logType: r.logType,
    at: r.at,
    text: r.text,
    ...(r.authorId !== null ? { authorId: r.authorId } : {}),
    ...(r.correctableUntil !== null ? { correctableUntil: r.correctableUntil } : {}),
  };
}
