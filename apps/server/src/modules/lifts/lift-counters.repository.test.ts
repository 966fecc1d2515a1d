// A lift's quarter hours over a long span are read as two halves at once; together they must be
// every bucket of the span once, in time order, as one plain query over the raw rows gives them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { organisations } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { LiftCountersRepository } from './lift-counters.repository.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('quarter hours', () => {
  it('are every bucket of the span once and in order, for short and long spans', async () => {
    const db = database.db;
    const [org] = await db.insert(organisations).values({ name: 'Kwartier', type: 'owner' }).returning();
    const liftId = await insertLift(db, org?.id ?? 0, 'Lift K');
    const rand = seededRandom(5);
    // Random buckets from September to January (both DST changes), with gaps, and every bucket
    // around the local midnights where a long span splits.
    const start = Date.parse('2025-09-01T00:00:00Z');
    const buckets = new Set<number>();
    for (let i = 0; i < 3000; i++) buckets.add(start + Math.floor(rand() * 150 * 96) * 900_000);
    for (let t = Date.parse('2025-10-15T20:00:00Z'); t < Date.parse('2025-10-17T04:00:00Z'); t += 900_000) {
      buckets.add(t);
    }
    const values = [...buckets].map(
      (t) => sql`(${liftId}, 'rides', ${new Date(t).toISOString()}::timestamptz, ${Math.floor(rand() * 50)})`,
    );
    await db.execute(
      sql`insert into counters (lift_id, kind, bucket_start, value) values ${sql.join(values, sql`, `)}`,
    );

    const repository = new LiftCountersRepository(db);
    for (const [from, to] of [
      ['2025-09-01', '2026-01-28'],
      ['2025-09-17', '2025-11-16'],
      ['2025-10-16', '2025-10-16'],
      ['2025-10-01', '2025-10-31'],
    ] as const) {
      const series = await repository.quarterHours(liftId, 'rides', from, to);
      const expected = await sqlRows<{ epoch: number; value: number }>(
        db,
        sql`select date_part('epoch', bucket_start)::float8 as epoch, value::float8 as value from counters
            where lift_id = ${liftId} and kind = 'rides'
              and bucket_start >= (${from}::date)::timestamp at time zone 'Europe/Amsterdam'
              and bucket_start < (${to}::date + 1)::timestamp at time zone 'Europe/Amsterdam'
            order by bucket_start`,
      );
      expect(series.epochs, `${from}..${to}`).toEqual(expected.map((r) => r.epoch));
      expect(series.sums, `${from}..${to}`).toEqual(expected.map((r) => r.value));
    }
  });
});
