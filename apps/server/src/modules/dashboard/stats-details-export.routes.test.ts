// GET /stats/details/export compared row by row with GET /stats/details for the same figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatsDetailItem } from '@liftwacht/contracts/dashboard';
import { dailyCounters, events, lifts } from '../../db/schema.ts';
import { csvRecords, listAll, xlsxMoment, xlsxRows } from '../../test-support/export-files.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. 150 lifts of the owner; every third is unavailable now.
let t: TestApp;
let token = '';
let owner = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.fixtures.org.owner;
  const db = t.database.db;
  const rows = await db
    .insert(lifts)
    .values(
      Array.from({ length: 150 }, (_, i) => ({
        organisationId: owner,
        name: `Lift ${String(i).padStart(4, '0')}`,
        address: `Dorpsstraat ${i}`,
        buildingName: i % 4 === 0 ? null : `Gebouw ${i % 9}`,
      })),
    )
    .returning({ id: lifts.id });
  const outages = rows.flatMap(({ id }, i) =>
    i % 3 === 0 ? [{ liftId: id, type: 'unavailable', startedAt: new Date('2026-03-10T08:00:00Z') }] : [],
  );
  for (let i = 0; i < outages.length; i += 500) await db.insert(events).values(outages.slice(i, i + 500));
  token = await t.login('test-user');
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, as = token) =>
  t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${as}` } });

describe('GET /stats/details/export', () => {
  it('CSV (Dutch) of a current figure holds exactly its lifts, in the order of the list', async () => {
    const query = `type=liftUnavailable&organisationId=${owner}`;
    const listed = await listAll<StatsDetailItem>(t, token, `/liftwacht/stats/details?${query}`);
    expect(listed).toHaveLength(50);
    const res = await get(`/stats/details/export?${query}&format=csv`);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="statistiek-details-liftUnavailable-2026-03-10.csv"',
    );
    const [header, ...rows] = csvRecords(res, ';');
    expect(header?.slice(0, 3)).toEqual(['Lift', 'Adres', 'Gebouw']);
    expect(rows.map((r) => r.slice(0, 3))).toEqual(listed.map((i) => [i.name, i.address, i.buildingName ?? '']));
  });

  it('XLSX (English) holds the same lifts with English headers', async () => {
    const query = `type=liftUnavailable&organisationId=${owner}`;
    const listed = await listAll<StatsDetailItem>(t, token, `/liftwacht/stats/details?${query}`);
    const [header, ...rows] = await xlsxRows(await get(`/stats/details/export?${query}&format=xlsx&language=en-GB`), 4);
    expect(header?.slice(0, 3)).toEqual(['Lift', 'Address', 'Building']);
    expect(listed[0]?.unit).toBe('timestamp');
    expect(rows).toEqual(
      listed.map((i) => [
        i.name,
        i.address,
        i.buildingName,
        typeof i.value === 'string' ? xlsxMoment(i.value) : i.value,
      ]),
    );
  });

  it('puts rides and days overdue of maintenance insufficient in columns of their own', async () => {
    const db = t.database.db;
    // Over its ride threshold (rides), and commissioned in 2015 and never maintained (days overdue).
    const [ridden] = await db
      .insert(lifts)
      .values([
        { organisationId: owner, name: 'Lift Ritten', address: 'Ritweg 1', serviceRideThreshold: 10 },
        { organisationId: owner, name: 'Lift Verwaarloosd', address: 'Oudweg 1', commissionedOn: '2015-03-01' },
      ])
      .returning({ id: lifts.id });
    await db.insert(dailyCounters).values({ liftId: ridden?.id ?? 0, kind: 'rides', day: '2026-03-09', value: 40 });
    const query = `type=servicecounterMaintenanceAlert&organisationId=${owner}`;
    const listed = await listAll<StatsDetailItem>(t, token, `/liftwacht/stats/details?${query}`);
    expect(listed.map((i) => [i.name, i.unit])).toEqual([
      ['Lift Ritten', 'rides'],
      ['Lift Verwaarloosd', 'days'],
    ]);
    const [header, ...rows] = csvRecords(await get(`/stats/details/export?${query}&format=csv`), ';');
    expect(header).toEqual(['Lift', 'Adres', 'Gebouw', 'Ritten sinds onderhoud', 'Dagen over de termijn']);
    expect(rows).toEqual([
      ['Lift Ritten', 'Ritweg 1', '', '40', ''],
      ['Lift Verwaarloosd', 'Oudweg 1', '', '', String(listed[1]?.value)],
    ]);
  });

  it('answers 404 for another organisation and 403 for period figures a client-light user may not see', async () => {
    expect(
      (await get(`/stats/details/export?type=liftUnavailable&organisationId=${t.fixtures.org.stranger}&format=csv`))
        .statusCode,
    ).toBe(404);
    const light = await t.login('test-client');
    const refused = await get(
      `/stats/details/export?type=liftAvailability&organisationId=${owner}&from=2026-02-01&to=2026-02-28&format=csv`,
      light,
    );
    expect(refused.statusCode).toBe(403);
  });
});
