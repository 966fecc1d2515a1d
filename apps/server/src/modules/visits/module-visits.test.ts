import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLiftWithModule, moduleMessage, send } from '../ingest/ingest-test-support.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// A module's service mode opens and ends visits (issue 18); test clock 2026-03-10T09:00:00Z.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const at = (minutes: number) => new Date(t.clock.now().getTime() - 60 * 60_000 + minutes * 60_000);
const visitsOf = (liftId: number) =>
  sqlRows<{ type: string; role: string; state: string; person: string; started: string; ended: string | null }>(
    t.database.db,
    sql`select type, role, state, person, to_char(started_at at time zone 'UTC', 'HH24:MI') as started,
               to_char(ended_at at time zone 'UTC', 'HH24:MI') as ended
        from visits where lift_id = ${liftId} order by started_at, id`,
  );

describe('module service mode', () => {
  it('opens a visit on maintenance mode, ends it on off, and moves the maintenance timing', async () => {
    const l = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    await send(t.app, l.es, moduleMessage(at(0), { serviceMode: 'maintenance' }));
    expect(await visitsOf(l.liftId)).toEqual([
      { type: 'maintenance', role: 'mechanic', state: 'progress', person: 'module', started: '08:00', ended: null },
    ]);
    // A repeat of the level changes nothing.
    await send(t.app, l.es, moduleMessage(at(5), { serviceMode: 'maintenance' }));
    expect(await visitsOf(l.liftId)).toHaveLength(1);

    await send(t.app, l.es, moduleMessage(at(45), { serviceMode: 'off' }));
    expect(await visitsOf(l.liftId)).toEqual([
      { type: 'maintenance', role: 'mechanic', state: 'finished', person: 'module', started: '08:00', ended: '08:45' },
    ]);
    const [rides] = await sqlRows<{ last: string | null }>(
      t.database.db,
      sql`select last_maintenance_at::text as last from lift_maintenance_rides where lift_id = ${l.liftId}`,
    );
    expect(rides?.last).not.toBeNull();
  });

  it('switching from inspection to maintenance ends one visit and opens the next; a late frame is ignored', async () => {
    const l = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    await send(t.app, l.es, moduleMessage(at(0), { serviceMode: 'inspection' }));
    await send(t.app, l.es, moduleMessage(at(20), { serviceMode: 'maintenance' }));
    // Older than the last applied mode: left alone.
    await send(t.app, l.es, moduleMessage(at(10), { serviceMode: 'off' }));
    expect(await visitsOf(l.liftId)).toEqual([
      { type: 'inspection', role: 'mechanic', state: 'finished', person: 'module', started: '08:00', ended: '08:20' },
      { type: 'maintenance', role: 'mechanic', state: 'progress', person: 'module', started: '08:20', ended: null },
    ]);
  });

  it('records a redelivered message once', async () => {
    const l = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    const message = moduleMessage(at(0), { serviceMode: 'maintenance' });
    await send(t.app, l.es, message, message);
    await send(t.app, l.es, message);
    expect(await visitsOf(l.liftId)).toHaveLength(1);
  });
});
