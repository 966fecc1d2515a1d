// The lift JSON the database writes (lift-json-sql.ts) is the contract's Lift, strictly: every
// variant (module heard from or never, inspections approved or rejected, with or without dates,
// text that needs escaping) parses with liftSchema to itself, and the list (GET and POST /lift),
// which passes the database's text through, answers what GET /lift/:id answers. The parts the
// database keeps with the rows (migration 0029) are byte for byte what json_build_object writes
// from the rows as they are now.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftListResponseSchema, liftSchema, type Lift } from '@liftwacht/contracts/lifts';
import { sqlRows } from '../../db/sql-rows.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { liftJoinsSql, liftJsonTextSql } from './lift-json-sql.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('test-admin');
});
afterAll(() => t.close());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${token}` } });

describe('the lift JSON from the database', () => {
  it('is the contract, strictly, for every variant, in the list and for one lift', async () => {
    const db = t.database.db;
    const owner = t.fixtures.org.owner;
    const plain = await insertLift(db, owner, 'JSON kaal');
    const full = await insertLift(db, owner, 'JSON "vol" \\ Één\n\ttab');
    const rejected = await insertLift(db, owner, 'JSON afgekeurd');
    const silent = await insertLift(db, owner, 'JSON stil');
    await db.execute(sql`update lifts set postal_code = '3511 AB', city = 'Utrecht', building_name = 'Ériká',
                           sbcl_id = 'S-1', serial_number = 'SN', owner_number = 'O', inspection_number = 'K',
                           installer_number = 'I', telephone_number = '+31', manufacturer_number = 'M',
                           lift_type = 'MRL', has_flow = true, commissioned_on = '2019-05-01',
                           decommissioned_on = '2026-01-01'
                         where id = ${full}`);
    await db.execute(sql`insert into inspections (lift_id, inspected_on, result, valid_until, log_type) values
                           (${full}, '2025-01-01', 'approved', '2026-07-01', 'periodic_inspection'),
                           (${rejected}, '2025-02-01', 'approved', null, 'periodic_inspection'),
                           (${rejected}, '2025-03-01', 'rejected', null, 'periodic_inspection')`);
    await db.execute(sql`insert into modules (es_number, lift_id, firmware, last_seen_at, connected) values
                           ('ES-JSON-1', ${full}, '4.2.1', '2026-03-10T08:59:59.123Z', true),
                           ('ES-JSON-2', ${silent}, null, null, false)`);

    const res = await get(`/lift?organisationId=${String(owner)}&limit=100`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = JSON.parse(res.body) as unknown;
    expect(liftListResponseSchema.parse(body)).toEqual(body);
    const items = (body as { data: { items: Lift[] } }).data.items;
    const ids = [plain, full, rejected, silent];
    for (const id of ids) {
      const item = items.find((l) => l.id === id);
      expect(item).toBeDefined();
      // Parsing strips unknown properties and checks every format: equal means nothing extra.
      expect(liftSchema.parse(item)).toEqual(item);
      const one = await get(`/lift/${String(id)}`);
      expect(one.json<{ data: Lift }>().data).toEqual(item);
    }
    const byId = (id: number) => items.find((l) => l.id === id);
    expect(byId(full)).toMatchObject({
      details: { liftname: 'JSON "vol" \\ Één\n\ttab', buildingName: 'Ériká', postalCode: '3511 AB' },
      liftType: 'MRL',
      hasFlow: true,
      commissionedOn: '2019-05-01',
      decommissionedOn: '2026-01-01',
      inspectionValidUntil: '2026-07-01',
      lastInspection: { inspectedOn: '2025-01-01', result: 'approved', validUntil: '2026-07-01' },
      module: { esNumber: 'ES-JSON-1', firmware: '4.2.1', lastSeenAt: '2026-03-10T08:59:59.123Z', connected: true },
    });
    expect(byId(rejected)).toMatchObject({
      inspectionValidUntil: null,
      lastInspection: { inspectedOn: '2025-03-01', result: 'rejected', validUntil: null },
      module: null,
    });
    expect(byId(silent)?.module).toEqual({ esNumber: 'ES-JSON-2', firmware: null, lastSeenAt: null, connected: false });
    expect(byId(plain)).toMatchObject({ lastInspection: null, module: null, liftType: null, commissionedOn: null });

    // The advanced search and a page past the end answer the same shape.
    const search = await t.app.inject({
      method: 'POST',
      url: `/liftwacht/lift?organisationId=${String(owner)}&limit=100`,
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'JSON' },
    });
    const found = JSON.parse(search.body) as { data: { items: Lift[]; total: number } };
    expect(liftListResponseSchema.parse(found)).toEqual(found);
    expect(found.data.items.map((l) => l.id).sort((a, b) => a - b)).toEqual(ids);
    expect(found.data.items.find((l) => l.id === full)).toEqual(byId(full));
    const past = await get(`/lift?organisationId=${String(owner)}&limit=10&offset=1000`);
    expect(JSON.parse(past.body)).toEqual({
      data: { items: [], pagination: { limit: 10, offset: 1000 }, total: items.length },
    });
  });

  it('keeps the parts json_build_object writes from the rows, byte for byte, through edits', async () => {
    const db = t.database.db;
    const owner = t.fixtures.org.owner;
    const edited = await insertLift(db, owner, 'JSON bewerkt');
    await db.execute(sql`update lifts set name = 'JSON "bewerkt" ✓', version = version + 1,
                           updated_at = '2026-05-06T07:08:09.456Z', commissioned_on = '2001-02-03' where id = ${edited}`);
    await db.execute(sql`insert into inspections (lift_id, inspected_on, result, valid_until, log_type) values
                           (${edited}, '2024-04-04', 'approved', '2025-05-05', 'periodic_inspection')`);
    // The expression every read used before the parts were kept (an independent reference here).
    const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
    const rows = await sqlRows<{ id: number; kept: string; built: string }>(
      db,
      sql`select l.id, ${liftJsonTextSql} as kept, json_build_object(
            'id', l.id, 'organisationId', l.organisation_id,
            'details', json_build_object(
              'liftname', l.name, 'address', l.address, 'postalCode', l.postal_code, 'city', l.city,
              'buildingName', l.building_name, 'sbclId', l.sbcl_id, 'serialNumber', l.serial_number,
              'ownerNumber', l.owner_number, 'inspectionNumber', l.inspection_number,
              'installerNumber', l.installer_number, 'telephoneNumber', l.telephone_number,
              'manufacturerNumber', l.manufacturer_number, 'updatedAt', ${iso('l.updated_at')}),
            'liftType', l.lift_type, 'hasFlow', l.has_flow, 'maintenanceIntervalDays', l.maintenance_interval_days,
            'serviceRideThreshold', l.service_ride_threshold, 'commissionedOn', l.commissioned_on::text,
            'decommissionedOn', l.decommissioned_on::text, 'version', l.version,
            'inspectionValidUntil', f.inspection_valid_until::text,
            'lastInspection', case when f.last_inspected_on is not null and f.last_result is not null then json_build_object(
              'inspectedOn', f.last_inspected_on::text, 'result', f.last_result, 'validUntil', f.last_valid_until::text) end,
            'module', case when m.id is not null then json_build_object('esNumber', m.es_number, 'firmware', m.firmware,
              'lastSeenAt', ${iso('m.last_seen_at')}, 'connected', m.connected) end)::text as built
          from lifts l ${liftJoinsSql} order by l.id`,
    );
    // Every lift of the test database: the fixtures' and the first test's variants among them.
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.kept, `lift ${String(row.id)}`).toBe(row.built);
    const one = rows.find((row) => row.id === edited);
    expect(JSON.parse(one?.kept ?? 'null')).toMatchObject({
      details: { liftname: 'JSON "bewerkt" ✓', updatedAt: '2026-05-06T07:08:09.456Z' },
      version: 2,
      commissionedOn: '2001-02-03',
      lastInspection: { inspectedOn: '2024-04-04', result: 'approved', validUntil: '2025-05-05' },
    });
  });
});
