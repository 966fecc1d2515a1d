// SQL for a lift's ride and energy counters: quarter hours from the day arrays of
// `daily_quarter_hours`, longer buckets from the local-day rollup `daily_counters`, so a year never
// scans raw rows.
import { sql } from 'drizzle-orm';
import type { CounterItem, CounterKind } from '@liftwacht/contracts/lifts';
import type { QuarterHourSeries } from './counters-json.ts';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';

export type CalendarInterval = 'day' | 'week' | 'month' | 'year';

const quarterHourSeconds = 900;

/**
 * Appends one local day of daily_quarter_hours to the series: PostgreSQL's text of its array
 * ("{3,NULL,5}"), whose element i is the bucket (i - 1) quarter hours after the day's first instant
 * `dayStart` (epoch seconds). An integer array's text is its JSON between other brackets once NULL
 * is spelt in lower case; parsing that is a small part of what array_to_json cost.
 */
export function appendQuarterHourDay(
  series: { epochs: number[]; sums: number[] },
  dayStart: number,
  sumsText: string,
): void {
  const sums = JSON.parse(`[${sumsText.slice(1, -1).replaceAll('NULL', 'null')}]`) as (number | null)[];
  for (let i = 0; i < sums.length; i++) {
    const sum = sums[i];
    if (sum === null || sum === undefined) continue;
    series.epochs.push(dayStart + i * quarterHourSeconds);
    series.sums.push(sum);
  }
}

export class LiftCountersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Quarter hours over local days from..to, one item per raw bucket, in time order: one
   * daily_quarter_hours row a day (365 for a year, where the raw rows were 35,040 and their index
   * scan and aggregation alone took ~20 ms). Times come as numbers, formatted only as the response
   * is written (counters-json.ts).
   */
  async quarterHours(liftId: number, kind: CounterKind, from: string, to: string): Promise<QuarterHourSeries> {
    const rows = await sqlRows<{ dayStart: number; sums: string }>(
      this.db,
      sql`select date_part('epoch', q.day::timestamp at time zone ${businessTimeZone})::float8 as "dayStart",
                 q.sums::text as sums
          from daily_quarter_hours q
          where q.lift_id = ${liftId} and q.kind = ${kind} and q.day between ${from}::date and ${to}::date
          order by q.day`,
    );
    const series = { epochs: [] as number[], sums: [] as number[] };
    for (const row of rows) appendQuarterHourDay(series, row.dayStart, row.sums);
    return series;
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
