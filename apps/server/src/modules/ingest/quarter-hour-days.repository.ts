// Closing counter days: once ingest can no longer write a local day, its raw quarter hours are
// copied into one daily_quarter_hours array per lift and kind (see schema.ts), so a long 15-minute
// chart reads one row a day. Closing happens off the write path: maintaining the arrays on every
// counters upsert made an ingest batch's counter writes ~5 times as expensive.
import { sql, type SQL } from 'drizzle-orm';
import { counterKinds } from '@liftwacht/contracts/lifts';
import type { Db } from '../../db/database.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { addDays } from '../../lib/calendar-days.ts';
import { localDay } from '../../lib/local-day.ts';
import { maxMessageAgeMs } from './message-parser.ts';

// A message may be 30 days old, and its bucket's local day one more behind; one day to spare.
const openDays = Math.ceil(maxMessageAgeMs / 86_400_000) + 2;

/** The last local day ingest can no longer write at `now`. */
export function lastClosedDay(now: Date): string {
  return addDays(localDay(now), -openDays);
}

// meta key of the last local day closed for every lift, where the next closing starts
const closedThroughKey = 'counter_days_closed_through';
const liftsPerClosing = 500;

export class QuarterHourDaysRepository {
  constructor(private readonly db: Db) {}

  /**
   * Closes every day after the last one closed so far up to `through`, for all lifts; a day already
   * closed is left as it is (two nodes may close the same days). Returns the rows written. Nothing
   * new to close costs one read, so the hourly job closes each day once. Lifts go 500 ids at a
   * time: a day of 10,000 lifts in one statement was a sequential scan of every bucket kept and a
   * sort spilled to disk (12 s); in chunks each is an index read of ~0.6 s.
   */
  async closeThrough(through: string): Promise<number> {
    const [last] = await sqlRows<{ day: string }>(
      this.db,
      sql`select value as day from meta where key = ${closedThroughKey}`,
    );
    if (last && last.day >= through) return 0;
    const since = last ? sql` and c.bucket_start >= ${localDayEndSql(last.day)}` : sql``;
    const [ids] = await sqlRows<{ low: number | null; high: number | null }>(
      this.db,
      sql`select min(id) as low, max(id) as high from lifts`,
    );
    let written = 0;
    for (let low = ids?.low ?? 0; low <= (ids?.high ?? -1); low += liftsPerClosing) {
      written += await this.close(
        sql`l.id between ${low} and ${low + liftsPerClosing - 1}
            and c.bucket_start < ${localDayEndSql(through)}${since}`,
      );
    }
    await this.db.execute(
      sql`insert into meta (key, value) values (${closedThroughKey}, ${through})
          on conflict (key) do update set value = greatest(meta.value, excluded.value)`,
    );
    return written;
  }

  /** One lift's days from..through again, after its raw buckets were written anew (the benchmark). */
  async recloseLift(liftId: number, from: string, through: string): Promise<number> {
    await this.db.execute(
      sql`delete from daily_quarter_hours where lift_id = ${liftId} and day between ${from}::date and ${through}::date`,
    );
    return this.close(
      sql`l.id = ${liftId} and c.bucket_start >= ${localDayStartSql(from)}
          and c.bucket_start < ${localDayEndSql(through)}`,
    );
  }

  /**
   * The raw buckets matching `where` as day arrays. The buckets are found per lift and kind, so a
   * day's closing reads that day's rows by key instead of scanning every bucket kept. Slot i is
   * (i - 1) quarter hours after the day's first instant, so a DST day has 92 or 100 (the offset is
   * a whole number of hours, so UTC quarter hours are local ones). The array is written as text
   * with a NULL for every slot skipped: filling the gaps with a join or a function per day took
   * 0.5–3 ms a day.
   */
  private async close(where: SQL): Promise<number> {
    const rows = await sqlRows<{ n: number }>(
      this.db,
      sql`with slots as (
            select c.lift_id, c.kind, d.day,
                   floor(extract(epoch from c.bucket_start - (d.day::timestamp at time zone ${businessTimeZone})) / 900)::int
                     + 1 as slot,
                   sum(c.value)::bigint as value
            from lifts l
            cross join unnest(${sql.param([...counterKinds])}::text[]) as k(kind)
            join counters c on c.lift_id = l.id and c.kind = k.kind
            cross join lateral (select (c.bucket_start at time zone ${businessTimeZone})::date as day) d
            where ${where}
            group by 1, 2, 3, 4
          ),
          gaps as (
            select s.*, s.slot - coalesce(lag(s.slot) over (partition by s.lift_id, s.kind, s.day order by s.slot), 0) - 1
                          as skipped
            from slots s
          ),
          closed as (
            insert into daily_quarter_hours (lift_id, kind, day, sums)
            select lift_id, kind, day,
                   ('{' || string_agg(repeat('NULL,', skipped) || value, ',' order by slot) || '}')::bigint[]
            from gaps
            group by 1, 2, 3
            on conflict (lift_id, kind, day) do nothing
            returning 1
          )
          select count(*)::int as n from closed`,
    );
    return rows[0]?.n ?? 0;
  }
}
