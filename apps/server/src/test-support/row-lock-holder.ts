// A second connection to a test app's PostgreSQL database, standing in for another writer: it holds
// row locks while the app writes, and tells when the app's statement waits for one of them.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../db/database.ts';
import { sqlRows } from '../db/sql-rows.ts';
import { databaseUrl } from './postgres-admin.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Whether this run has a PostgreSQL server to test on (row locks are PostgreSQL's; PGlite runs one statement at a time). */
export const onPostgres = process.env.LIFTWACHT_TEST_DB === 'postgres' && !!process.env.TEST_DATABASE_URL;

/**
 * For the describe block it is called in: a test app, and a second connection to its database
 * (the holder), both ready before the first test and closed after the last.
 */
export function useRowLockHolder(): { readonly t: TestApp; readonly holder: pg.Client } {
  const context = {} as { t: TestApp; holder: pg.Client };
  beforeAll(async () => {
    context.t = await createTestApp();
    context.holder = await connectBeside(context.t.database.db);
  });
  afterAll(async () => {
    await context.holder.end();
    await context.t.close();
  });
  return context;
}

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
