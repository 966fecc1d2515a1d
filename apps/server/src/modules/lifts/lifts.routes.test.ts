import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lift } from '@liftwacht/contracts/lifts';
import { events, inspections, lifts, modules, visits } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. The owner organisation has five named lifts with known
// numbers and conditions plus ten plain ones; the client and stranger organisations one each.
let t: TestApp;
const id = { elise: 0, hoofd: 0, goederen: 0, achter: 0, zuid: 0, client: 0, stranger: 0 };
const plainIds: number[] = [];
const ownerLiftCount = 15;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { owner, client, stranger } = t.fixtures.org;
  const make = async (values: Omit<typeof lifts.$inferInsert, 'organisationId'> & { organisationId?: number }) => {
    const [row] = await db
      .insert(lifts)
      .values({ organisationId: owner, maintenanceIntervalDays: 365, liftType: 'MRL', ...values })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  id.elise = await make({
    name: 'Lift Élise',
    address: 'Kerkstraat 12',
    postalCode: '3511 AB',
    city: 'Utrecht',
    buildingName: 'Residentie Zonneveld',
    sbclId: 'SBCL-0001',
    serialNumber: 'SN-77881',
    ownerNumber: 'EIG-100',
    inspectionNumber: 'KEU-555',
    installerNumber: 'INST-9',
    telephoneNumber: '030-7654321',
    manufacturerNumber: 'KONE-4411',
    liftType: 'MRL',
    hasFlow: true,
    maintenanceIntervalDays: 90,
    serviceRideThreshold: 25000,
    commissionedOn: '2015-05-01',
  });
  id.hoofd = await make({
    name: 'Hoofdingang',
    address: 'Stationsplein 5',
    city: "'s-Hertogenbosch",
    buildingName: 'Gebouw Çelik',
    liftType: null,
    maintenanceIntervalDays: 30,
    commissionedOn: '2020-01-15',
  });
  id.goederen = await make({
    name: 'Goederenlift',
    address: 'Kerkstraat 14',
    city: 'Amsterdam',
    liftType: 'Hydraulisch',
    maintenanceIntervalDays: 180,
    commissionedOn: '2010-03-03',
  });
  id.achter = await make({ name: 'achterlift', address: 'Achterom 1', city: 'Zeist' });
  id.zuid = await make({ name: 'Zuidlift', address: 'Zuidkade 2', city: 'Zeist' });
  for (let i = 1; i <= 10; i++)
    plainIds.push(await make({ name: `Trappenhuis ${String(i).padStart(2, '0')}`, address: `Laan ${i}` }));
  id.client = await make({ organisationId: client, name: 'Gemeentehuis', address: 'Markt 1', city: 'Delft' });
  id.stranger = await make({
    organisationId: stranger,
    name: 'Vreemde lift',
    address: 'Kerkstraat 99',
    city: 'Utrecht',
    sbclId: 'SBCL-9999',
  });

  const at = (s: string) => new Date(s);
  await db.insert(modules).values([
    {
      esNumber: 'ES-10001',
      liftId: id.elise,
      firmware: '2.4.1',
      lastSeenAt: at('2026-03-10T08:59:00Z'),
      connected: true,
    },
    {
      esNumber: 'ES-20002',
      liftId: id.hoofd,
      firmware: '2.3.0',
      lastSeenAt: at('2026-03-10T08:00:00Z'),
      connected: false,
    },
    { esNumber: 'ES-30003', liftId: id.zuid, lastSeenAt: null },
    { esNumber: 'ES-90009', liftId: id.stranger, lastSeenAt: at('2026-03-10T08:59:00Z'), connected: true },
  ]);
  await db.insert(events).values([
    { liftId: id.elise, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z') },
    { liftId: id.elise, type: 'intercom_unavailable', startedAt: at('2026-03-09T07:00:00Z') },
    { liftId: id.hoofd, type: 'intercom_unavailable', startedAt: at('2026-03-09T07:00:00Z') },
    { liftId: id.hoofd, type: 'sense_failure', startedAt: at('2026-03-10T06:00:00Z') },
    {
      liftId: id.goederen,
      type: 'unavailable',
      startedAt: at('2026-03-01T07:00:00Z'),
      endedAt: at('2026-03-01T09:00:00Z'),
    },
    { liftId: id.stranger, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z') },
  ]);
  await db.insert(visits).values([
    { liftId: id.goederen, type: 'repair', role: 'mechanic', state: 'progress', startedAt: at('2026-03-10T08:30:00Z') },
    {
      liftId: id.elise,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      startedAt: at('2026-02-10T08:30:00Z'),
    },
  ]);
  const approved = (liftId: number, inspectedOn: string, validUntil: string) => ({
    liftId,
    inspectedOn,
    result: 'approved',
    validUntil,
    logType: 'periodic_inspection',
  });
  await db
    .insert(inspections)
    .values([
      approved(id.elise, '2025-06-01', '2026-12-01'),
      approved(id.hoofd, '2024-08-01', '2026-02-01'),
      approved(id.goederen, '2025-01-10', '2026-07-10'),
      { liftId: id.goederen, inspectedOn: '2026-02-20', result: 'rejected', logType: 'periodic_inspection' },
    ]);
});
afterAll(async () => {
  await t.close();
});

const tokens = new Map<string, string>();
async function tokenOf(username: string): Promise<string> {
  const cached = tokens.get(username);
  if (cached) return cached;
  const token = await t.login(username);
  tokens.set(username, token);
  return token;
}
const get = async (url: string, username = 'test-user') =>
  t.app.inject({
    method: 'GET',
    url: `/liftwacht${url}`,
    headers: { authorization: `Bearer ${await tokenOf(username)}` },
  });
const post = async (url: string, payload: unknown, username = 'test-user') =>
  t.app.inject({
    method: 'POST',
    url: `/liftwacht${url}`,
    headers: { authorization: `Bearer ${await tokenOf(username)}` },
    payload: payload as Record<string, unknown>,
  });

interface ListBody {
  data: { items: Lift[]; pagination: { limit: number; offset: number }; total: number };
}
const owner = () => t.fixtures.org.owner;
const ids = (body: ListBody) => body.data.items.map((l) => l.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

/** Lift ids a free-text search finds in the owner organisation. */
async function search(text: string, username = 'test-user'): Promise<number[]> {
  const res = await get(`/lift?organisationId=${owner()}&limit=1000&search=${encodeURIComponent(text)}`, username);
  expect(res.statusCode, res.body).toBe(200);
  return sorted(ids(res.json<ListBody>()));
}

/** Lift ids an advanced search finds in the owner organisation. */
async function advanced(criteria: unknown, username = 'test-user'): Promise<number[]> {
  const res = await post(`/lift?organisationId=${owner()}&limit=1000`, criteria, username);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ListBody>();
  expect(body.data.total).toBe(body.data.items.length);
  return sorted(ids(body));
}

describe('GET /lift free-text search', () => {
  it('lists every lift of the organisation without a search, with pagination and total', async () => {
    const res = await get(`/lift?organisationId=${owner()}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<ListBody>();
    expect(body.data.total).toBe(ownerLiftCount);
    expect(body.data.pagination).toEqual({ limit: 100, offset: 0 });
    expect(body.data.items).toHaveLength(ownerLiftCount);
    expect((await search('   ')).length).toBe(ownerLiftCount);
  });

  it('finds an address fragment, case-insensitively, only in the chosen organisation', async () => {
    expect(await search('kerkstr')).toEqual(sorted([id.elise, id.goederen]));
    expect(await search('KERKSTRAAT')).toEqual(sorted([id.elise, id.goederen]));
    expect(await search('erkstraat 1')).toEqual(sorted([id.elise, id.goederen]));
  });

  it('matches every word, in any field', async () => {
    expect(await search('kerkstraat utrecht')).toEqual([id.elise]);
    expect(await search('Kerkstraat 12')).toEqual([id.elise]);
    expect(await search('zeist zuid')).toEqual([id.zuid]);
    expect(await search('kerkstraat zeist')).toEqual([]);
  });

  it('ignores accents on both sides', async () => {
    expect(await search('elise')).toEqual([id.elise]);
    expect(await search('ÉLISE')).toEqual([id.elise]);
    expect(await search('élïse')).toEqual([id.elise]);
    expect(await search('celik')).toEqual([id.hoofd]);
    expect(await search("'s-hertogenbosch")).toEqual([id.hoofd]);
  });

  it('finds a lift by each of its numbers, including the module es number', async () => {
    for (const number of [
      'SBCL-0001',
      'sn-77881',
      'EIG-100',
      'keu-555',
      'INST-9',
      '030-7654321',
      'KONE-4411',
      'es-10001',
      '10001',
      'Residentie Zonnev',
    ]) {
      expect(await search(number), number).toEqual([id.elise]);
    }
    expect(await search('ES-20002')).toEqual([id.hoofd]);
  });

  it('finds a postal code with or without its space', async () => {
    expect(await search('3511 AB')).toEqual([id.elise]);
    expect(await search('3511ab')).toEqual([id.elise]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('kerk%12')).toEqual([]);
  });

  it('paginates with a stable total, also past the end', async () => {
    const first = (await get(`/lift?organisationId=${owner()}&limit=4&offset=0`)).json<ListBody>();
    const second = (await get(`/lift?organisationId=${owner()}&limit=4&offset=4`)).json<ListBody>();
    expect(first.data.total).toBe(ownerLiftCount);
    expect(second.data.total).toBe(ownerLiftCount);
    expect(first.data.items).toHaveLength(4);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(8);
    const beyond = (await get(`/lift?organisationId=${owner()}&limit=4&offset=100`)).json<ListBody>();
    expect(beyond.data).toEqual({ items: [], pagination: { limit: 4, offset: 100 }, total: ownerLiftCount });
    const searched = (await get(`/lift?organisationId=${owner()}&search=kerkstraat&limit=1&offset=1`)).json<ListBody>();
    expect(searched.data.total).toBe(2);
    expect(searched.data.items).toHaveLength(1);
  });

  it('sorts by name ignoring case and accents, both directions, ties by id', async () => {
    const names = async (query: string) =>
      (await get(`/lift?organisationId=${owner()}&limit=5${query}`))
        .json<ListBody>()
        .data.items.map((l) => l.details.liftname);
    expect(await names('')).toEqual(['achterlift', 'Goederenlift', 'Hoofdingang', 'Lift Élise', 'Trappenhuis 01']);
    expect(await names('&sort=name&direction=desc')).toEqual([
      'Zuidlift',
      'Trappenhuis 10',
      'Trappenhuis 09',
      'Trappenhuis 08',
      'Trappenhuis 07',
    ]);
  });

  it('sorts by other columns with empty values last', async () => {
    const res = await get(`/lift?organisationId=${owner()}&sort=commissionedOn&direction=desc`);
    const items = res.json<ListBody>().data.items;
    expect(items.slice(0, 3).map((l) => l.id)).toEqual([id.hoofd, id.elise, id.goederen]);
    expect(items.slice(3).every((l) => l.commissionedOn === null)).toBe(true);
    const byEs = (await get(`/lift?organisationId=${owner()}&sort=esNumber&limit=3`)).json<ListBody>();
    expect(ids(byEs)).toEqual([id.elise, id.hoofd, id.zuid]);
    const byCity = (await get(`/lift?organisationId=${owner()}&sort=city&direction=desc&limit=2`)).json<ListBody>();
    expect(byCity.data.items.map((l) => l.details.city)).toEqual(['Zeist', 'Zeist']);
    const byId = (await get(`/lift?organisationId=${owner()}&sort=id&direction=desc&limit=2`)).json<ListBody>();
    expect(ids(byId)).toEqual([plainIds[9], plainIds[8]]);
  });

  it('pages of any sort, either direction, join up to the whole sorted list', async () => {
    const all = (await get(`/lift?organisationId=${owner()}&limit=100`)).json<ListBody>().data;
    expect(all.total).toBe(ownerLiftCount);
    for (const sort of ['address', 'city', 'esNumber', 'commissionedOn', 'id', 'name']) {
      for (const direction of ['asc', 'desc']) {
        const query = `/lift?organisationId=${owner()}&sort=${sort}&direction=${direction}`;
        const whole = ids((await get(`${query}&limit=100`)).json<ListBody>());
        const paged: number[] = [];
        for (let offset = 0; offset < ownerLiftCount; offset += 3) {
          const page = (await get(`${query}&limit=3&offset=${offset}`)).json<ListBody>();
          expect(page.data.total).toBe(ownerLiftCount);
          paged.push(...ids(page));
        }
        expect(paged, `${sort} ${direction}`).toEqual(whole);
        expect(new Set(whole)).toEqual(new Set(ids({ data: all })));
      }
    }
    const byAddress = (await get(`/lift?organisationId=${owner()}&sort=address&direction=desc&limit=100`))
      .json<ListBody>()
      .data.items.map((l) => (l.details.address ?? '').toLowerCase());
    expect(byAddress).toEqual([...byAddress].sort().reverse());
  });

  it('rejects bad input naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['offset=-1', 'offset'],
      ['organisationId=abc', 'organisationId'],
      ['sort=colour', 'sort'],
      ['direction=up', 'direction'],
      [`search=${'x'.repeat(201)}`, 'search'],
    ] as const) {
      const res = await get(`/lift?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'validation_failed', field } });
    }
  });
});

describe('lift scope and roles', () => {
  it('lists own plus granted organisations without organisationId, for a maintenance company', async () => {
    const res = await get('/lift?limit=1000', 'test-onderhoud');
    const body = res.json<ListBody>();
    expect(body.data.total).toBe(ownerLiftCount + 1);
    expect(ids(body)).toContain(id.client);
    expect(ids(body)).not.toContain(id.stranger);
    const client = (await get(`/lift?organisationId=${t.fixtures.org.client}`, 'test-onderhoud')).json<ListBody>();
    expect(ids(client)).toEqual([id.client]);
    const searched = (await get('/lift?search=kerkstraat', 'test-onderhoud')).json<ListBody>();
    expect(sorted(ids(searched))).toEqual(sorted([id.elise, id.goederen]));
  });

  it("answers 404 for another organisation's list and lift", async () => {
    const list = await get(`/lift?organisationId=${t.fixtures.org.stranger}`);
    expect(list.statusCode).toBe(404);
    expect((await post(`/lift?organisationId=${t.fixtures.org.client}`, { name: 'x' })).statusCode).toBe(404);
    const lift = await get(`/lift/${id.stranger}`);
    expect(lift.statusCode).toBe(404);
    expect(lift.json()).toEqual({ error: { code: 'not_found', message: 'Lift not found' } });
    expect((await get('/lift/999999')).statusCode).toBe(404);
    expect((await get(`/lift/${id.client}`)).statusCode).toBe(404);
    expect((await get(`/lift/${id.client}`, 'test-onderhoud')).statusCode).toBe(200);
    expect((await get(`/lift/${id.stranger}`, 'test-stranger')).statusCode).toBe(200);
  });

  it('lets a monteur open lifts of its organisation but not list or search them', async () => {
    expect((await get(`/lift?organisationId=${owner()}`, 'test-monteur')).statusCode).toBe(403);
    const searched = await post(`/lift?organisationId=${owner()}`, { name: 'lift' }, 'test-monteur');
    expect(searched.statusCode).toBe(403);
    expect(searched.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await get(`/lift/${id.elise}`, 'test-monteur')).statusCode).toBe(200);
    expect((await get(`/lift/${id.stranger}`, 'test-monteur')).statusCode).toBe(404);
  });

  it('lets client-light list, search and open lifts', async () => {
    expect((await get(`/lift?organisationId=${owner()}`, 'test-client')).statusCode).toBe(200);
    expect(await advanced({ address: 'kerkstraat' }, 'test-client')).toEqual(sorted([id.elise, id.goederen]));
    expect((await get(`/lift/${id.elise}`, 'test-client')).statusCode).toBe(200);
  });

  it('requires a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/liftwacht/lift' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/liftwacht/lift', payload: {} })).statusCode).toBe(401);
  });
});

describe('GET /lift/{id}', () => {
  it('gives the details, labelled fields, inspection and module', async () => {
    const res = await get(`/lift/${id.elise}`);
    expect(res.statusCode).toBe(200);
    const lift = res.json<{ data: Lift }>().data;
    expect(lift.details.updatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(lift).toEqual({
      id: id.elise,
      organisationId: owner(),
      details: {
        liftname: 'Lift Élise',
        address: 'Kerkstraat 12',
        postalCode: '3511 AB',
        city: 'Utrecht',
        buildingName: 'Residentie Zonneveld',
        sbclId: 'SBCL-0001',
        serialNumber: 'SN-77881',
        ownerNumber: 'EIG-100',
        inspectionNumber: 'KEU-555',
        installerNumber: 'INST-9',
        telephoneNumber: '030-7654321',
        manufacturerNumber: 'KONE-4411',
        updatedAt: lift.details.updatedAt,
      },
      liftType: 'MRL',
      hasFlow: true,
      maintenanceIntervalDays: 90,
      serviceRideThreshold: 25000,
      commissionedOn: '2015-05-01',
      decommissionedOn: null,
      version: 1,
      inspectionValidUntil: '2026-12-01',
      lastInspection: { inspectedOn: '2025-06-01', result: 'approved', validUntil: '2026-12-01' },
      module: { esNumber: 'ES-10001', firmware: '2.4.1', lastSeenAt: '2026-03-10T08:59:00.000Z', connected: true },
    });
  });

  it('gives null for what a lift lacks', async () => {
    const goederen = (await get(`/lift/${id.goederen}`)).json<{ data: Lift }>().data;
    expect(goederen.module).toBeNull();
    expect(goederen.inspectionValidUntil).toBe('2026-07-10');
    expect(goederen.lastInspection).toEqual({ inspectedOn: '2026-02-20', result: 'rejected', validUntil: null });
    const plain = (await get(`/lift/${plainIds[0]}`)).json<{ data: Lift }>().data;
    expect(plain.lastInspection).toBeNull();
    expect(plain.details.buildingName).toBeNull();
  });

  it('rejects a bad id naming the field', async () => {
    const res = await get('/lift/abc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field: 'id' } });
  });
});

describe('POST /lift advanced search', () => {
  it('answers an empty list for empty criteria', async () => {
    for (const criteria of [{}, { name: '   ', address: null, statuses: [] }, { commissionedOn: {} }]) {
      const res = await post(`/lift?organisationId=${owner()}&limit=10`, criteria);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { items: [], pagination: { limit: 10, offset: 0 }, total: 0 } });
    }
  });

  it('contains-matches single fields, ignoring case and accents', async () => {
    expect(await advanced({ address: 'kerkstraat' })).toEqual(sorted([id.elise, id.goederen]));
    expect(await advanced({ name: 'ELISE' })).toEqual([id.elise]);
    expect(await advanced({ buildingName: 'celik' })).toEqual([id.hoofd]);
    expect(await advanced({ esNumber: '20002' })).toEqual([id.hoofd]);
    expect(await advanced({ telephoneNumber: '7654' })).toEqual([id.elise]);
    expect(await advanced({ liftType: 'hydr' })).toEqual([id.goederen]);
    // A field matches only its own column: the sbcl id is not in the address.
    expect(await advanced({ address: 'SBCL' })).toEqual([]);
  });

  it('combines criteria with AND', async () => {
    expect(await advanced({ address: 'kerkstraat', city: 'utrecht' })).toEqual([id.elise]);
    expect(await advanced({ address: 'kerkstraat', city: 'zeist' })).toEqual([]);
    expect(await advanced({ city: 'zeist', hasModule: true })).toEqual([id.zuid]);
    expect(await advanced({ city: 'zeist', hasModule: false })).toEqual([id.achter]);
  });

  it('filters by current status', async () => {
    expect(await advanced({ statuses: ['liftUnavailable'] })).toEqual([id.elise]);
    expect(await advanced({ statuses: ['senseFailureSensor'] })).toEqual([id.hoofd]);
    // Hoofdingang has no lift type, so no intercom to be unavailable.
    expect(await advanced({ statuses: ['intercomUnavailable'] })).toEqual([id.elise]);
    expect(await advanced({ statuses: ['visits'] })).toEqual([id.goederen]);
    expect(await advanced({ statuses: ['approvalRejected'] })).toEqual([id.goederen]);
    expect(await advanced({ statuses: ['approvalExpired'] })).toEqual([id.hoofd]);
    expect(await advanced({ statuses: ['senseNotConnected'] })).toEqual(sorted([id.hoofd, id.zuid]));
    // Never maintained since commissioning (2020, every 30 days; 2010, every 180): insufficient.
    expect(await advanced({ statuses: ['servicecounterMaintenanceAlert'] })).toEqual(sorted([id.hoofd, id.goederen]));
    // Neither commissioning date nor approval: achterlift, Zuidlift and the ten Trappenhuis lifts.
    const unknown = await advanced({ statuses: ['inspectionUnknown'] });
    expect(unknown).toHaveLength(12);
    expect(unknown).toEqual(expect.arrayContaining([id.achter, id.zuid]));
  });

  it('combines statuses with any (default) or all', async () => {
    expect(await advanced({ statuses: ['liftUnavailable', 'visits'] })).toEqual(sorted([id.elise, id.goederen]));
    expect(await advanced({ statuses: ['liftUnavailable', 'visits'], statusMatch: 'all' })).toEqual([]);
    expect(await advanced({ statuses: ['senseFailureSensor', 'approvalExpired'], statusMatch: 'all' })).toEqual([
      id.hoofd,
    ]);
    expect(await advanced({ statuses: ['senseNotConnected'], city: 'zeist' })).toEqual([id.zuid]);
  });

  it('filters by inclusive ranges', async () => {
    expect(await advanced({ commissionedOn: { from: '2012-01-01' } })).toEqual(sorted([id.elise, id.hoofd]));
    expect(await advanced({ commissionedOn: { to: '2015-05-01' } })).toEqual(sorted([id.elise, id.goederen]));
    expect(await advanced({ commissionedOn: { from: '2015-05-01', to: '2015-05-01' } })).toEqual([id.elise]);
    expect(await advanced({ maintenanceIntervalDays: { min: 30, max: 90 } })).toEqual(sorted([id.elise, id.hoofd]));
    expect(await advanced({ maintenanceIntervalDays: { min: 181 } })).toHaveLength(12);
    expect(await advanced({ inspectionValidUntil: { from: '2026-06-01' } })).toEqual(sorted([id.elise, id.goederen]));
    expect(await advanced({ inspectionValidUntil: { to: '2026-03-10' } })).toEqual([id.hoofd]);
    expect(await advanced({ hasFlow: true })).toEqual([id.elise]);
    expect(await advanced({ hasIntercom: false })).toEqual([id.hoofd]);
  });

  it('paginates and sorts like the list', async () => {
    const res = await post(`/lift?organisationId=${owner()}&limit=2&offset=1&sort=name&direction=desc`, {
      name: 'trappenhuis',
    });
    const body = res.json<ListBody>();
    expect(body.data.total).toBe(10);
    expect(body.data.pagination).toEqual({ limit: 2, offset: 1 });
    expect(body.data.items.map((l) => l.details.liftname)).toEqual(['Trappenhuis 09', 'Trappenhuis 08']);
  });

  it('keeps restricted statuses from client-light, like its dashboard', async () => {
    const res = await post(`/lift?organisationId=${owner()}`, { statuses: ['liftUnavailable'] }, 'test-client');
    expect(res.statusCode).toBe(403);
    expect(await advanced({ statuses: ['senseNotConnected'] }, 'test-client')).toEqual(sorted([id.hoofd, id.zuid]));
  });

  it('rejects bad criteria naming the field', async () => {
    for (const [criteria, field] of [
      [{ commissionedOn: { from: '2020-01-01', to: '2019-01-01' } }, 'commissionedOn.to'],
      [{ commissionedOn: { from: '2020-13-01' } }, 'commissionedOn.from'],
      [{ maintenanceIntervalDays: { min: 100, max: 50 } }, 'maintenanceIntervalDays.max'],
      [{ maintenanceIntervalDays: { min: -1 } }, 'maintenanceIntervalDays.min'],
      [{ statuses: ['broken'] }, 'statuses.0'],
      [{ statusMatch: 'some' }, 'statusMatch'],
      [{ hasFlow: 'yes' }, 'hasFlow'],
      [{ name: 'x'.repeat(201) }, 'name'],
    ] as const) {
      const res = await post(`/lift?organisationId=${owner()}`, criteria);
      expect(res.statusCode, JSON.stringify(criteria)).toBe(400);
      expect(res.json(), JSON.stringify(criteria)).toMatchObject({ error: { code: 'validation_failed', field } });
    }
    const unknown = await post(`/lift?organisationId=${owner()}`, { adress: 'kerkstraat' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { message: string } }>().error.message).toContain('adress');
    const badQuery = await post(`/lift?organisationId=${owner()}&limit=0`, { name: 'x' });
    expect(badQuery.json()).toMatchObject({ error: { field: 'limit' } });
  });
});
