import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lift, LiftListResponse } from '@liftwacht/contracts/lifts';
import { inspections, lifts, modules, visits } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// 1,200 lifts in the owner organisation (more than two of the export's batches), a few with a
// module, an inspection, a maintenance visit or a decommissioning day; and one lift of the
// stranger organisation.
let t: TestApp;
let maintainedLift = 0;
let token = '';
let owner = 0;
const cities = ['Utrecht', 'Zeist', 'Houten', "'s-Hertogenbosch"];

beforeAll(async () => {
  t = await createTestApp();
  owner = t.fixtures.org.owner;
  const db = t.database.db;
  const values = Array.from({ length: 1200 }, (_, i) => ({
    organisationId: owner,
    name: `Lift ${String(i).padStart(4, '0')}${i % 7 === 0 ? ' Élise' : ''}`,
    address: `Kerkstraat ${i}, "hoek"; links`,
    city: cities[i % cities.length] ?? null,
    ownerNumber: i % 3 === 0 ? `EIG-${i}` : null,
    serialNumber: `0${i}`,
    telephoneNumber: i % 5 === 0 ? '+31 30 123 4567' : null,
    liftType: i % 4 === 0 ? null : 'MRL',
    hasFlow: i % 2 === 0,
    maintenanceIntervalDays: 30 + (i % 5) * 30,
    serviceRideThreshold: 20_000 + i,
    commissionedOn: i % 6 === 0 ? null : `20${String(10 + (i % 10))}-0${1 + (i % 9)}-15`,
    decommissionedOn: i === 42 ? '2026-01-01' : null,
  }));
  const rows = await db.insert(lifts).values(values).returning({ id: lifts.id });
  const first = rows[0]?.id ?? 0;
  await db.insert(modules).values([
    { esNumber: 'ES-EXPORT-1', liftId: first },
    { esNumber: 'ES-EXPORT-2', liftId: first + 7 },
  ]);
  await db.insert(inspections).values({
    liftId: first,
    inspectedOn: '2025-06-01',
    result: 'approved',
    validUntil: '2027-06-01',
    logType: 'periodic_inspection',
  });
  // Two maintenance visits (the last one counts, as a local day: 23:30 UTC is the next day in
  // Amsterdam) and a canceled one after them, which does not.
  maintainedLift = first + 1;
  await db.insert(visits).values([
    {
      liftId: maintainedLift,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      startedAt: new Date('2025-11-03T09:00:00Z'),
      endedAt: new Date('2025-11-03T10:00:00Z'),
    },
    {
      liftId: maintainedLift,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      startedAt: new Date('2026-01-31T23:30:00Z'),
      endedAt: new Date('2026-02-01T00:30:00Z'),
    },
    {
      liftId: maintainedLift,
      type: 'maintenance',
      role: 'mechanic',
      state: 'canceled',
      startedAt: new Date('2026-03-01T09:00:00Z'),
      endedAt: new Date('2026-03-01T09:10:00Z'),
    },
  ]);
  await db.insert(lifts).values({ organisationId: t.fixtures.org.stranger, name: 'Vreemde lift', address: 'X 1' });
  token = await t.login('test-user');
});

afterAll(async () => {
  await t.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });

/** Every page of the list for the query (GET) or criteria (POST). */
async function listAll(query: string, criteria?: unknown): Promise<Lift[]> {
  const items: Lift[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await t.app.inject({
      method: criteria === undefined ? 'GET' : 'POST',
      url: `/liftwacht/lift?${query}&limit=100&offset=${offset}`,
      headers: auth(),
      ...(criteria === undefined ? {} : { payload: criteria as Record<string, unknown> }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<LiftListResponse>().data;
    items.push(...page.items);
    if (offset + 100 >= page.total) return items;
  }
}

async function exportFile(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/liftwacht/lift/export', headers: auth(), payload: body });
}

/** What a row of the export holds for a lift of the list, written out here independently. */
function expectedCells(l: Lift, language: 'nl' | 'en') {
  const d = l.details;
  return {
    text: [
      d.liftname,
      d.address,
      d.postalCode,
      d.city,
      d.buildingName,
      d.sbclId,
      d.serialNumber,
      d.ownerNumber,
      d.inspectionNumber,
      d.installerNumber,
      d.telephoneNumber,
      d.manufacturerNumber,
      l.liftType,
    ],
    hasFlow: l.hasFlow,
    numbers: [l.maintenanceIntervalDays, l.serviceRideThreshold],
    commissionedOn: l.commissionedOn,
    // The one inspection of the fleet is a periodic approval.
    inspection: [
      l.lastInspection?.inspectedOn ?? null,
      l.lastInspection ? (language === 'nl' ? 'Periodieke keuring' : 'Periodic inspection') : null,
      l.lastInspection ? (language === 'nl' ? 'Goedgekeurd' : 'Approved') : null,
    ],
    validUntil: l.inspectionValidUntil,
    lastMaintenance: l.id === maintainedLift ? '2026-02-01' : null,
    extra: [l.module?.esNumber ?? null, l.decommissionedOn],
  };
}

describe('POST /lift/export', () => {
  it('CSV (Dutch: semicolons, BOM) holds exactly the rows of the list for a search, in its order', async () => {
    const listed = await listAll(`organisationId=${owner}&search=elise&sort=city&direction=desc`);
    expect(listed.length).toBeGreaterThan(100);
    const res = await exportFile({
      format: 'csv',
      organisationId: owner,
      search: 'elise',
      sort: 'city',
      direction: 'desc',
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="liften-2026-03-10.csv"');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const records: string[][] = parse(res.rawPayload, { bom: true, delimiter: ';' });
    const [header, ...rows] = records;
    expect(header?.slice(0, 3)).toEqual(['Naam', 'Adres', 'Postcode']);
    expect(header?.slice(12, 18)).toEqual([
      'Type installatie',
      'Liftflow',
      'Onderhoudsinterval (dagen)',
      'Ritten tot onderhoud',
      'In gebruik genomen',
      'Laatste keuring',
    ]);
    expect(header?.slice(-7)).toEqual([
      'Soort keuring',
      'Keuringsresultaat',
      'Keuring geldig tot',
      'Laatste onderhoudsbezoek',
      'ES-nummer',
      'Uit dienst sinds',
      'Lift-id',
    ]);
    expect(rows).toEqual(
      listed.map((l) => {
        const e = expectedCells(l, 'nl');
        return [
          ...e.text.map((v) => v ?? ''),
          e.hasFlow ? 'ja' : 'nee',
          ...e.numbers.map(String),
          e.commissionedOn ?? '',
          ...e.inspection.map((v) => v ?? ''),
          e.validUntil ?? '',
          e.lastMaintenance ?? '',
          ...e.extra.map((v) => v ?? ''),
          String(l.id),
        ];
      }),
    );
  });

  it('XLSX (English) holds the rows of an advanced search, with real dates and numbers', async () => {
    const criteria = { city: 'houten', hasFlow: true, commissionedOn: { from: '2012-01-01' } };
    const listed = await listAll(`organisationId=${owner}&sort=commissionedOn`, criteria);
    expect(listed.length).toBeGreaterThan(10);
    const res = await exportFile({
      format: 'xlsx',
      language: 'en-GB',
      organisationId: owner,
      sort: 'commissionedOn',
      criteria,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="lifts-2026-03-10.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push(Array.from({ length: 25 }, (_, i) => row.getCell(i + 1).value ?? null)));
    const [header, ...data] = rows;
    expect(header?.slice(0, 2)).toEqual(['Name', 'Address']);
    expect(header?.slice(-8)).toEqual([
      'Last inspection',
      'Kind of inspection',
      'Inspection result',
      'Inspection valid until',
      'Last maintenance visit',
      'ES number',
      'Decommissioned on',
      'Lift ID',
    ]);
    const day = (v: string | null) => (v === null ? null : new Date(`${v}T00:00:00Z`));
    expect(data).toEqual(
      listed.map((l) => {
        const e = expectedCells(l, 'en');
        const [inspectedOn, kind, result] = e.inspection;
        const [es, decommissioned] = e.extra;
        return [
          ...e.text,
          e.hasFlow ? 'yes' : 'no',
          ...e.numbers,
          day(e.commissionedOn),
          day(inspectedOn ?? null),
          kind ?? null,
          result ?? null,
          day(e.validUntil),
          day(e.lastMaintenance),
          es ?? null,
          day(decommissioned ?? null),
          l.id,
        ];
      }),
    );
  });

  it('exports every lift of the organisation (more than one batch), like the list without a search', async () => {
    const res = await exportFile({ format: 'csv', language: 'en-US', organisationId: owner });
    const records: string[][] = parse(res.rawPayload, { bom: true, delimiter: ',' });
    const [header, ...rows] = records;
    expect(header?.[0]).toBe('Name');
    expect(rows.map((r) => r[0])).toEqual((await listAll(`organisationId=${owner}`)).map((l) => l.details.liftname));
    expect(rows.length).toBe(1200);
  });

  it('answers a header only for empty criteria, 404 for another organisation, 403 for statuses the role may not see', async () => {
    const empty = await exportFile({ format: 'csv', organisationId: owner, criteria: {} });
    expect(empty.statusCode).toBe(200);
    expect(parse(empty.rawPayload, { bom: true, delimiter: ';' })).toHaveLength(1);
    const foreign = await exportFile({ format: 'csv', organisationId: t.fixtures.org.stranger });
    expect(foreign.statusCode).toBe(404);
    const light = await t.login('test-client');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/lift/export',
      headers: { authorization: `Bearer ${light}` },
      payload: { format: 'xlsx', criteria: { statuses: ['liftUnavailable'] } },
    });
    expect(refused.statusCode).toBe(403);
    const monteur = await t.login('test-monteur');
    const noList = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/lift/export',
      headers: { authorization: `Bearer ${monteur}` },
      payload: { format: 'csv' },
    });
    expect(noList.statusCode).toBe(403);
  });
});
