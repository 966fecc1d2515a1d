// A second connection to a test app's PostgreSQL database, standing in for another writer: it holds
// row locks while the app writes, and tells when the app's statement waits for one of them.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../db/database.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { databaseUrl } from './postgres-admin.ts';

/** A connection of its own to the database `db` works on, on the server TEST_DATABASE_URL names. */
export async function connectBeside(db: Db): Promise<pg.Client> {
  const [current] = await sqlRows<{ name: string }>(db, sql`select current_database() as name`);
  const client = new pg.Client({
    connectionString: databaseUrl(process.env.TEST_DATABASE_URL ?? '', current?.name ?? ''),
  });
  await client.connect();
  return client;
}

/** How many other sessions of the database wait for a lock, once one does (0 after ~5 s of none). */
export async function lockWaiters(holder: pg.Client): Promise<number> {
  for (let i = 0; i < 100; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const result = await holder.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    );
    const waiting = result.rows[0]?.n ?? 0;
    if (waiting > 0) return waiting;
  }
  return 0;
}
