// A lift's quarter hours come from the day arrays of daily_quarter_hours, which triggers on counters
// keep: whatever is written to the raw buckets (inserts, ingest-style additions, deletes), the
// series must be every bucket of the span once, in time order, as one plain query over the raw rows
// gives them, and the same after the arrays are rebuilt from scratch.
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

async function expectRawBuckets(db: Database['db'], liftId: number, spans: readonly (readonly [string, string])[]) {
  const repository = new LiftCountersRepository(db);
  for (const [from, to] of spans) {
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
}

const spans = [
  ['2025-09-01', '2026-04-30'],
  ['2025-10-26', '2025-10-26'],
  ['2026-03-29', '2026-03-29'],
  ['2025-10-01', '2025-10-31'],
  ['2026-04-30', '2026-05-31'],
] as const;

describe('quarter hours', () => {
  it('are every raw bucket of the span once and in order, through inserts, additions and deletes', async () => {
    const db = database.db;
    const [org] = await db.insert(organisations).values({ name: 'Kwartier', type: 'owner' }).returning();
    const liftId = await insertLift(db, org?.id ?? 0, 'Lift K');
    const otherLift = await insertLift(db, org?.id ?? 0, 'Lift L');
    const rand = seededRandom(5);
    // Random buckets from September to April (both DST changes), with gaps, and every bucket of
    // the two DST days and the local midnights around them.
    const start = Date.parse('2025-09-01T00:00:00Z');
    const buckets = new Set<number>();
    for (let i = 0; i < 4000; i++) buckets.add(start + Math.floor(rand() * 240 * 96) * 900_000);
    for (const [from, to] of [
      ['2025-10-25T20:00:00Z', '2025-10-27T02:00:00Z'],
      ['2026-03-28T20:00:00Z', '2026-03-30T02:00:00Z'],
    ] as const) {
      for (let t = Date.parse(from); t < Date.parse(to); t += 900_000) buckets.add(t);
    }
    const rows = (lift: number) =>
      [...buckets].map(
        (t) => sql`(${lift}, 'rides', ${new Date(t).toISOString()}::timestamptz, ${Math.floor(rand() * 50)})`,
      );
    // In several statements, as ingest batches arrive, and for a second lift that must not leak in.
    const all = rows(liftId);
    for (let i = 0; i < all.length; i += 1500) {
      await db.execute(
        sql`insert into counters (lift_id, kind, bucket_start, value) values ${sql.join(all.slice(i, i + 1500), sql`, `)}`,
      );
    }
    await db.execute(
      sql`insert into counters (lift_id, kind, bucket_start, value) values ${sql.join(rows(otherLift), sql`, `)}`,
    );
    await expectRawBuckets(db, liftId, spans);

    // Ingest adds to buckets that exist and creates new ones in one statement.
    await db.execute(sql`
      insert into counters (lift_id, kind, bucket_start, value)
      select ${liftId}::int, 'rides', t, 7
      from generate_series('2025-10-26T00:00:00Z'::timestamptz, '2025-10-26T06:00:00Z', '5 hours 15 minutes') t
      union all
      select ${liftId}::int, 'rides', t, 3 from generate_series('2026-04-30T21:45:00Z'::timestamptz, '2026-05-01T01:00:00Z', '45 minutes') t
      on conflict (lift_id, kind, bucket_start) do update set value = counters.value + excluded.value`);
    await db.execute(
      sql`update counters set value = value * 2 where lift_id = ${liftId} and bucket_start < '2025-09-20'`,
    );
    // A deleted bucket leaves a gap, not a zero.
    await db.execute(
      sql`delete from counters where lift_id = ${liftId} and bucket_start between '2025-10-26T01:00:00Z' and '2025-10-26T03:00:00Z'`,
    );
    await expectRawBuckets(db, liftId, spans);

    const kept = await new LiftCountersRepository(db).quarterHours(liftId, 'rides', '2025-09-01', '2026-05-31');
    await db.execute(sql`select liftwacht_daily_quarter_hours_rebuild_all()`);
    expect(await new LiftCountersRepository(db).quarterHours(liftId, 'rides', '2025-09-01', '2026-05-31')).toEqual(
      kept,
    );
    await expectRawBuckets(db, otherLift, spans);
  });
});
