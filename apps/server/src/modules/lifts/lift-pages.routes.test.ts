import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CountersResponse,
  LiftStatusesResponse,
  LogbookResponse,
  RideEstimateResponse,
} from '@liftwacht/contracts/lifts';
import type { SenseDataResponse } from '@liftwacht/contracts/sense';
import {
  counters,
  dailyCounters,
  events,
  inspections,
  lifts,
  logbook,
  modules,
  senseConfiguration,
  senseData,
  visits,
} from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z (10:00 in Amsterdam). The per-lift reads of the lift page.
let t: TestApp;
const id = { main: 0, young: 0, empty: 0, stranger: 0 };
const quarter = 15 * 60 * 1000;

/** One counter row per quarter hour from `from` (inclusive) to `to` (exclusive). */
function quarterRows(liftId: number, kind: string, from: string, to: string, value: number) {
  const rows: (typeof counters.$inferInsert)[] = [];
  for (let at = Date.parse(from); at < Date.parse(to); at += quarter) {
    rows.push({ liftId, kind, bucketStart: new Date(at), value });
  }
  return rows;
}

/** One daily row per local day from..to (inclusive). */
function dayRows(liftId: number, kind: string, from: string, to: string, value: number) {
  const rows: (typeof dailyCounters.$inferInsert)[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    rows.push({ liftId, kind, day: new Date(at).toISOString().slice(0, 10), value });
  }
  return rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const make = async (name: string, organisationId = t.fixtures.org.owner, liftType: string | null = 'MRL') => {
    const [row] = await db
      .insert(lifts)
      .values({ organisationId, name, address: `${name}weg 1`, liftType, serviceRideThreshold: 1000 })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  id.main = await make('Hoofdlift');
  id.young = await make('Nieuwbouw');
  id.empty = await make('Leeg');
  id.stranger = await make('Vreemd', t.fixtures.org.stranger);
  const at = (s: string) => new Date(s);

  await db.insert(modules).values([
    { esNumber: 'ES-1', liftId: id.main, lastSeenAt: at('2026-03-10T08:40:00Z') },
    { esNumber: 'ES-2', liftId: id.young, lastSeenAt: at('2026-03-10T08:58:00Z') },
  ]);
  await db.insert(events).values([
    { liftId: id.main, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z') },
    { liftId: id.main, type: 'intercom_unavailable', startedAt: at('2026-03-09T07:00:00Z') },
  ]);
  await db.insert(visits).values([
    {
      liftId: id.main,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      startedAt: at('2026-02-28T09:00:00Z'),
    },
  ]);
  await db
    .insert(inspections)
    .values([{ liftId: id.main, inspectedOn: '2026-01-05', result: 'rejected', logType: 'periodic_inspection' }]);
  await db.insert(logbook).values(
    Array.from({ length: 5 }, (_, i) => ({
      liftId: id.main,
      logType: i % 2 === 0 ? 'maintenance' : 'repair',
      at: at(`2026-03-0${i + 1}T10:00:00Z`),
      text: `Regel ${i + 1}`,
    })),
  );

  // Rides: a full year and more for the main lift (100 a day), 30 days for the young lift.
  await db.insert(dailyCounters).values(dayRows(id.main, 'rides', '2025-01-01', '2026-03-10', 100));
  await db.insert(dailyCounters).values(dayRows(id.young, 'rides', '2026-02-08', '2026-03-10', 10));
  await db.insert(dailyCounters).values(dayRows(id.main, 'energy_wh', '2025-12-29', '2026-01-11', 500));
  // Quarter hours around both DST changes, one ride each; and energy on an ordinary day.
  await db.insert(counters).values(quarterRows(id.main, 'rides', '2026-03-28T21:00:00Z', '2026-03-30T00:00:00Z', 1));
  await db.insert(counters).values(quarterRows(id.main, 'rides', '2025-10-25T21:00:00Z', '2025-10-27T00:00:00Z', 1));
  await db
    .insert(counters)
    .values(quarterRows(id.main, 'energy_wh', '2026-03-09T23:00:00Z', '2026-03-10T09:00:00Z', 40));

  await db.insert(senseData).values([
    { liftId: id.main, key: 'f10', value: 230, at: at('2026-03-10T08:40:00Z') },
    { liftId: id.main, key: 'f2', value: 'up', at: at('2026-03-10T08:40:00Z') },
    { liftId: id.main, key: 'e1', value: { version: '2.4.1' }, at: at('2026-03-01T08:00:00Z') },
    { liftId: id.main, key: 'f3', value: false, at: at('2026-03-10T08:40:00Z') },
  ]);
  await db.insert(senseConfiguration).values([
    { type: 'label', key: 'f10', label: 'Netspanning (V)' },
    { type: 'label', key: 'f2', label: 'Rijrichting' },
    { type: 'label', key: 'f2', label: 'Direction (hydraulic)', moduleType: 'hydraulic' },
    { type: 'unit', key: 'f10', label: 'V' },
  ]);
});
afterAll(async () => {
  await t.close();
});

const tokens = new Map<string, string>();
async function get(url: string, username = 'test-user') {
  let token = tokens.get(username);
  if (!token) {
    token = await t.login(username);
    tokens.set(username, token);
  }
  return t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${token}` } });
}
async function counterData(query: string, liftId = id.main): Promise<CountersResponse['data']> {
  const res = await get(`/lift/${liftId}/counters?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CountersResponse>().data;
}

describe('GET /lift/{id}/statuses', () => {
  it('gives every status yes/no, with since and the rides since maintenance', async () => {
    const res = await get(`/lift/${id.main}/statuses`);
    expect(res.statusCode).toBe(200);
    const data = res.json<LiftStatusesResponse>().data;
    expect(data.liftId).toBe(id.main);
    expect(data.at).toBe('2026-03-10T09:00:00.000Z');
    expect(data.statuses).toEqual([
      { status: 'liftUnavailable', active: true, since: '2026-03-10T07:00:00.000Z', value: null },
      { status: 'senseFailureSensor', active: false, since: null, value: null },
      { status: 'visits', active: false, since: null, value: null },
      // 100 rides a day from 2026-03-01 (after the maintenance on 28 Feb) through 10 March
      { status: 'servicecounterMaintenanceAlert', active: false, since: null, value: 1000 },
      { status: 'approvalRejected', active: true, since: '2026-01-05', value: null },
      { status: 'approvalExpired', active: false, since: null, value: null },
      // only a rejection (no validity) and no commissioning date: when it is due is unknown
      { status: 'inspectionUnknown', active: true, since: null, value: null },
      { status: 'intercomUnavailable', active: true, since: '2026-03-09T07:00:00.000Z', value: null },
      { status: 'senseNotConnected', active: true, since: '2026-03-10T08:40:00.000Z', value: null },
    ]);
  });

  it('gives client-light and monteur only the always-shown statuses', async () => {
    for (const username of ['test-client', 'test-monteur']) {
      const data = (await get(`/lift/${id.young}/statuses`, username)).json<LiftStatusesResponse>().data;
      expect(data.statuses).toEqual([
        { status: 'intercomUnavailable', active: false, since: null, value: null },
        { status: 'senseNotConnected', active: false, since: null, value: null },
      ]);
    }
  });

  it('answers 404 outside the organisations', async () => {
    expect((await get(`/lift/${id.stranger}/statuses`)).statusCode).toBe(404);
  });
});

describe('GET /lift/{id}/logbook', () => {
  it('pages newest first with the total', async () => {
    const res = await get(`/lift/${id.main}/logbook?limit=2`);
    const body = res.json<LogbookResponse>();
    expect(body.data.total).toBe(5);
    expect(body.data.pagination).toEqual({ limit: 2, offset: 0 });
    expect(body.data.items).toEqual([
      {
        id: expect.any(Number) as number,
        liftId: id.main,
        logType: 'maintenance',
        at: '2026-03-05T10:00:00.000Z',
        text: 'Regel 5',
      },
      {
        id: expect.any(Number) as number,
        liftId: id.main,
        logType: 'repair',
        at: '2026-03-04T10:00:00.000Z',
        text: 'Regel 4',
      },
    ]);
    const last = (await get(`/lift/${id.main}/logbook?limit=2&offset=4`)).json<LogbookResponse>();
    expect(last.data.items.map((e) => e.text)).toEqual(['Regel 1']);
    const beyond = (await get(`/lift/${id.main}/logbook?limit=2&offset=10`)).json<LogbookResponse>();
    expect(beyond.data).toMatchObject({ items: [], total: 5 });
  });

  it('filters by log type and local days', async () => {
    const repairs = (await get(`/lift/${id.main}/logbook?logType=repair`)).json<LogbookResponse>();
    expect(repairs.data.items.map((e) => e.text)).toEqual(['Regel 4', 'Regel 2']);
    const days = (await get(`/lift/${id.main}/logbook?from=2026-03-02&to=2026-03-03`)).json<LogbookResponse>();
    expect(days.data.items.map((e) => e.text)).toEqual(['Regel 3', 'Regel 2']);
  });

  it('rejects bad input naming the field, and other organisations', async () => {
    expect((await get(`/lift/${id.main}/logbook?logType=diary`)).json()).toMatchObject({ error: { field: 'logType' } });
    expect((await get(`/lift/${id.main}/logbook?from=2026-03-05&to=2026-03-01`)).json()).toMatchObject({
      error: { field: 'to' },
    });
    expect((await get(`/lift/${id.stranger}/logbook`)).statusCode).toBe(404);
  });
});

describe('GET /lift/{id}/counters', () => {
  it('gives 92 quarter hours on the spring DST day and 100 on the autumn one, in local days', async () => {
    const spring = await counterData('kind=rides&interval=15m&from=2026-03-29&to=2026-03-29');
    expect(spring.items).toHaveLength(92);
    expect(spring.sum).toBe(92);
    expect(spring.items[0]).toEqual({ start: '2026-03-28T23:00:00.000Z', sum: 1 });
    expect(spring.items.at(-1)).toEqual({ start: '2026-03-29T21:45:00.000Z', sum: 1 });
    expect(spring).toMatchObject({ from: '2026-03-29', to: '2026-03-29', timeZone: 'Europe/Amsterdam' });

    const autumn = await counterData('kind=rides&interval=15m&from=2025-10-26&to=2025-10-26');
    expect(autumn.items).toHaveLength(100);
    expect(autumn.items[0]?.start).toBe('2025-10-25T22:00:00.000Z');
    expect(autumn.items.at(-1)?.start).toBe('2025-10-26T22:45:00.000Z');
  });

  it('defaults to rides and reads energy in Wh', async () => {
    const energy = await counterData('kind=energy_wh&interval=15m&from=2026-03-10&to=2026-03-10');
    // The local day began at 23:00 UTC the evening before (CET); data runs until 09:00 UTC.
    expect(energy.items).toHaveLength(40);
    expect(energy.sum).toBe(40 * 40);
    const rides = await counterData('interval=15m&from=2026-03-10&to=2026-03-10');
    expect(rides.kind).toBe('rides');
    expect(rides.items).toEqual([]);
  });

  it('sums local days, ISO weeks from Monday, months and years, widened to whole buckets', async () => {
    const days = await counterData('kind=energy_wh&interval=day&from=2025-12-30&to=2025-12-31');
    expect(days.items).toEqual([
      { start: '2025-12-30', sum: 500 },
      { start: '2025-12-31', sum: 500 },
    ]);
    // 2025-12-29 is the Monday of ISO week 1 of 2026.
    const weeks = await counterData('kind=energy_wh&interval=week&from=2025-12-31&to=2026-01-06');
    expect(weeks).toMatchObject({ from: '2025-12-29', to: '2026-01-11' });
    expect(weeks.items).toEqual([
      { start: '2025-12-29', sum: 3500 },
      { start: '2026-01-05', sum: 3500 },
    ]);
    const months = await counterData('kind=energy_wh&interval=month&from=2025-12-15&to=2026-01-15');
    expect(months).toMatchObject({ from: '2025-12-01', to: '2026-01-31' });
    expect(months.items).toEqual([
      { start: '2025-12-01', sum: 1500 },
      { start: '2026-01-01', sum: 5500 },
    ]);
    const years = await counterData('kind=energy_wh&interval=year&from=2025-06-01&to=2026-02-01');
    expect(years).toMatchObject({ from: '2025-01-01', to: '2026-12-31' });
    expect(years.items).toEqual([
      { start: '2025-01-01', sum: 1500 },
      { start: '2026-01-01', sum: 5500 },
    ]);
    const rideYears = await counterData('interval=year&from=2025-01-01&to=2026-12-31');
    expect(rideYears.items).toEqual([
      { start: '2025-01-01', sum: 36500 },
      { start: '2026-01-01', sum: 6900 },
    ]);
  });

  it('widens a month to its last day', async () => {
    const months = await counterData('interval=month&from=2026-02-10&to=2026-02-10');
    expect(months).toMatchObject({ from: '2026-02-01', to: '2026-02-28', items: [{ start: '2026-02-01', sum: 2800 }] });
  });

  it('rejects bad input naming the field', async () => {
    for (const [query, field] of [
      ['interval=hour&from=2026-01-01&to=2026-01-02', 'interval'],
      ['kind=water&interval=day&from=2026-01-01&to=2026-01-02', 'kind'],
      ['interval=day&to=2026-01-02', 'from'],
      ['interval=day&from=2026-01-05&to=2026-01-02', 'to'],
      ['interval=15m&from=2025-01-01&to=2026-03-01', 'to'],
      ['interval=day&from=2026-02-30&to=2026-03-01', 'from'],
    ] as const) {
      const res = await get(`/lift/${id.main}/counters?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'validation_failed', field } });
    }
    expect((await get(`/lift/${id.stranger}/counters?interval=day&from=2026-01-01&to=2026-01-02`)).statusCode).toBe(
      404,
    );
  });
});

describe('GET /lift/{id}/ride-estimate', () => {
  it('sums the last 365 whole days when the history reaches back that far', async () => {
    const data = (await get(`/lift/${id.main}/ride-estimate`)).json<RideEstimateResponse>().data;
    expect(data).toEqual({
      liftId: id.main,
      method: 'last365Days',
      estimate: 36500,
      rides: 36500,
      basisFrom: '2025-03-10',
      basisTo: '2026-03-09',
      basisDays: 365,
    });
  });

  it('extrapolates a shorter history to a year, leaving out today', async () => {
    const data = (await get(`/lift/${id.young}/ride-estimate`)).json<RideEstimateResponse>().data;
    expect(data).toEqual({
      liftId: id.young,
      method: 'extrapolated',
      estimate: 3650,
      rides: 300,
      basisFrom: '2026-02-08',
      basisTo: '2026-03-09',
      basisDays: 30,
    });
  });

  it('says so when there is no data', async () => {
    const data = (await get(`/lift/${id.empty}/ride-estimate`)).json<RideEstimateResponse>().data;
    expect(data).toMatchObject({ method: 'noData', estimate: null, rides: 0, basisDays: 0 });
    expect((await get(`/lift/${id.stranger}/ride-estimate`)).statusCode).toBe(404);
  });
});

describe('sense data', () => {
  it('gives the latest readings in field order with their JSON values', async () => {
    const data = (await get(`/lift/${id.main}/sense-data`)).json<SenseDataResponse>().data;
    expect(data.esNumber).toBe('ES-1');
    expect(data.items).toEqual([
      { key: 'e1', value: { version: '2.4.1' }, at: '2026-03-01T08:00:00.000Z' },
      { key: 'f2', value: 'up', at: '2026-03-10T08:40:00.000Z' },
      { key: 'f3', value: false, at: '2026-03-10T08:40:00.000Z' },
      { key: 'f10', value: 230, at: '2026-03-10T08:40:00.000Z' },
    ]);
    const empty = (await get(`/lift/${id.empty}/sense-data`)).json<SenseDataResponse>().data;
    expect(empty).toEqual({ liftId: id.empty, esNumber: null, items: [] });
    expect((await get(`/lift/${id.stranger}/sense-data`, 'test-monteur')).statusCode).toBe(404);
  });
});
