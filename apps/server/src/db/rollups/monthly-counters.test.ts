// monthly_counters is kept by triggers on daily_counters (migration 0004); the dashboard's energy
// figure reads it. Whatever is done to the days, every run of days must sum as the days do.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.ts';
import { dailyCounters, lifts, organisations } from '../schema.ts';
import { sqlRows } from '../sql-rows.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { PeriodFiguresRepository } from '../../modules/dashboard/period-figures.repository.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { insertLift } from '../../test-support/fixtures.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('monthly counters', () => {
  it('equal the daily counters for any run of days after inserts, upserts, updates and deletes', async () => {
    const db = database.db;
    const [org] = await db.insert(organisations).values({ name: 'Energie', type: 'owner' }).returning();
    const organisationId = org?.id ?? 0;
    const liftIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      liftIds.push(await insertLift(db, organisationId, `Lift ${String(i)}`));
    }
    const rand = seededRandom(42);
    const rows: (typeof dailyCounters.$inferInsert)[] = [];
    for (const liftId of liftIds) {
      for (let d = 0; d < 430; d++) {
        if (rand() < 0.1) continue; // days without data
        for (const kind of ['energy_wh', 'rides'] as const) {
          rows.push({ liftId, kind, day: addDays('2025-01-01', d), value: Math.floor(rand() * 5000) });
        }
      }
    }
    await db.insert(dailyCounters).values(rows);
    // What ingest does: add to existing days, create new ones, in one statement.
    await db.execute(sql`
      insert into daily_counters (lift_id, kind, day, value)
      select ${liftIds[0] ?? 0}, 'energy_wh', d::date, 7 from generate_series('2025-02-25'::date, '2025-03-05'::date, '1 day') d
      on conflict (lift_id, kind, day) do update set value = daily_counters.value + excluded.value`);
    await db.execute(
      sql`update daily_counters set value = value * 2 where lift_id = ${liftIds[1] ?? 0} and day < '2025-04-10'`,
    );
    await db.execute(
      sql`delete from daily_counters where lift_id = ${liftIds[2] ?? 0} and day between '2025-06-03' and '2025-07-20'`,
    );
    // A lift removed with its counters (the cascade) leaves no monthly rows and no error.
    await db.delete(lifts).where(sql`id = ${liftIds[3] ?? 0}`);

    const repository = new PeriodFiguresRepository(db);
    const daily = async (from: string, to: string) =>
      (
        await sqlRows<{ wh: number }>(
          db,
          sql`select coalesce(sum(value), 0)::float8 as wh from daily_counters
              where kind = 'energy_wh' and day between ${from}::date and ${to}::date`,
        )
      )[0]?.wh ?? 0;
    const periods: [string, string][] = [
      ['2025-01-01', '2026-03-31'],
      ['2025-02-28', '2025-03-01'],
      ['2025-03-01', '2025-03-31'],
      ['2025-03-31', '2025-03-31'],
      ['2025-01-15', '2025-01-20'],
      ['2024-12-01', '2025-01-01'],
    ];
    for (let i = 0; i < 25; i++) {
      const from = addDays('2024-12-20', Math.floor(rand() * 460));
      periods.push([from, addDays(from, Math.floor(rand() * 400))]);
    }
    for (const [from, to] of periods) {
      const energy = await repository.energyWh({ organisationId }, { from, to, startHour: 7, endHour: 19 });
      expect(energy, `${from}..${to}`).toBe(await daily(from, to));
    }
    const orphans = await sqlRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from monthly_counters where lift_id = ${liftIds[3] ?? 0}`,
    );
    expect(orphans[0]?.n).toBe(0);
  });
});
