// Time expressions every repository needs. Days in filters are local (Europe/Amsterdam) calendar
// days, so their bounds are local midnights: 23 or 25 hours apart on DST days.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { businessTimeZone } from './rollups/availability-rollup.ts';

/** The instant of a Date as a timestamptz parameter. */
export const timestampSql = (at: Date): SQL => sql`${at.toISOString()}::timestamptz`;

/** First instant of a local day given as yyyy-MM-dd (or a date column). */
export const localDayStartSql = (day: string | SQL): SQL =>
  sql`((${day}::date)::timestamp at time zone ${businessTimeZone})`;

/** First instant after a local day: the next local midnight. */
export const localDayEndSql = (day: string | SQL): SQL =>
  sql`(((${day}::date) + 1)::timestamp at time zone ${businessTimeZone})`;

/** Whole seconds from start to end, or to now while still running; never negative. */
export const runningSecondsSql = (start: AnyColumn, end: AnyColumn, now: Date) =>
  sql<number>`greatest(0, floor(extract(epoch from (coalesce(${end}, ${timestampSql(now)}) - ${start}))))::int`.mapWith(
    Number,
  );
