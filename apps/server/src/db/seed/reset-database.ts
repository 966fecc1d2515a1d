// Empties every application table (for `npm run seed -- --reset`), restarting the id sequences so
// a reseed with the same options yields the same ids. Drizzle's migration journal lives in its own
// schema and is left alone, so the schema stays migrated.
import { sql } from 'drizzle-orm';
import type { Db } from '../database.ts';
import { rowsOf } from './query-rows.ts';

export async function truncateAllTables(db: Db): Promise<string[]> {
  const tables = rowsOf<{ tablename: string }>(
    await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((r) => r.tablename);
  if (tables.length > 0) {
    await db.execute(
      sql`truncate table ${sql.join(
        tables.map((t) => sql`${sql.identifier(t)}`),
        sql`, `,
      )} restart identity cascade`,
    );
  }
  return tables;
}
