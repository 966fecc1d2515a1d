// A lift's quarter hours come from the closed days' arrays (daily_quarter_hours) and the raw buckets
// after them: before, between and after closings, the series must be every bucket of the span once,
// in time order, as one plain query over the raw rows gives them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { organisations } from '../../db/schema.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { LiftCountersRepository } from './lift-counters.repository.ts';
import { quarterHourBuckets } from './quarter-hour-series.ts';
import { lastClosedDay, QuarterHourDaysRepository } from '../ingest/quarter-hour-days.repository.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function expectRawBuckets(target: Database, liftId: number, spans: readonly (readonly [string, string])[]) {
  const { db } = target;
  // The same statement prepared on a connection runs with a generic plan from its sixth run on.
  const repository = new LiftCountersRepository(target);
  for (const [from, to] of spans) {
    const series = quarterHourBuckets(await repository.quarterHours(liftId, 'rides', from, to));
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
  it('are every raw bucket of the span once and in order, whichever days are closed', async () => {
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
    for (const lift of [liftId, otherLift]) {
      await db.execute(
        sql`insert into counters (lift_id, kind, bucket_start, value) values ${sql.join(rows(lift), sql`, `)}`,
      );
    }
    await expectRawBuckets(database, liftId, spans);

    const days = new QuarterHourDaysRepository(db);
    const closed = await days.closeThrough('2025-10-26');
    expect(closed).toBeGreaterThan(2 * 50);
    // Nothing new to close: the last closed day is where the next closing starts.
    expect(await days.closeThrough('2025-10-26')).toBe(0);
    await expectRawBuckets(database, liftId, spans);
    await expectRawBuckets(database, otherLift, spans);

    const more = await days.closeThrough('2026-03-31');
    expect(more).toBeGreaterThan(2 * 100);
    const [count] = await sqlRows<{ n: number; long: number; short: number }>(
      db,
      sql`select count(*)::int as n,
                 count(*) filter (where array_length(sums, 1) = 100)::int as long,
                 count(*) filter (where day = '2026-03-29' and array_length(sums, 1) = 92)::int as short
          from daily_quarter_hours where lift_id = ${liftId}`,
    );
    // One row a day with buckets; the autumn DST day has 100 quarter hours, the spring one 92.
    expect(count?.n).toBe(closed / 2 + more / 2);
    expect(count?.long).toBe(1);
    expect(count?.short).toBe(1);
    // Ingest keeps adding to the open days after the last closed one.
    await db.execute(sql`
      insert into counters (lift_id, kind, bucket_start, value)
      select ${liftId}::int, 'rides', t, 3
      from generate_series('2026-04-30T21:45:00Z'::timestamptz, '2026-05-01T01:00:00Z', '45 minutes') t
      on conflict (lift_id, kind, bucket_start) do update set value = counters.value + excluded.value`);
    await expectRawBuckets(database, liftId, spans);
    await expectRawBuckets(database, otherLift, spans);
  });

  it('closes a day only when ingest can no longer write it', () => {
    // Messages may be 30 days old; their local day may be one more behind.
    expect(lastClosedDay(new Date('2026-11-22T12:00:00Z'))).toBe('2026-10-21');
    expect(lastClosedDay(new Date('2026-11-22T23:30:00Z'))).toBe('2026-10-22');
  });
});
