// Two databases seeded with the same options and the same `now` hold identical rows, table by
// table (ids included, since both start empty); the password hash is the one exception, because
// argon2id salts every hash.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { rowsOf } from './query-rows.ts';
import { isDatabaseEmpty, seedDemoFleet } from './seed-demo-fleet.ts';

const options = { lifts: 14, months: 3, seed: 7, now: new Date('2026-03-15T10:30:00Z') };

async function tableFingerprints(database: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ tablename: string }>(
    await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  ).map((r) => r.tablename);
  const out: Record<string, string> = {};
  for (const table of tables) {
    const [row] = rowsOf<{ n: number; hash: string }>(
      await database.db.execute(sql`
        select count(*)::int as n, md5(coalesce(string_agg(x, '|' order by x), '')) as hash
        from (select (to_jsonb(t) - 'password_hash')::text as x from ${sql.identifier(table)} as t) as s`),
    );
    out[table] = `${String(row?.n)}:${row?.hash ?? ''}`;
  }
  return out;
}

let first: Database;
let second: Database;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
});

describe('seedDemoFleet determinism', () => {
  it('fills an empty database once, and gives identical rows for identical options', async () => {
    expect(await isDatabaseEmpty(first.db)).toBe(true);
    await seedDemoFleet(first.db, options);
    await seedDemoFleet(second.db, options);
    expect(await isDatabaseEmpty(first.db)).toBe(false);

    const [a, b] = await Promise.all([tableFingerprints(first), tableFingerprints(second)]);
    for (const table of ['lifts', 'events', 'calls', 'visits', 'inspections', 'counters', 'daily_counters']) {
      expect(a[table], table).toMatch(/^[1-9]\d*:/);
    }
    expect(a).toEqual(b);
  }, 120_000);
});
