import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiftOnSiteResponse } from '@liftwacht/contracts/lift-on-site';
import { calls, dailyCounters, events, inspections, lifts, modules, visits } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z (10:00 in Amsterdam). A lift stopped by its emergency stop with
// a call waiting, a quiet lift without any history, and one whose module floods it with faults.
let t: TestApp;
const id = { stopped: 0, quiet: 0, flooded: 0, approved: 0, stranger: 0 };
const at = (s: string) => new Date(s);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const make = async (
    name: string,
    values: Partial<typeof lifts.$inferInsert> = {},
    organisationId = t.fixtures.org.owner,
  ) => {
    const [row] = await db
      .insert(lifts)
      .values({ organisationId, name, address: `${name}weg 1`, liftType: 'MRL', ...values })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  id.stopped = await make('Noodstop', {
    commissionedOn: '2015-03-01',
    maintenanceIntervalDays: 95,
    serviceRideThreshold: 500,
  });
  id.quiet = await make('Rustig');
  id.flooded = await make('Druk', { commissionedOn: '2025-06-01' });
  id.approved = await make('Goedgekeurd', { commissionedOn: '2020-01-01', maintenanceIntervalDays: 30 });
  id.stranger = await make('Vreemd', {}, t.fixtures.org.stranger);

  await db.insert(modules).values([
    { esNumber: 'ES-STOP', liftId: id.stopped, lastSeenAt: at('2026-03-10T08:59:00Z') },
    { esNumber: 'ES-QUIET', liftId: id.quiet, lastSeenAt: at('2026-03-10T08:59:00Z') },
  ]);
  await db.insert(events).values([
    {
      liftId: id.stopped,
      type: 'unavailable',
      startedAt: at('2026-03-10T08:00:00Z'),
      data: { cause: 'en627_emergency_stop' },
    },
    { liftId: id.stopped, type: 'intercom_unavailable', startedAt: at('2026-03-09T07:00:00Z') },
    { liftId: id.stopped, type: 'en627_emergency_stop', startedAt: at('2026-03-10T08:00:00Z'), floor: 3 },
    // Over: ended, and closed by hand without an end.
    {
      liftId: id.stopped,
      type: 'en627_door_closing_fault',
      startedAt: at('2026-03-08T07:00:00Z'),
      endedAt: at('2026-03-08T07:30:00Z'),
      closed: true,
    },
    { liftId: id.stopped, type: 'battery', startedAt: at('2026-03-07T07:00:00Z'), closed: true },
    {
      liftId: id.stopped,
      type: 'run_counter',
      startedAt: at('2026-03-06T07:00:00Z'),
      endedAt: at('2026-03-06T07:00:00Z'),
      closed: true,
    },
    {
      liftId: id.stopped,
      type: 'visit',
      startedAt: at('2026-03-05T07:00:00Z'),
      endedAt: at('2026-03-05T08:00:00Z'),
      closed: true,
    },
    {
      liftId: id.quiet,
      type: 'unavailable',
      startedAt: at('2026-03-01T09:00:00Z'),
      endedAt: at('2026-03-01T10:00:00Z'),
      closed: true,
    },
    ...Array.from({ length: 25 }, (_, i) => ({
      liftId: id.flooded,
      type: 'sense_failure',
      startedAt: at(`2026-03-09T${String(i % 24).padStart(2, '0')}:00:00Z`),
      data: { sensor: `s${i}` },
    })),
  ]);
  await db.insert(calls).values([
    { liftId: id.stopped, startedAt: at('2026-03-10T08:01:00Z'), kind: 'entrapment', status: 'received' },
    {
      liftId: id.stopped,
      startedAt: at('2026-03-09T08:01:00Z'),
      acknowledgedAt: at('2026-03-09T08:02:00Z'),
      endedAt: at('2026-03-09T08:20:00Z'),
      kind: 'false_alarm',
      status: 'ended',
    },
  ]);
  await db.insert(visits).values(
    Array.from({ length: 6 }, (_, i) => ({
      liftId: id.stopped,
      type: i === 0 ? 'maintenance' : 'repair',
      role: 'mechanic',
      state: 'finished',
      startedAt: at(`2025-12-0${i + 1}T09:00:00Z`),
      endedAt: at(`2025-12-0${i + 1}T10:00:00Z`),
      person: `Monteur ${i + 1}`,
    })),
  );
  await db.insert(visits).values({
    liftId: id.approved,
    type: 'maintenance',
    role: 'mechanic',
    state: 'finished',
    startedAt: at('2026-02-20T09:00:00Z'),
    endedAt: at('2026-02-20T10:00:00Z'),
  });
  await db.insert(dailyCounters).values(
    Array.from({ length: 8 }, (_, i) => ({
      liftId: id.stopped,
      kind: 'rides',
      day: `2026-03-0${i + 1}`,
      value: 100,
    })),
  );
  await db.insert(inspections).values({
    liftId: id.approved,
    inspectedOn: '2025-03-20',
    result: 'approved',
    validUntil: '2026-03-31',
    logType: 'periodic_inspection',
  });
});
afterAll(async () => {
  await t.close();
});

const tokens = new Map<string, string>();
async function get(liftId: number, username = 'test-monteur') {
  let token = tokens.get(username);
  if (!token) {
    token = await t.login(username);
    tokens.set(username, token);
  }
  return t.app.inject({
    method: 'GET',
    url: `/liftwacht/lift/${liftId}/on-site`,
    headers: { authorization: `Bearer ${token}` },
  });
}
async function summary(liftId: number, username?: string): Promise<LiftOnSiteResponse['data']> {
  const res = await get(liftId, username);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LiftOnSiteResponse>().data;
}

describe('GET /lift/{id}/on-site', () => {
  it('shows the mechanic the stopped lift: out of service since, its open faults, the waiting call', async () => {
    const data = await summary(id.stopped);
    expect(data.at).toBe('2026-03-10T09:00:00.000Z');
    expect(data.service).toEqual({
      state: 'out_of_service',
      since: '2026-03-10T08:00:00.000Z',
      cause: 'en627_emergency_stop',
    });
    // EN 627 first; the ended and the hand-closed ones are not open.
    expect(data.faults.total).toBe(2);
    expect(data.faults.items.map((e) => [e.type, e.floor, e.durationSeconds])).toEqual([
      ['en627_emergency_stop', 3, 3600],
      ['intercom_unavailable', null, 26 * 3600],
    ]);
    expect(data.call).toMatchObject({
      kind: 'entrapment',
      status: 'received',
      startedAt: '2026-03-10T08:01:00.000Z',
      lift: { id: id.stopped, name: 'Noodstop', address: 'Noodstopweg 1' },
      durationSeconds: 59 * 60,
    });
  });

  it('lists the last five events and visits, newest first', async () => {
    const data = await summary(id.stopped);
    // Two at the same instant: the later row first.
    expect(data.events.map((e) => e.type)).toEqual([
      'en627_emergency_stop',
      'unavailable',
      'intercom_unavailable',
      'en627_door_closing_fault',
      'battery',
    ]);
    expect(data.events.map((e) => e.closed)).toEqual([false, false, false, true, true]);
    expect(data.visits.map((v) => v.person)).toEqual(['Monteur 6', 'Monteur 5', 'Monteur 4', 'Monteur 3', 'Monteur 2']);
  });

  it('says what is due: an inspection never made counts from commissioning, maintenance from the last visit', async () => {
    const { inspection, maintenance } = (await summary(id.stopped)).due;
    expect(inspection).toEqual({ state: 'expired', dueOn: '2016-03-01', lastInspectedOn: null, lastResult: null });
    // Maintenance on 1 Dec + 95 days, its 10 % margin not yet used up; 100 rides a day on 8 days
    // after it, over the threshold of 500.
    expect(maintenance).toEqual({
      state: 'overdue',
      dueOn: '2026-03-06',
      basis: 'visit',
      lastVisitOn: '2025-12-01',
      intervalDays: 95,
      ridesSince: 800,
      rideThreshold: 500,
      ridesExceeded: true,
    });
  });

  it('never reads a lift without history as fine: in service since its last outage, due dates unknown', async () => {
    const data = await summary(id.quiet);
    expect(data.service).toEqual({ state: 'in_service', since: '2026-03-01T10:00:00.000Z', cause: null });
    expect(data.faults).toEqual({ items: [], total: 0 });
    expect(data.call).toBeNull();
    expect(data.visits).toEqual([]);
    expect(data.due.inspection).toEqual({ state: 'unknown', dueOn: null, lastInspectedOn: null, lastResult: null });
    // Never maintained, no commissioning date: the interval runs from the day the lift was added.
    expect(data.due.maintenance).toMatchObject({ basis: 'created', lastVisitOn: null, ridesExceeded: false });
  });

  it('says what is due soon, and a valid approval', async () => {
    const { inspection, maintenance } = (await summary(id.approved)).due;
    expect(inspection).toEqual({
      state: 'due_soon',
      dueOn: '2026-03-31',
      lastInspectedOn: '2025-03-20',
      lastResult: 'approved',
    });
    expect(maintenance).toMatchObject({ state: 'due_soon', dueOn: '2026-03-22', basis: 'visit', ridesExceeded: false });
    const stopped = (await summary(id.stopped)).due.inspection;
    expect(stopped.state).toBe('expired');
  });

  it('bounds the faults of a flooding module and says how many there are', async () => {
    const data = await summary(id.flooded);
    expect(data.faults.items).toHaveLength(20);
    expect(data.faults.total).toBe(25);
    expect(data.events).toHaveLength(5);
    expect(data.due.inspection).toMatchObject({ state: 'valid', dueOn: '2026-06-01' });
    // Commissioned 1 June 2025, never maintained: past the interval and its margin.
    expect(data.due.maintenance).toMatchObject({ state: 'insufficient', dueOn: '2025-08-30', basis: 'commissioned' });
  });

  it('answers the company that serves the lift, 403 to client-light, 404 for a stranger’s lift or none', async () => {
    expect((await summary(id.stopped, 'test-onderhoud')).service.state).toBe('out_of_service');
    expect((await get(id.stopped, 'test-client')).statusCode).toBe(403);
    expect((await get(id.stranger)).statusCode).toBe(404);
    expect((await get(id.stranger, 'test-onderhoud')).statusCode).toBe(404);
    expect((await get(999_999)).statusCode).toBe(404);
  });

  it('does not claim a lift without a module is in service', async () => {
    expect((await summary(id.approved)).service).toEqual({ state: 'unknown', since: null, cause: null });
  });

  it('says when a lift has left service', async () => {
    const [row] = await t.database.db
      .insert(lifts)
      .values({
        organisationId: t.fixtures.org.owner,
        name: 'Oud',
        address: 'Oudweg 1',
        decommissionedOn: '2026-03-01',
      })
      .returning({ id: lifts.id });
    expect((await summary(row?.id ?? 0)).service).toEqual({
      state: 'decommissioned',
      since: '2026-03-01',
      cause: null,
    });
  });
});
