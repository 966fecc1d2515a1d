// Rows of a raw SQL result. Both drivers (node-postgres, PGlite) answer { rows }, but Drizzle
// types a raw execute() result as unknown; cast numbers in SQL (::int) since node-postgres returns
// bigint and numeric as strings.
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
