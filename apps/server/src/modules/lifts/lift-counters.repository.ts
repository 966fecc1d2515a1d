// SQL for a lift's ride and energy counters: quarter hours from the raw `counters`, longer
// buckets from the local-day rollup `daily_counters`, so a year never scans raw rows.
import { sql } from 'drizzle-orm';
import type { CounterItem, CounterKind } from '@liftwacht/contracts/lifts';
import type { QuarterHourSeries } from './counters-json.ts';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { addDays, daysBetween } from '../../lib/calendar-days.ts';
import { localDayEndSql, localDayStartSql } from '../../db/local-time-sql.ts';

export type CalendarInterval = 'day' | 'week' | 'month' | 'year';

// Spans shorter than two of these are read in one query.
const minDaysPerHalf = 31;

/**
 * PostgreSQL's text of an integer array ("{1,-2,3}") as numbers: an integer array's text is its
 * JSON between other brackets, and array_to_json took a fifth of the query.
 */
export function integerArray(text: string): number[] {
  return JSON.parse(`[${text.slice(1, -1)}]`) as number[];
}

/**
 * The series in time order. Both array_aggs see the rows in the same order, so epochs[i] and
 * sums[i] belong together; that order is the index's in practice, but without an ORDER BY (which
 * makes each aggregate sort its 35,040 rows) it is not promised, so anything out of order is sorted
 * here.
 */
export function timeOrdered(epochs: number[], sums: number[]): QuarterHourSeries {
  for (let i = 1; i < epochs.length; i++) {
    if ((epochs[i] ?? 0) < (epochs[i - 1] ?? 0)) {
      const order = epochs.map((_, j) => j).sort((x, y) => (epochs[x] ?? 0) - (epochs[y] ?? 0));
      return { epochs: order.map((j) => epochs[j] ?? 0), sums: order.map((j) => sums[j] ?? 0) };
    }
  }
  return { epochs, sums };
}

export class LiftCountersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Quarter hours over local days from..to: the raw rows themselves, one per bucket (the primary
   * key). Amsterdam's offset is a whole number of hours, so a UTC quarter hour is a local one and
   * needs no regrouping; buckets start on whole seconds. Times come as numbers, formatted only as
   * the response is written (counters-json.ts): to_char on a year of buckets (35,040) took three
   * times as long as reading them. The year comes back as one row of
   * two integer arrays, not 35,040 rows: the driver built an object per row, and that decoding took
   * as long as the query (min 39 → 24 ms, p50 halved, measured at load ~5).
   */
  async quarterHours(liftId: number, kind: CounterKind, from: string, to: string): Promise<QuarterHourSeries> {
    // A long span is read as two halves at once, on two connections: the query is one index scan
    // and aggregate on one core, and a year's took ~20 ms of it alone.
    const days = daysBetween(from, to) + 1;
    if (days < 2 * minDaysPerHalf) return this.quarterHourRun(liftId, kind, from, to);
    const mid = addDays(from, Math.floor(days / 2) - 1);
    const next = addDays(mid, 1);
    const [first, second] = await Promise.all([
      this.quarterHourRun(liftId, kind, from, mid),
      this.quarterHourRun(liftId, kind, next, to),
    ]);
    return { epochs: [...first.epochs, ...second.epochs], sums: [...first.sums, ...second.sums] };
  }

  private async quarterHourRun(
    liftId: number,
    kind: CounterKind,
    from: string,
    to: string,
  ): Promise<QuarterHourSeries> {
    // Each bucket as whole seconds after the period's start and its value as an integer: printing
    // 35,040 small integers took half as long as printing epoch floats and float values.
    const [row] = await sqlRows<{ start: number; offsets: string | null; sums: string | null }>(
      this.db,
      sql`select b.start,
                 array_agg(round(date_part('epoch', c.bucket_start) - b.start)::int)::text as offsets,
                 array_agg(c.value)::text as sums
          from (select date_part('epoch', ${localDayStartSql(from)}) as start) b
          join counters c
            on c.lift_id = ${liftId} and c.kind = ${kind}
           and c.bucket_start >= ${localDayStartSql(from)} and c.bucket_start < ${localDayEndSql(to)}
          group by b.start`,
    );
    // No rows: no group.
    if (!row?.offsets || !row.sums) return { epochs: [], sums: [] };
    const start = row.start;
    const epochs = integerArray(row.offsets).map((offset) => start + offset);
    return timeOrdered(epochs, integerArray(row.sums));
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
