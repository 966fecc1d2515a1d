// SQL for a lift's ride and energy counters: quarter hours from the closed days' arrays of
// `daily_quarter_hours` and the raw `counters` after them, longer buckets from the local-day rollup
// `daily_counters`, so a year never scans a year of raw rows.
import { sql } from 'drizzle-orm';
import type { CounterItem, CounterKind } from '@liftwacht/contracts/lifts';
import type { QuarterHourSeries } from './quarter-hour-series.ts';
import type { Database, Db } from '../../db/database.ts';
import { preparedRows } from '../../db/prepared-rows.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';

export type CalendarInterval = 'day' | 'week' | 'month' | 'year';

/**
 * PostgreSQL's text of an integer array ("{1,NULL,3}") as numbers and nulls: an integer array's
 * text is its JSON between other brackets once NULL is spelt in lower case, and array_to_json took
 * a fifth of the query.
 */
function integerArray(text: string): (number | null)[] {
  return JSON.parse(`[${text.slice(1, -1).replaceAll('NULL', 'null')}]`) as (number | null)[];
}

/**
 * The raw buckets in time order. Both array_aggs see the rows in the same order, so epochs[i] and
 * sums[i] belong together; that order is the index's in practice, but without an ORDER BY (which
 * makes each aggregate sort its rows) it is not promised, so anything out of order is sorted.
 */
function rawBuckets(rawStart: number, offsets: (number | null)[], values: (number | null)[]): QuarterHourSeries['raw'] {
  const order = offsets.map((_, j) => j);
  if (offsets.some((offset, j) => j > 0 && (offset ?? 0) < (offsets[j - 1] ?? 0))) {
    order.sort((x, y) => (offsets[x] ?? 0) - (offsets[y] ?? 0));
  }
  return { epochs: order.map((j) => rawStart + (offsets[j] ?? 0)), sums: order.map((j) => values[j] ?? 0) };
}

interface QuarterHourRow {
  dayStarts: string | null;
  daySums: string | null;
  rawStart: number;
  offsets: string | null;
  sums: string | null;
}

const param = {
  liftId: sql.placeholder('liftId'),
  kind: sql.placeholder('kind'),
  from: sql.placeholder('from'),
  to: sql.placeholder('to'),
};

/**
 * One row in one round trip: the closed days' starts and arrays (concatenated, "{1,2}{NULL,3}"),
 * then the raw buckets after the last closed day as whole seconds after the first open day's start
 * and their values. Small integers in array text print and parse fastest; a row per bucket made the
 * driver build an object each. Prepared (db/prepared-rows.ts): parsing and planning it took ~0.7 ms
 * of a year's ~5 ms in PostgreSQL, and its generic plan is the custom one (both index ranges).
 */
const quarterHoursStatement = sql`with closed as (
    select q.day, q.sums from daily_quarter_hours q
    where q.lift_id = ${param.liftId}::int and q.kind = ${param.kind}::text and q.day between ${param.from}::date and ${param.to}::date
  ),
  open_from as (
    select ${localDayStartSql(sql`coalesce(max(day) + 1, ${param.from}::date)`)} as at from closed
  ),
  raw as (
    select round(date_part('epoch', c.bucket_start - f.at))::int as offset_seconds, c.value
    from open_from f
    join counters c
      on c.lift_id = ${param.liftId}::int and c.kind = ${param.kind}::text
     and c.bucket_start >= f.at and c.bucket_start < ${localDayEndSql(sql`${param.to}`)}
  )
  select (select array_agg(date_part('epoch', ${localDayStartSql(sql`day`)}) order by day)::text
          from closed) as "dayStarts",
         (select string_agg(sums::text, '' order by day) from closed) as "daySums",
         (select date_part('epoch', at)::float8 from open_from) as "rawStart",
         (select array_agg(offset_seconds)::text from raw) as offsets,
         (select array_agg(value)::text from raw) as sums`;

export class LiftCountersRepository {
  private readonly db: Db;

  constructor(private readonly database: Pick<Database, 'db' | 'query'>) {
    this.db = database.db;
  }

  /**
   * Quarter hours over local days from..to, one item per raw bucket, in time order: closed days as
   * one daily_quarter_hours array each, the days after the last closed one (the last month or so)
   * from the raw buckets. A year is ~335 arrays and ~3,000 raw rows, where all 35,040 raw rows took
   * ~20 ms to scan and aggregate. Times come as numbers, formatted only as the response is written
   * (counters-json.ts). Raw buckets on a day before the last closed one are not read: ingest cannot
   * write them, and only a writer that bypasses it (the benchmark) must close such days again.
   */
  async quarterHours(liftId: number, kind: CounterKind, from: string, to: string): Promise<QuarterHourSeries> {
    const [row] = await preparedRows<QuarterHourRow>(this.database, quarterHoursStatement, { liftId, kind, from, to });
    const closed =
      row?.dayStarts && row.daySums
        ? { starts: integerArray(row.dayStarts).map((start) => start ?? 0), text: row.daySums }
        : { starts: [], text: '' };
    const raw =
      row?.offsets && row.sums
        ? rawBuckets(row.rawStart, integerArray(row.offsets), integerArray(row.sums))
        : { epochs: [], sums: [] };
    return { closed, raw };
  }

  /** Day, ISO week (Monday), month or year sums over local days from..to, keyed by first day. */
  async calendarBuckets(
    liftId: number,
    kind: CounterKind,
    interval: CalendarInterval,
    from: string,
    to: string,
  ): Promise<CounterItem[]> {
    const bucket = interval === 'day' ? sql`dc.day` : sql`date_trunc(${interval}, dc.day::timestamp)::date`;
    return sqlRows<CounterItem>(
      this.db,
      sql`select ${bucket}::text as start, sum(dc.value)::float8 as sum
          from daily_counters dc
          where dc.lift_id = ${liftId} and dc.kind = ${kind} and dc.day between ${from}::date and ${to}::date
          group by 1
          order by 1`,
    );
  }

  /** First local day with a ride count up to `to`, and the rides from `from` to `to`. */
  async rideHistory(liftId: number, from: string, to: string): Promise<{ firstDay: string | null; rides: number }> {
    const [row] = await sqlRows<{ firstDay: string | null; rides: number }>(
      this.db,
      sql`select min(dc.day)::text as "firstDay",
                 coalesce(sum(dc.value) filter (where dc.day >= ${from}::date), 0)::float8 as rides
          from daily_counters dc
          where dc.lift_id = ${liftId} and dc.kind = 'rides' and dc.day <= ${to}::date`,
    );
    return { firstDay: row?.firstDay ?? null, rides: row?.rides ?? 0 };
  }
}
