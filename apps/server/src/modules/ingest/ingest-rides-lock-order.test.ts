// An ingest batch adds rides to each lift's lift_maintenance_rides row through the counters'
// statement triggers, which visit the rows in the order the table holds them; a lift import or a
// finished visit writes the same rows. Two writers that take two rows in opposite orders deadlock,
// so the batch takes them in lift id order first (lockMaintenanceRides). Shown on a real PostgreSQL
// server with a second connection standing in for another writer that holds the first lift's row:
// the batch waits for that row while holding none after it, so the other writer can go on.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { lockWaiters, onPostgres, useRowLockHolder } from '../../test-support/row-lock-holder.ts';
import { insertLiftWithModule, moduleMessage, send } from './ingest-test-support.ts';

describe.skipIf(!onPostgres)('rides beside other writers of the maintenance rows (PostgreSQL)', () => {
  const context = useRowLockHolder();

  it('takes the lifts’ maintenance rows in id order, never holding a later one while waiting', async () => {
    const { t, holder } = context;
    const first = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    const second = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    // A new version of the first lift's row lies after the second's: the triggers, left to
    // themselves, would take the second lift's row first.
    await holder.query('update lift_maintenance_rides set rides_since = rides_since where lift_id = $1', [
      first.liftId,
    ]);
    await holder.query('begin');
    await holder.query('select 1 from lift_maintenance_rides where lift_id = $1 for update', [first.liftId]);

    // A while before the test clock's now, as a module's messages arrive.
    const at = new Date(t.clock.now().getTime() - 60_000);
    const batchesBefore = t.app.ingest.pipeline.counters.batches;
    const storing = Promise.all([
      send(t.app, second.es, moduleMessage(at, { rides: 4 })),
      send(t.app, first.es, moduleMessage(at, { rides: 3 })),
    ]);
    expect(await lockWaiters(holder)).toBe(1);
    // What the other writer would take next: free, so no deadlock.
    await expect(
      holder.query('select 1 from lift_maintenance_rides where lift_id = $1 for update nowait', [second.liftId]),
    ).resolves.toBeDefined();
    await holder.query('commit');
    const outcomes = (await storing).flat();
    expect(outcomes.map((o) => o.status)).toEqual(['accepted', 'accepted']);
    // Both lifts in one transaction: the case where the order matters.
    expect(t.app.ingest.pipeline.counters.batches - batchesBefore).toBe(1);

    const rows = await sqlRows<{ liftId: number; rides: number }>(
      t.database.db,
      sql`select lift_id as "liftId", rides_since::int as rides from lift_maintenance_rides
          where lift_id in (${first.liftId}, ${second.liftId}) order by lift_id`,
    );
    expect(rows).toEqual([
      { liftId: first.liftId, rides: 3 },
      { liftId: second.liftId, rides: 4 },
    ]);
  });
});
