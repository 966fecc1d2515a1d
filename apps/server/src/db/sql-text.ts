// SQL pieces the repositories share: timestamps as API text, literal search patterns, unique violations.
import { sql, type SQL } from 'drizzle-orm';

/** A timestamptz as the API's ISO 8601 text (UTC, milliseconds), the same on both drivers. */
export const isoSql = (expr: SQL): SQL => sql`to_char(${expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `%term%` for ILIKE, with the pattern characters of the term taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether err (or what it wraps: drizzle wraps driver errors) is a unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error || (typeof e === 'object' && e !== null);) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
