// SQL for a lift's ride and energy counters: quarter hours from the raw `counters`, longer
// buckets from the local-day rollup `daily_counters`, so a year never scans raw rows.
import { sql } from 'drizzle-orm';
import type { CounterItem, CounterKind } from '@liftwacht/contracts/lifts';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { localDayEndSql, localDayStartSql } from './lift-sql.ts';

export type CalendarInterval = 'day' | 'week' | 'month' | 'year';

const dayMs = 86_400_000;
const pad2 = (n: number) => (n < 10 ? `0${String(n)}` : String(n));

/**
 * Epoch seconds to ISO 8601 UTC with milliseconds, as Date.prototype.toISOString (and the SQL
 * isoTimestampSql) write it, for many instants in order: the date part is built once per day.
 */
export function isoFormatter(): (epochSeconds: number) => string {
  let day = Number.NaN;
  let prefix = '';
  // Time of day for whole minutes (every quarter hour): at most 1,440 strings, built once.
  const minutes = new Map<number, string>();
  return (epochSeconds) => {
    // Whole microseconds first (what PostgreSQL stores), so float noise never drops a millisecond.
    const ms = Math.floor(Math.round(epochSeconds * 1e6) / 1000);
    // Years outside 0000–9999 need toISOString's expanded form.
    if (ms < 0 || ms >= 253_402_300_800_000) return new Date(ms).toISOString();
    const d = Math.floor(ms / dayMs);
    if (d !== day) {
      day = d;
      prefix = new Date(d * dayMs).toISOString().slice(0, 11);
    }
    const rest = ms - d * dayMs;
    const wholeMinute = rest % 60_000 === 0;
    let time = wholeMinute ? minutes.get(rest) : undefined;
    if (time === undefined) {
      const seconds = Math.floor(rest / 1000);
      time = `${pad2(Math.floor(seconds / 3600))}:${pad2(Math.floor(seconds / 60) % 60)}:${pad2(seconds % 60)}.${String(rest % 1000).padStart(3, '0')}Z`;
      if (wholeMinute) minutes.set(rest, time);
    }
    return prefix + time;
  };
}

export class LiftCountersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Quarter hours over local days from..to: the raw rows themselves, one per bucket (the primary
   * key), read in key order. Amsterdam's offset is a whole number of hours, so a UTC quarter hour
   * is a local one and needs no regrouping. Times come as epoch numbers and are formatted here:
   * to_char on a year of buckets (35,040) took three times as long as reading them.
   */
  async quarterHours(liftId: number, kind: CounterKind, from: string, to: string): Promise<CounterItem[]> {
    const rows = await sqlRows<{ epoch: number; sum: number }>(
      this.db,
      sql`select date_part('epoch', c.bucket_start) as epoch, c.value::float8 as sum
          from counters c
          where c.lift_id = ${liftId} and c.kind = ${kind}
            and c.bucket_start >= ${localDayStartSql(from)} and c.bucket_start < ${localDayEndSql(to)}
          order by c.bucket_start`,
    );
    const format = isoFormatter();
    return rows.map((r) => ({ start: format(r.epoch), sum: r.sum }));
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
