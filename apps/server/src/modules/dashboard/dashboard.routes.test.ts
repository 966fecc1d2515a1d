import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshAvailabilityRollup } from '../../db/rollups/availability-rollup.ts';
import { dailyCounters, events, inspections, lifts, modules, visits } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. Five lifts in the owner organisation, each with known conditions.
let t: TestApp;
const id = { A: 0, B: 0, C: 0, D: 0, E: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const org = t.fixtures.org.owner;
  const make = async (name: string, values: Partial<typeof lifts.$inferInsert>) => {
    const [row] = await db
      .insert(lifts)
      .values({ organisationId: org, name, address: `${name}straat 1, Utrecht`, liftType: 'MRL', ...values })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  id.A = await make('Lift A', { maintenanceIntervalDays: 90 });
  id.B = await make('Lift B', {});
  id.C = await make('Lift C', { maintenanceIntervalDays: 30 });
  id.D = await make('Lift D', { maintenanceIntervalDays: 30, serviceRideThreshold: 100 });
  id.E = await make('Lift E', { liftType: null });
  const at = (s: string) => new Date(s);

  await db.insert(events).values([
    { liftId: id.A, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z') },
    { liftId: id.A, type: 'unavailable', startedAt: at('2026-02-10T09:00:00Z'), endedAt: at('2026-02-10T12:00:00Z') },
    { liftId: id.B, type: 'unavailable', startedAt: at('2026-02-02T00:00:00Z'), endedAt: at('2026-02-04T00:00:00Z') },
    { liftId: id.B, type: 'sense_failure', startedAt: at('2026-03-09T12:00:00Z') },
    { liftId: id.B, type: 'intercom_unavailable', startedAt: at('2026-03-08T12:00:00Z') },
    { liftId: id.E, type: 'intercom_unavailable', startedAt: at('2026-03-08T12:00:00Z') },
  ]);
  await refreshAvailabilityRollup(db, 'unavailable');
  await refreshAvailabilityRollup(db, 'intercom_unavailable');

  const maintenance = (liftId: number, startedAt: string) => ({
    liftId,
    type: 'maintenance',
    role: 'mechanic',
    state: 'finished',
    startedAt: at(startedAt),
  });
  await db
    .insert(visits)
    .values([
      maintenance(id.A, '2025-10-01T10:00:00Z'),
      maintenance(id.C, '2026-01-01T10:00:00Z'),
      maintenance(id.C, '2026-01-20T10:00:00Z'),
      maintenance(id.C, '2026-02-18T10:00:00Z'),
      maintenance(id.D, '2025-12-20T10:00:00Z'),
      maintenance(id.D, '2026-02-01T10:00:00Z'),
      { liftId: id.C, type: 'repair', role: 'mechanic', state: 'progress', startedAt: at('2026-03-10T08:30:00Z') },
    ]);
  await db.insert(inspections).values([
    {
      liftId: id.C,
      inspectedOn: '2025-06-01',
      result: 'approved',
      validUntil: '2026-12-01',
      logType: 'periodic_inspection',
    },
    { liftId: id.C, inspectedOn: '2026-02-01', result: 'rejected', logType: 'periodic_inspection' },
    {
      liftId: id.D,
      inspectedOn: '2024-08-15',
      result: 'approved',
      validUntil: '2026-02-15',
      logType: 'periodic_inspection',
    },
  ]);
  await db.insert(dailyCounters).values([
    { liftId: id.D, kind: 'rides', day: '2026-02-01', value: 500 },
    { liftId: id.D, kind: 'rides', day: '2026-02-02', value: 80 },
    { liftId: id.D, kind: 'rides', day: '2026-03-01', value: 70 },
    { liftId: id.A, kind: 'energy_wh', day: '2026-02-05', value: 12345 },
  ]);
  await db.insert(modules).values([
    { esNumber: 'ES-1', liftId: id.A, lastSeenAt: at('2026-03-10T08:59:00Z'), connected: true },
    { esNumber: 'ES-2', liftId: id.B, lastSeenAt: at('2026-03-10T08:40:00Z'), connected: false },
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, username = 'test-user') => {
  const token = await t.login(username);
  return t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${token}` } });
};
const org = () => t.fixtures.org.owner;

describe('GET /stats current view', () => {
  it('counts lifts per current condition', async () => {
    const res = await get(`/stats?organisationId=${org()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        view: 'current',
        liftUnavailable: 1,
        senseFailureSensor: 1,
        visits: 1,
        // D over its ride threshold; A's 90 days (+10 %) since 1 October ran out on 8 January
        servicecounterMaintenanceAlert: 2,
        approvalRejected: 1,
        approvalExpired: 1,
        // A, B and E: no commissioning date and no approval
        inspectionUnknown: 3,
        intercomUnavailable: 1,
        senseNotConnected: 1,
      },
    });
  });

  it('gives client-light only the two always-shown figures and no period view', async () => {
    const current = await get(`/stats?organisationId=${org()}`, 'test-client');
    expect(current.json()).toEqual({ data: { view: 'current', intercomUnavailable: 1, senseNotConnected: 1 } });
    const period = await get(`/stats?organisationId=${org()}&from=2026-02-01&to=2026-02-28`, 'test-client');
    expect(period.statusCode).toBe(403);
  });

  it('gives a monteur the client-light view, hides other organisations (404), lets the maintenance company in', async () => {
    const current = await get(`/stats?organisationId=${org()}`, 'test-monteur');
    expect(current.json()).toEqual({ data: { view: 'current', intercomUnavailable: 1, senseNotConnected: 1 } });
    const period = await get(`/stats?organisationId=${org()}&from=2026-02-01&to=2026-02-28`, 'test-monteur');
    expect(period.statusCode).toBe(403);
    expect((await get(`/stats?organisationId=${org()}`, 'test-stranger')).statusCode).toBe(404);
    expect((await get(`/stats?organisationId=${org()}`, 'test-onderhoud')).statusCode).toBe(200);
  });

  it('answers 404 for an organisation without lifts (the no-lifts message)', async () => {
    const res = await get(`/stats?organisationId=${t.fixtures.org.client}`, 'test-onderhoud');
    expect(res.statusCode).toBe(404);
  });

  it('rejects bad parameters naming the field', async () => {
    const cases: [string, string][] = [
      ['/stats', 'organisationId'],
      [`/stats?organisationId=${org()}&from=2026-02-01`, 'to'],
      [`/stats?organisationId=${org()}&from=2026-02-30&to=2026-03-01`, 'from'],
      [`/stats?organisationId=${org()}&from=2026-03-01&to=2026-02-01`, 'to'],
      [`/stats?organisationId=${org()}&startHour=19&endHour=7`, 'endHour'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: { code: 'validation_failed', field } });
    }
  });
});

describe('GET /stats period view', () => {
  it('computes availability, brackets and the period figures', async () => {
    const res = await get(`/stats?organisationId=${org()}&from=2026-02-01&to=2026-02-28&startHour=7&endHour=19`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: Record<string, unknown> }>().data;
    const window = 28 * 12 * 3600;
    const a = 1 - (3 * 3600) / window; // 10:00–13:00 local on one day
    const b = 1 - (24 * 3600) / window; // two whole days
    expect(data.liftAvailability).toEqual({
      percentage: expect.closeTo(((a + b + 3) / 5) * 100, 9) as number,
      brackets: [
        { lower: 0, upper: 0.98, count: 1 },
        { lower: 0.98, upper: 0.99, count: 0 },
        { lower: 0.99, upper: null, count: 4 },
      ],
      liftCount: 5,
      unavailableSeconds: 27 * 3600,
    });
    expect(data.intercomAvailability).toMatchObject({ percentage: 100, liftCount: 4, unavailableSeconds: 0 });
    expect(data).toMatchObject({
      view: 'period',
      from: '2026-02-01',
      to: '2026-02-28',
      approvalRejected: { count: 1 },
      approvalExpired: { count: 1, lift_count: 1 },
      maintenanceBeforeInterval: { count: 0 },
      maintenanceOnInterval: { count: 1 },
      maintenanceAfterInterval: { count: 1 },
      maintenanceExpired: { lift_count: 2 },
      maintenanceVisits: { count: 2 },
      energyWh: 12345,
    });
  });

  it('computes the single-lift variant', async () => {
    const res = await get(`/stats?organisationId=${org()}&liftId=${id.A}&from=2026-02-01&to=2026-02-28`);
    const data = res.json<{ data: { liftAvailability: { liftCount: number; percentage: number }; energyWh: number } }>()
      .data;
    expect(data.liftAvailability.liftCount).toBe(1);
    expect(data.liftAvailability.percentage.toFixed(2)).toBe('99.11');
    expect(data.energyWh).toBe(12345);
    expect((await get(`/stats?organisationId=${org()}&liftId=999999`)).statusCode).toBe(404);
  });
});

describe('GET /stats/details', () => {
  it('lists the lifts in an availability bucket with their value', async () => {
    const res = await get(
      `/stats/details?type=liftAvailability&lower=0&upper=0.98&organisationId=${org()}&from=2026-02-01&to=2026-02-28`,
    );
    const body = res.json<{ data: { items: { liftId: number; value: number; unit: string }[]; total: number } }>();
    expect(body.data.total).toBe(1);
    expect(body.data.items[0]).toMatchObject({ liftId: id.B, unit: 'percentage' });
    expect(body.data.items[0]?.value).toBeCloseTo((1 - 24 / (28 * 12)) * 100, 9);
    const top = await get(
      `/stats/details?type=liftAvailability&lower=0.99&organisationId=${org()}&from=2026-02-01&to=2026-02-28`,
    );
    expect(top.json<{ data: { total: number } }>().data.total).toBe(4);
  });

  it('lists the lifts behind current and period figures', async () => {
    const names = async (url: string) =>
      (await get(url)).json<{ data: { items: { name: string }[] } }>().data.items.map((i) => i.name);
    const period = `organisationId=${org()}&from=2026-02-01&to=2026-02-28`;
    expect(await names(`/stats/details?type=liftUnavailable&organisationId=${org()}`)).toEqual(['Lift A']);
    expect(await names(`/stats/details?type=servicecounterMaintenanceAlert&organisationId=${org()}`)).toEqual([
      'Lift A',
      'Lift D',
    ]);
    expect(await names(`/stats/details?type=inspectionUnknown&organisationId=${org()}`)).toEqual([
      'Lift A',
      'Lift B',
      'Lift E',
    ]);
    expect(await names(`/stats/details?type=inspectionUnknown&${period}`)).toEqual(['Lift A', 'Lift B', 'Lift E']);
    expect(await names(`/stats/details?type=senseNotConnected&organisationId=${org()}`)).toEqual(['Lift B']);
    expect(await names(`/stats/details?type=maintenanceExpired&${period}`)).toEqual(['Lift A', 'Lift D']);
    expect(await names(`/stats/details?type=maintenanceAfterInterval&${period}`)).toEqual(['Lift D']);
    expect(await names(`/stats/details?type=approvalExpired&${period}`)).toEqual(['Lift D']);
  });

  it('applies roles and scope, and names a missing period', async () => {
    expect((await get(`/stats/details?type=liftUnavailable&organisationId=${org()}`, 'test-client')).statusCode).toBe(
      403,
    );
    expect(
      (await get(`/stats/details?type=intercomUnavailable&organisationId=${org()}`, 'test-client')).statusCode,
    ).toBe(200);
    expect((await get(`/stats/details?type=liftUnavailable&organisationId=${org()}`, 'test-stranger')).statusCode).toBe(
      404,
    );
    const missing = await get(`/stats/details?type=maintenanceOnInterval&organisationId=${org()}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: { field: 'from' } });
    const badType = await get(`/stats/details?type=nonsense&organisationId=${org()}`);
    expect(badType.json()).toMatchObject({ error: { field: 'type' } });
  });
});

describe('GET /current-state', () => {
  it('lists each lift with its current statuses', async () => {
    const res = await get(`/current-state?organisationId=${org()}`);
    const items = res.json<{ data: { items: { liftId: number; statuses: { status: string }[] }[] } }>().data.items;
    const of = (liftId: number) =>
      items
        .find((i) => i.liftId === liftId)
        ?.statuses.map((s) => s.status)
        .sort();
    expect(of(id.B)).toEqual(['inspectionUnknown', 'intercomUnavailable', 'senseFailureSensor', 'senseNotConnected']);
    expect(of(id.D)).toEqual(['approvalExpired', 'servicecounterMaintenanceAlert']);
    expect(of(id.E)).toEqual(['inspectionUnknown']);
  });

  it('answers an empty list for organisation 0', async () => {
    expect((await get('/current-state?organisationId=0')).json()).toEqual({ data: { items: [] } });
  });
});
