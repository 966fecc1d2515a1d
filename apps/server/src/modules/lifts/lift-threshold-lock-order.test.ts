// A threshold change writes each lift's lift_maintenance_rides row (migration 0030's trigger), the
// rows ingest adds rides to. Two writers that take two rows in opposite orders deadlock, so every
// writer of several lifts takes them in lift id order first (lockMaintenanceRides). Shown on a real
// PostgreSQL server with a second connection standing in for an ingest batch that holds the first
// lift's row: the import waits for that row while holding none after it, so the batch can go on.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { lockWaiters, onPostgres, useRowLockHolder } from '../../test-support/row-lock-holder.ts';

describe.skipIf(!onPostgres)('threshold changes beside ingest (PostgreSQL)', () => {
  const context = useRowLockHolder();

  it('take the lifts’ maintenance rows in id order, never holding a later one while waiting', async () => {
    const { t, holder } = context;
    const first = await insertLift(t.database.db, t.fixtures.org.owner, 'Volgorde A');
    const second = await insertLift(t.database.db, t.fixtures.org.owner, 'Volgorde B');
    await holder.query('begin');
    await holder.query('select 1 from lift_maintenance_rides where lift_id = $1 for update', [first]);

    // The later lift first, as a spreadsheet may list them.
    const writing = t.database.db.transaction((tx) =>
      t.app.liftWrites.updateMany(tx as unknown as Db, null, [
        { id: second, version: 1, changes: { serviceRideThreshold: 1234 } },
        { id: first, version: 1, changes: { serviceRideThreshold: 1234 } },
      ]),
    );
    expect(await lockWaiters(holder)).toBe(1);
    // What a batch adding rides to both lifts would take next: free, so no deadlock.
    await expect(
      holder.query('select 1 from lift_maintenance_rides where lift_id = $1 for update nowait', [second]),
    ).resolves.toBeDefined();
    await holder.query('commit');
    await writing;

    const rows = await sqlRows<{ threshold: number }>(
      t.database.db,
      sql`select service_ride_threshold as threshold from lift_maintenance_rides
          where lift_id in (${first}, ${second})`,
    );
    expect(rows.map((r) => r.threshold)).toEqual([1234, 1234]);
  });
});
