// Bulk-load settings for the seed transaction. Building a primary key once over all rows is about
// twice as fast as maintaining it row by row (PostgreSQL's own advice for populating a database),
// and the counters tables hold most of the seeded rows.
import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../database.ts';
import { rowsOf } from './query-rows.ts';

/**
 * Drops the primary keys of `tables` and returns the function that restores them exactly as they
 * were (name and definition read from the catalog). Use inside a transaction, so a failure rolls
 * the drop back with everything else; in between, nothing may rely on those keys (no lookups, no
 * upserts). A duplicate row fails loudly when the key comes back.
 */
export async function dropPrimaryKeys(db: Db, tables: readonly PgTable[]): Promise<() => Promise<void>> {
  const keys: { table: string; name: string; definition: string }[] = [];
  for (const table of tables) {
    const name = getTableName(table);
    const [key] = rowsOf<{ name: string; definition: string }>(
      await db.execute(sql`
        select conname as name, pg_get_constraintdef(oid) as definition
        from pg_constraint
        where conrelid = ${name}::regclass and contype = 'p'`),
    );
    if (key) keys.push({ table: name, ...key });
  }
  for (const key of keys) {
    await db.execute(sql`alter table ${sql.identifier(key.table)} drop constraint ${sql.identifier(key.name)}`);
  }
  return async () => {
    for (const key of keys) {
      await db.execute(
        sql`alter table ${sql.identifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
      );
    }
  };
}

/**
 * Every reference the seed writes points at a row it has just inserted, so the per-row foreign-key
 * triggers only cost time (half the seed on PGlite). session_replication_role skips them for this
 * transaction, the way pg_restore does; it needs superuser, which PGlite always is. Without it
 * (a managed PostgreSQL) the seed is merely slower. A larger work_mem keeps the counter CTEs in
 * memory instead of temporary files. The seed's statements over a large fleet run for minutes, so
 * the app pool's statement timeout (DATABASE_STATEMENT_TIMEOUT_MS) is off for this transaction.
 */
export async function useBulkLoadSettings(db: Db): Promise<void> {
  await db.execute(sql`set local work_mem = '64MB'`);
  await db.execute(sql`set local statement_timeout = 0`);
  const [row] = rowsOf<{ superuser: string }>(
    await db.execute(sql`select current_setting('is_superuser') as superuser`),
  );
  if (row?.superuser === 'on') await db.execute(sql`set local session_replication_role = replica`);
}
