import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiftVisitsResponse, VisitResponse } from '@liftwacht/contracts/visits';
import { lifts, logbook, modules, visits } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z. One lift with five visits, a client lift and a stranger's.
let t: TestApp;
const id = { lift: 0, client: 0, stranger: 0 };
const visitId = { ongoing: 0, maintenance: 0, inspection: 0, stranger: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const make = async (name: string, organisationId: number) => {
    const [row] = await db
      .insert(lifts)
      .values({ organisationId, name, address: `${name}laan 3`, buildingName: 'Het Gebouw' })
      .returning({ id: lifts.id });
    return row?.id ?? 0;
  };
  id.lift = await make('Hoofdlift', t.fixtures.org.owner);
  id.client = await make('Raadhuis', t.fixtures.org.client);
  id.stranger = await make('Vreemd', t.fixtures.org.stranger);
  await db.insert(modules).values({ esNumber: 'ES-77', liftId: id.lift });

  const at = (s: string) => new Date(s);
  const insert = async (values: typeof visits.$inferInsert) => {
    const [row] = await db.insert(visits).values(values).returning({ id: visits.id });
    return row?.id ?? 0;
  };
  visitId.maintenance = await insert({
    liftId: id.lift,
    type: 'maintenance',
    role: 'mechanic',
    state: 'finished',
    startedAt: at('2026-02-01T08:00:00Z'),
    endedAt: at('2026-02-01T09:30:00Z'),
    person: 'J. de Vries',
    remarks: 'Deuren afgesteld',
  });
  visitId.inspection = await insert({
    liftId: id.lift,
    type: 'inspection',
    role: 'inspector',
    state: 'finished',
    startedAt: at('2026-01-15T10:00:00Z'),
    endedAt: at('2026-01-15T11:00:00Z'),
    person: 'Liftinstituut',
  });
  await insert({
    liftId: id.lift,
    type: 'approval',
    role: 'approving_authority',
    state: 'canceled',
    startedAt: at('2025-12-01T10:00:00Z'),
  });
  await insert({
    liftId: id.lift,
    type: 'failure',
    role: 'mechanic',
    state: 'timeout',
    startedAt: at('2025-11-20T10:00:00Z'),
  });
  visitId.ongoing = await insert({
    liftId: id.lift,
    type: 'repair',
    role: 'mechanic',
    state: 'progress',
    startedAt: at('2026-03-10T08:30:00Z'),
    person: 'P. Jansen',
  });
  visitId.stranger = await insert({
    liftId: id.stranger,
    type: 'repair',
    role: 'mechanic',
    state: 'finished',
    startedAt: at('2026-03-01T08:30:00Z'),
  });
  await insert({
    liftId: id.client,
    type: 'repair',
    role: 'mechanic',
    state: 'finished',
    startedAt: at('2026-03-01T08:30:00Z'),
  });
  await db.insert(logbook).values([
    { liftId: id.lift, logType: 'maintenance', at: at('2026-02-01T08:10:00Z'), text: 'Smering geleiders' },
    { liftId: id.lift, logType: 'maintenance', at: at('2026-02-01T09:20:00Z'), text: 'Deuren afgesteld' },
    { liftId: id.lift, logType: 'check', at: at('2026-02-02T09:00:00Z'), text: 'Na de visite' },
    { liftId: id.lift, logType: 'repair', at: at('2026-03-10T08:45:00Z'), text: 'Deurcontact vervangen' },
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

describe('GET /lift/{id}/visits', () => {
  it('lists the visits newest first with type, role, state, times, person, remarks and duration', async () => {
    const res = await get(`/lift/${id.lift}/visits`);
    expect(res.statusCode).toBe(200);
    const body = res.json<LiftVisitsResponse>();
    expect(body.data.total).toBe(5);
    expect(body.data.items.map((v) => v.type)).toEqual(['repair', 'maintenance', 'inspection', 'approval', 'failure']);
    expect(body.data.items[0]).toEqual({
      id: visitId.ongoing,
      liftId: id.lift,
      type: 'repair',
      role: 'mechanic',
      state: 'progress',
      startedAt: '2026-03-10T08:30:00.000Z',
      endedAt: null,
      durationSeconds: 1800,
      person: 'P. Jansen',
      remarks: null,
    });
    expect(body.data.items[1]).toMatchObject({
      durationSeconds: 5400,
      remarks: 'Deuren afgesteld',
      endedAt: '2026-02-01T09:30:00.000Z',
    });
    expect(body.data.items[3]).toMatchObject({ role: 'approving_authority', state: 'canceled' });
  });

  it('filters and paginates', async () => {
    const finished = (await get(`/lift/${id.lift}/visits?state=finished`)).json<LiftVisitsResponse>();
    expect(finished.data.items.map((v) => v.id)).toEqual([visitId.maintenance, visitId.inspection]);
    const typed = (await get(`/lift/${id.lift}/visits?type=inspection`)).json<LiftVisitsResponse>();
    expect(typed.data.items.map((v) => v.id)).toEqual([visitId.inspection]);
    const days = (await get(`/lift/${id.lift}/visits?from=2026-01-01&to=2026-02-01`)).json<LiftVisitsResponse>();
    expect(days.data.items.map((v) => v.id)).toEqual([visitId.maintenance, visitId.inspection]);
    const page = (await get(`/lift/${id.lift}/visits?limit=2&offset=2`)).json<LiftVisitsResponse>();
    expect(page.data).toMatchObject({ pagination: { limit: 2, offset: 2 }, total: 5 });
    expect(page.data.items.map((v) => v.type)).toEqual(['inspection', 'approval']);
    const beyond = (await get(`/lift/${id.lift}/visits?offset=50`)).json<LiftVisitsResponse>();
    expect(beyond.data).toMatchObject({ items: [], total: 5 });
  });

  it('scopes to the organisations and lets a monteur and client-light read', async () => {
    expect((await get(`/lift/${id.stranger}/visits`)).statusCode).toBe(404);
    expect((await get(`/lift/${id.client}/visits`)).statusCode).toBe(404);
    expect((await get(`/lift/${id.client}/visits`, 'test-onderhoud')).statusCode).toBe(200);
    expect((await get(`/lift/${id.lift}/visits`, 'test-monteur')).statusCode).toBe(200);
    expect((await get(`/lift/${id.lift}/visits`, 'test-client')).statusCode).toBe(200);
    expect((await get('/lift/987654/visits')).statusCode).toBe(404);
  });

  it('rejects bad input naming the field', async () => {
    for (const [query, field] of [
      ['state=busy', 'state'],
      ['type=party', 'type'],
      ['limit=0', 'limit'],
      ['from=2026-02-01&to=2026-01-01', 'to'],
    ] as const) {
      const res = await get(`/lift/${id.lift}/visits?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: { code: 'validation_failed', field } });
    }
  });
});

describe('GET /visits/{visitId}', () => {
  it('gives the visit page: the visit, its lift and the logbook written meanwhile', async () => {
    const res = await get(`/visits/${visitId.maintenance}`);
    expect(res.statusCode).toBe(200);
    const visit = res.json<VisitResponse>().data;
    expect(visit).toMatchObject({
      id: visitId.maintenance,
      type: 'maintenance',
      role: 'mechanic',
      state: 'finished',
      person: 'J. de Vries',
      durationSeconds: 5400,
      lift: {
        id: id.lift,
        organisationId: t.fixtures.org.owner,
        liftname: 'Hoofdlift',
        address: 'Hoofdliftlaan 3',
        buildingName: 'Het Gebouw',
        esNumber: 'ES-77',
      },
    });
    expect(visit.logbook.map((e) => e.text)).toEqual(['Smering geleiders', 'Deuren afgesteld']);
  });

  it('runs an ongoing visit up to now', async () => {
    const visit = (await get(`/visits/${visitId.ongoing}`, 'test-monteur')).json<VisitResponse>().data;
    expect(visit.endedAt).toBeNull();
    expect(visit.durationSeconds).toBe(1800);
    expect(visit.logbook.map((e) => e.text)).toEqual(['Deurcontact vervangen']);
  });

  it("answers 404 for another organisation's visit and an unknown one, 400 for a bad id", async () => {
    expect((await get(`/visits/${visitId.stranger}`)).json()).toEqual({
      error: { code: 'not_found', message: 'Visit not found' },
    });
    expect((await get('/visits/999999')).statusCode).toBe(404);
    expect((await get(`/visits/${visitId.stranger}`, 'test-stranger')).statusCode).toBe(200);
    const bad = await get('/visits/x1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { field: 'visitId' } });
  });
});
