import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { availabilityChannel } from '../../db/rollups/availability-rollup.ts';
import { dailyCounters, lifts, organisations } from '../../db/schema.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { AvailabilityMonthCache, liftIdFilterSql, liftIdsSql } from './availability-month-cache.ts';
import { AvailabilityRepository } from './availability.repository.ts';
import { EnergyMonths } from './energy-months.ts';
import { PeriodFiguresRepository } from './period-figures.repository.ts';

let database: Database;
let cache: AvailabilityMonthCache;
let unlisten: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  cache = new AvailabilityMonthCache(async (payload) => {
    await database.db.execute(sql`select pg_notify(${availabilityChannel}, ${payload})`);
  });
  unlisten = await database.listen(availabilityChannel, cache.handlers);
});
afterAll(async () => {
  await unlisten();
  await database.close();
});

describe('energy with closed months kept in memory', () => {
  it('equals the database figure for periods over closed and open months, after lifts change', async () => {
    const [org] = await database.db.insert(organisations).values({ name: 'E', type: 'owner' }).returning();
    const [otherOrg] = await database.db.insert(organisations).values({ name: 'F', type: 'owner' }).returning();
    const organisationId = org?.id ?? 0;
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) {
      const [lift] = await database.db
        .insert(lifts)
        .values({ organisationId: i < 6 ? organisationId : (otherOrg?.id ?? 0), name: `L${String(i)}`, address: 'S 1' })
        .returning();
      ids.push(lift?.id ?? 0);
    }
    const rand = seededRandom(99);
    const rows = [];
    for (const liftId of ids) {
      for (let d = 0; d < 420; d += 1 + Math.floor(rand() * 4)) {
        const day = new Date(Date.UTC(2025, 8, 1 + d)).toISOString().slice(0, 10);
        rows.push({ liftId, kind: 'energy_wh', day, value: Math.floor(rand() * 5000) });
      }
    }
    await database.db.insert(dailyCounters).values(rows);
    const figures = new PeriodFiguresRepository(database.db);
    const energy = new EnergyMonths(figures, new AvailabilityRepository(database.db, cache));
    const now = new Date('2026-10-20T10:00:00Z');
    const scope = { organisationId };
    const periods = [
      { from: '2026-01-01', to: '2026-12-31' },
      { from: '2025-10-21', to: '2026-10-20' },
      { from: '2025-09-15', to: '2026-03-10' },
      { from: '2026-09-01', to: '2026-09-30' },
      // the current month so far: open days only
      { from: '2026-10-01', to: '2026-10-19' },
      { from: '2026-10-05', to: '2026-10-20' },
    ].map((p) => ({ ...p, startHour: 7, endHour: 19 }));
    await cache.sync();
    expect(cache.isLive).toBe(true);
    for (let round = 0; round < 2; round++) {
      for (const p of periods) {
        expect(await energy.energyWh(scope, p, now)).toBe(await figures.energyWh(scope, p));
      }
      // a lift leaves the fleet's period (decommissioned before it), another joins the organisation
      await database.db.execute(sql`update lifts set decommissioned_on = '2025-01-01' where id = ${ids[0] ?? 0}`);
      await database.db.execute(sql`update lifts set organisation_id = ${organisationId} where id = ${ids[7] ?? 0}`);
      await cache.sync();
    }
  });

  it('reads the kept lifts back from their ids as runs and as a list, as a relation and as a condition', async () => {
    const lists = [[1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22, 23, 24, 25, 26, 27, 40], [3, 5, 7, 8, 11, 13, 17], [42], []];
    for (const liftIds of lists) {
      const lifts = { liftIds, hasIntercom: [], decommissionedAtMs: [] };
      const relation = liftIdsSql(lifts);
      const result = (await database.db.execute(sql`select s.id from (${relation}) s order by s.id`)) as {
        rows: { id: number }[];
      };
      expect(result.rows.map((r) => r.id)).toEqual(liftIds);
      // the same lifts as a condition on a column
      const kept = (await database.db.execute(
        sql`select x from generate_series(0, 50) as x where ${liftIdFilterSql(lifts, sql`x`)} order by x`,
      )) as { rows: { x: number }[] };
      expect(kept.rows.map((r) => r.x)).toEqual(liftIds);
    }
  });
});
