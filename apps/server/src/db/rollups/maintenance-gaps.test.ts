// maintenance_gaps is kept by triggers on visits (migration 0007); the period figures read it
// instead of a window over every visit. Whatever is done to the visits, it must equal that window.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../database.ts';
import { lifts, organisations, visits } from '../schema.ts';
import { sqlRows } from '../sql-rows.ts';
import { createTestDatabase } from '../../test-support/test-database.ts';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { insertLift } from '../../test-support/fixtures.ts';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

interface GapRow {
  visitId: number;
  liftId: number;
  startedAt: string;
  previousAt: string | null;
  nextAt: string | null;
  gapSeconds: number | null;
}

const stored = () =>
  sqlRows<GapRow>(
    database.db,
    sql`select visit_id::int as "visitId", lift_id as "liftId", started_at::text as "startedAt",
               previous_at::text as "previousAt", next_at::text as "nextAt", gap_seconds as "gapSeconds"
        from maintenance_gaps order by visit_id`,
  );

const fromScratch = () =>
  sqlRows<GapRow>(
    database.db,
    sql`select id::int as "visitId", lift_id as "liftId", started_at::text as "startedAt",
               previous_at::text as "previousAt", next_at::text as "nextAt",
               date_part('epoch', started_at - previous_at) as "gapSeconds"
        from (select v.*, lag(v.started_at) over w as previous_at, lead(v.started_at) over w as next_at
              from visits v where v.type = 'maintenance' and v.state = 'finished'
              window w as (partition by v.lift_id order by v.started_at, v.id)) m
        order by id`,
  );

describe('maintenance gaps', () => {
  it('equal the window over finished maintenance visits after inserts, updates and deletes', async () => {
    const db = database.db;
    const [org] = await db.insert(organisations).values({ name: 'Onderhoud', type: 'owner' }).returning();
    const organisationId = org?.id ?? 0;
    const liftIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      liftIds.push(await insertLift(db, organisationId, `Lift ${String(i)}`));
    }
    const rand = seededRandom(7);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
    const base = Date.parse('2025-01-01T08:00:00Z');
    const rows: (typeof visits.$inferInsert)[] = [];
    for (const liftId of liftIds.slice(0, 4)) {
      for (let k = 0; k < 20; k++) {
        rows.push({
          liftId,
          type: pick(['maintenance', 'maintenance', 'maintenance', 'repair']),
          role: 'mechanic',
          state: pick(['finished', 'finished', 'finished', 'canceled', 'progress']),
          // whole days, so some visits of a lift start at the same moment
          startedAt: new Date(base + Math.floor(rand() * 400) * 86_400_000),
        });
      }
    }
    await db.insert(visits).values(rows);
    expect(await stored()).toEqual(await fromScratch());
    expect((await stored()).length).toBeGreaterThan(20);

    // A visit in progress is finished, one is moved, one changes type, one lift's visits go, and
    // the fifth lift gets its first visit.
    await db.execute(sql`update visits set state = 'finished'
                         where id = (select min(id) from visits where state = 'progress' and type = 'maintenance')`);
    await db.execute(sql`update visits set started_at = started_at - interval '90 days'
                         where id = (select max(id) from visits where state = 'finished' and type = 'maintenance')`);
    await db.execute(sql`update visits set type = 'repair'
                         where id = (select min(id) from visits where state = 'finished' and type = 'maintenance')`);
    await db.execute(sql`delete from visits where lift_id = ${liftIds[1] ?? 0} and started_at > '2025-06-01'`);
    await db.insert(visits).values({
      liftId: liftIds[4] ?? 0,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      startedAt: new Date(),
    });
    expect(await stored()).toEqual(await fromScratch());

    // A lift removed with its visits (the cascade) leaves nothing behind and raises no error.
    await db.delete(lifts).where(sql`id = ${liftIds[2] ?? 0}`);
    const after = await stored();
    expect(after).toEqual(await fromScratch());
    expect(after.some((r) => r.liftId === liftIds[2])).toBe(false);
  });
});
