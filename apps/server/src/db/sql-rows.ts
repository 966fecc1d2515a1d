// Raw SQL results as typed rows on both drivers (node-postgres and PGlite both answer { rows }).
// Cast numbers in SQL (::int, ::float8): node-postgres returns bigint and numeric as strings.
import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

export async function sqlRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: unknown[] };
  return result.rows as T[];
}
