// The lift JSON the database writes (lift-json-sql.ts) is the contract's Lift, strictly: every
// variant (module heard from or never, inspections approved or rejected, with or without dates,
// text that needs escaping) parses with liftSchema to itself, and the list (GET and POST /lift),
// which passes the database's text through, answers what GET /lift/:id answers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liftListResponseSchema, liftSchema, type Lift } from '@liftwacht/contracts/lifts';
import { insertLift } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

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
});
