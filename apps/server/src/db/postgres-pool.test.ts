// The pool lives through connections that die while checked out: nothing thrown at the process, the
// dead connection leaves the pool even when its holder never gives it back, and closing the pool
// does not wait for it. Needs a PostgreSQL server (the PostgreSQL project).
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresPool } from './postgres-pool.ts';

const adminUrl = process.env.TEST_DATABASE_URL;

async function terminate(pid: number): Promise<void> {
  const killer = new pg.Client({ connectionString: adminUrl });
  await killer.connect();
  try {
    await killer.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await killer.end();
  }
}

async function until(condition: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(20);
  }
}

describe.skipIf(process.env.LIFTWACHT_TEST_DB !== 'postgres' || !adminUrl)('createPostgresPool', () => {
  it('drops a checked-out connection the server ended, even if its holder never releases it', async () => {
    const pool = createPostgresPool({ url: adminUrl ?? '', max: 2, options: '', connectTimeoutMs: 2000 });
    const client = await pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    await terminate(rows[0]?.pid ?? 0);
    // What Drizzle's transaction() does when `begin` fails: the error, and no release.
    await until(() => pool.totalCount === 0);
    await expect(client.query('begin')).rejects.toThrow(/not queryable|terminat/);
    // The pool serves new connections and closes without waiting for the lost one.
    expect((await pool.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    const closed = Date.now();
    await pool.end();
    expect(Date.now() - closed).toBeLessThan(2000);
  });

  it('lets the holder release a dead connection without "released twice"', async () => {
    const pool = createPostgresPool({ url: adminUrl ?? '', max: 2, options: '', connectTimeoutMs: 2000 });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await terminate(rows[0]?.pid ?? 0);
      await until(() => pool.totalCount === 0);
      expect(() => client.release()).not.toThrow();
      // A live connection is released as usual and kept.
      const live = await pool.connect();
      live.release();
      expect(pool.idleCount).toBe(1);
    } finally {
      await pool.end();
    }
  });
});
