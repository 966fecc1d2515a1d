// A named statement answers like the plain one on both databases: prepared once and run again
// (PGlite: SQL PREPARE and EXECUTE with its numbers written as literals), with number arrays and
// nulls, with a text parameter (run plainly on PGlite), and on PGlite after the session dropped its
// prepared statements.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { preparedRows } from './prepared-rows.ts';
import { createTestDatabase } from '../test-support/test-database.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const numbers = (ids: number[], factor: number | null) =>
  sql`select x::int as x, (x * ${factor})::int as y from unnest(${sql.param(ids)}::int[]) as x order by x`;

describe('preparedRows', () => {
  it('answers the same rows each time, whatever the numbers', async () => {
    expect(await preparedRows(database, numbers([3, 1, 2], 2))).toEqual([
      { x: 1, y: 2 },
      { x: 2, y: 4 },
      { x: 3, y: 6 },
    ]);
    expect(await preparedRows(database, numbers([5], -1))).toEqual([{ x: 5, y: -5 }]);
    expect(await preparedRows(database, numbers([], 1))).toEqual([]);
    expect(await preparedRows(database, numbers([4], null))).toEqual([{ x: 4, y: null }]);
  });

  it("fills a kept statement's placeholders with the values of each run", async () => {
    const kept = sql`select x::int as x from unnest(${sql.placeholder('ids')}::int[]) as x where x > ${sql.placeholder('min')} order by x`;
    expect(await preparedRows(database, kept, { ids: [3, 1, 2], min: 1 })).toEqual([{ x: 2 }, { x: 3 }]);
    expect(await preparedRows(database, kept, { ids: [7, 5], min: 0 })).toEqual([{ x: 5 }, { x: 7 }]);
  });

  it('takes text parameters as they are', async () => {
    const text = "it's \\ 'quoted'";
    expect(await preparedRows(database, sql`select ${text}::text as t, ${true}::boolean as b`)).toEqual([
      { t: text, b: true },
    ]);
  });

  // PGlite only: node-postgres keeps its own record of what each pooled connection prepared.
  it.skipIf(process.env.LIFTWACHT_TEST_DB === 'postgres')(
    'prepares again when the session dropped its statements',
    async () => {
      expect(await preparedRows(database, numbers([1], 3))).toEqual([{ x: 1, y: 3 }]);
      await database.db.execute(sql`deallocate all`);
      expect(await preparedRows(database, numbers([1], 4))).toEqual([{ x: 1, y: 4 }]);
    },
  );
});
