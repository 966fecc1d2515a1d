// SQL for a lift's ride and energy counters: quarter hours from the raw `counters`, longer
// buckets from the local-day rollup `daily_counters`, so a year never scans raw rows.
import { sql } from 'drizzle-orm';
import type { CounterItem, CounterKind } from '@liftwacht/contracts/lifts';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { isoTimestampSql, localDayEndSql, localDayStartSql } from './lift-sql.ts';

export type CalendarInterval = 'day' | 'week' | 'month' | 'year';

export class LiftCountersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Quarter hours over local days from..to: the raw rows themselves, one per bucket (the primary
   * key), read in key order. Amsterdam's offset is a whole number of hours, so a UTC quarter hour
   * is a local one and needs no regrouping.
   */
  async quarterHours(liftId: number, kind: CounterKind, from: string, to: string): Promise<CounterItem[]> {
    return sqlRows<CounterItem>(
      this.db,
      sql`select ${isoTimestampSql(sql`c.bucket_start`)} as start, c.value::float8 as sum
          from counters c
          where c.lift_id = ${liftId} and c.kind = ${kind}
            and c.bucket_start >= ${localDayStartSql(from)} and c.bucket_start < ${localDayEndSql(to)}
          order by c.bucket_start`,
    );
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
