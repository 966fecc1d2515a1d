// SQL fragments the lift repositories share. Raw SQL casts everything it returns (text for times
// and dates, ::int/::float8 for numbers) so node-postgres and PGlite hand back the same values.
import { sql, type SQL } from 'drizzle-orm';
import { businessTimeZone } from '../../db/rollups/availability-rollup.ts';

export { businessTimeZone };

/** A timestamptz as ISO 8601 in UTC with milliseconds ("2026-03-10T09:00:00.000Z"). */
export const isoTimestampSql = (expr: SQL): SQL =>
  sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * `column = any(ids)` as one array parameter, whatever the number of ids; a single id as plain
 * equality, which lets an index on (column, …) also deliver its order.
 */
export const inIdsSql = (column: SQL, ids: readonly number[]): SQL =>
  ids.length === 1 ? sql`${column} = ${ids[0]}` : sql`${column} = any(${sql.param(ids)}::int[])`;
