import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail, LiftEvent } from '@liftwacht/contracts/events';
import { calls, events, visits } from '../../db/schema.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z (10:00 in Amsterdam).
let t: TestApp;
let lift: Awaited<ReturnType<typeof insertFourLifts>>;
const ev = { open1: 0, door: 0, feb: 0, sense: 0, battery: 0, client: 0, stranger: 0, midnight: 0 };
const callId = { entrapment: 0, test: 0, falseAlarm: 0 };
const visitId = { repair: 0 };

const at = (s: string) => new Date(s);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  lift = await insertFourLifts(db, t.fixtures.org);

  const insert = async (row: typeof events.$inferInsert) => {
    const [r] = await db
      .insert(events)
      .values({ closed: row.endedAt != null, ...row })
      .returning({ id: events.id });
    return r?.id ?? 0;
  };
  ev.open1 = await insert({ liftId: lift.noord, type: 'unavailable', startedAt: at('2026-03-10T07:00:00Z'), floor: 2 });
  ev.door = await insert({
    liftId: lift.noord,
    type: 'en627_door_closing_fault',
    startedAt: at('2026-03-05T10:00:00Z'),
    endedAt: at('2026-03-05T10:05:00Z'),
    floor: 3,
  });
  ev.feb = await insert({
    liftId: lift.zuid,
    type: 'unavailable',
    startedAt: at('2026-02-10T09:00:00Z'),
    endedAt: at('2026-02-10T12:00:00Z'),
    data: { cause: 'en627_cannot_start' },
  });
  ev.sense = await insert({ liftId: lift.zuid, type: 'sense_failure', startedAt: at('2026-03-09T12:00:00Z') });
  ev.battery = await insert({
    liftId: lift.noord,
    type: 'battery',
    startedAt: at('2026-01-15T08:00:00Z'),
    endedAt: at('2026-01-20T08:00:00Z'),
  });
  // Amsterdam 28 Feb 23:00 – 1 Mar 02:00: in both February and March.
  ev.midnight = await insert({
    liftId: lift.noord,
    type: 'unavailable',
    startedAt: at('2026-02-28T22:00:00Z'),
    endedAt: at('2026-03-01T01:00:00Z'),
  });
  ev.client = await insert({
    liftId: lift.gemeente,
    type: 'alarm_call',
    startedAt: at('2026-03-01T10:00:00Z'),
    endedAt: at('2026-03-01T10:10:00Z'),
  });
  ev.stranger = await insert({ liftId: lift.vreemd, type: 'unavailable', startedAt: at('2026-03-10T06:00:00Z') });
  // A code outside the contract's list (say, newer firmware) must not break the list.
  await insert({ liftId: lift.noord, type: 'future_code', startedAt: at('2026-03-10T08:00:00Z') });

  const call = async (row: typeof calls.$inferInsert) => {
    const [r] = await db.insert(calls).values(row).returning({ id: calls.id });
    return r?.id ?? 0;
  };
  callId.entrapment = await call({
    liftId: lift.noord,
    kind: 'entrapment',
    status: 'ended',
    startedAt: at('2026-03-10T07:30:00Z'),
    acknowledgedAt: at('2026-03-10T07:31:00Z'),
    endedAt: at('2026-03-10T08:10:00Z'),
    handledBy: 'Meldkamer',
  });
  callId.test = await call({
    liftId: lift.noord,
    kind: 'test',
    status: 'acknowledged',
    startedAt: at('2026-03-10T08:50:00Z'),
    acknowledgedAt: at('2026-03-10T08:50:05Z'),
  });
  callId.falseAlarm = await call({
    liftId: lift.noord,
    kind: 'false_alarm',
    status: 'ended',
    startedAt: at('2026-03-05T10:02:00Z'),
    acknowledgedAt: at('2026-03-05T10:02:10Z'),
    endedAt: at('2026-03-05T10:03:00Z'),
  });
  await call({
    liftId: lift.noord,
    kind: 'test',
    status: 'ended',
    startedAt: at('2026-03-01T10:00:00Z'),
    endedAt: at('2026-03-01T10:01:00Z'),
  });
  const [repair] = await db
    .insert(visits)
    .values([
      {
        liftId: lift.noord,
        type: 'repair',
        role: 'mechanic',
        state: 'progress',
        startedAt: at('2026-03-10T08:00:00Z'),
        person: 'Jan Monteur',
      },
      {
        liftId: lift.noord,
        type: 'maintenance',
        role: 'mechanic',
        state: 'finished',
        startedAt: at('2026-02-01T08:00:00Z'),
        endedAt: at('2026-02-01T09:00:00Z'),
      },
    ])
    .returning({ id: visits.id });
  visitId.repair = repair?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

// One login per user: the login rate limit counts every attempt.
const tokens = new Map<string, string>();
const tokenOf = async (username: string) => {
  const token = tokens.get(username) ?? (await t.login(username));
  tokens.set(username, token);
  return token;
};

const get = async (url: string, username = 'test-user') => {
  const token = await tokenOf(username);
  return t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${token}` } });
};

type ListBody = { data: { items: LiftEvent[]; total: number; pagination: { limit: number; offset: number } } };

const list = async (query: string, username = 'test-user') => {
  const res = await get(`/events?organisationId=${String(t.fixtures.org.owner)}${query}`, username);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>().data;
};
const ids = (items: LiftEvent[]) => items.map((e) => e.id);
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

describe('GET /events', () => {
  it('lists the open events by default, newest first, with lift, floor and running duration', async () => {
    const data = await list('');
    expect(ids(data.items)).toEqual([ev.open1, ev.sense]);
    expect(data.total).toBe(2);
    expect(data.pagination).toEqual({ limit: 100, offset: 0 });
    expect(data.items[0]).toEqual({
      id: ev.open1,
      type: 'unavailable',
      lift: { id: lift.noord, name: 'Lift Noord', address: 'Lift Noordweg 1, Utrecht' },
      floor: 2,
      startedAt: '2026-03-10T07:00:00.000Z',
      endedAt: null,
      durationSeconds: 2 * 3600,
      closed: false,
    });
  });

  it('adds closed events with showClosed, and never lists other organisations or unknown codes', async () => {
    const data = await list('&showClosed=true');
    expect(sorted(ids(data.items))).toEqual(sorted([ev.open1, ev.door, ev.feb, ev.sense, ev.battery, ev.midnight]));
    expect(data.items.find((e) => e.id === ev.door)).toMatchObject({ closed: true, durationSeconds: 300, floor: 3 });
    expect((await list('&showClosed=false')).total).toBe(2);
  });

  it('filters by types (comma list or repeated key) and lifts, combined with AND', async () => {
    expect(sorted(ids((await list('&showClosed=true&types=unavailable')).items))).toEqual(
      sorted([ev.open1, ev.feb, ev.midnight]),
    );
    const repeated = await list('&showClosed=true&types=battery&types=sense_failure');
    expect(sorted(ids(repeated.items))).toEqual(sorted([ev.battery, ev.sense]));
    const commas = await list('&showClosed=true&types=battery,sense_failure');
    expect(commas.total).toBe(2);
    expect(ids((await list(`&showClosed=true&types=unavailable&liftIds=${String(lift.zuid)}`)).items)).toEqual([
      ev.feb,
    ]);
    expect(ids((await list(`&types=unavailable&liftIds=${String(lift.zuid)}`)).items)).toEqual([]);
    // A lift of another organisation filters to nothing rather than leaking its events.
    expect((await list(`&showClosed=true&liftIds=${String(lift.vreemd)}`)).total).toBe(0);
  });

  it('onlyUnavailability narrows to unavailable events and ANDs with types', async () => {
    expect(sorted(ids((await list('&showClosed=true&onlyUnavailability=true')).items))).toEqual(
      sorted([ev.open1, ev.feb, ev.midnight]),
    );
    expect((await list('&showClosed=true&onlyUnavailability=true&types=battery')).total).toBe(0);
    expect((await list('&showClosed=true&onlyUnavailability=1&types=battery,unavailable')).total).toBe(3);
    expect(ids((await list('&onlyUnavailability=true')).items)).toEqual([ev.open1]);
  });

  it('keeps events overlapping the period in Amsterdam days, open ones included', async () => {
    const march = await list('&showClosed=true&from=2026-03-01&to=2026-03-31');
    expect(sorted(ids(march.items))).toEqual(sorted([ev.open1, ev.door, ev.sense, ev.midnight]));
    const february = await list('&showClosed=true&from=2026-02-01&to=2026-02-28');
    expect(sorted(ids(february.items))).toEqual(sorted([ev.feb, ev.midnight]));
    // Until 27 February local time: the event starting at 23:00 local on the 28th is out.
    expect(ids((await list('&showClosed=true&from=2026-02-01&to=2026-02-27')).items)).toEqual([ev.feb]);
    // From 2 March: the midnight outage ended on the 1st.
    expect(ids((await list('&showClosed=true&from=2026-03-02&types=unavailable')).items)).toEqual([ev.open1]);
    expect(sorted(ids((await list('&showClosed=true&to=2026-01-31')).items))).toEqual([ev.battery]);
  });

  it('paginates with the total of all matches', async () => {
    const page = await list('&showClosed=true&limit=2&offset=2');
    expect(page.items).toHaveLength(2);
    expect(page.total).toBe(6);
    expect(page.pagination).toEqual({ limit: 2, offset: 2 });
    const all = await list('&showClosed=true');
    expect(ids(page.items)).toEqual(ids(all.items).slice(2, 4));
    const last = await list('&showClosed=true&limit=4&offset=4');
    expect(last.items).toHaveLength(2);
    expect((await list('&showClosed=true&offset=50')).items).toEqual([]);
  });

  it('sorts by start, end, duration, type and lift in both directions', async () => {
    const starts = (await list('&showClosed=true&sort=startedAt&order=asc')).items.map((e) => e.startedAt);
    expect(starts).toEqual([...starts].sort());
    const durations = (await list('&showClosed=true&sort=duration&order=desc')).items.map((e) => e.durationSeconds);
    expect(durations).toEqual([...durations].sort((a, b) => b - a));
    const types = (await list('&showClosed=true&sort=type&order=asc')).items.map((e) => e.type);
    expect(types).toEqual([...types].sort());
    const names = (await list('&showClosed=true&sort=lift&order=desc')).items.map((e) => e.lift.name);
    expect(names).toEqual([...names].sort().reverse());
    const byEnd = (await list('&showClosed=true&sort=endedAt&order=asc')).items;
    expect(byEnd.at(-1)?.endedAt).toBeNull();
    expect(byEnd[0]?.id).toBe(ev.battery);
  });

  it('rejects bad input with 400 naming the field', async () => {
    const owner = String(t.fixtures.org.owner);
    const cases: [string, string][] = [
      [`/events?organisationId=${owner}&types=unavailable,bogus`, 'types'],
      [`/events?organisationId=${owner}&liftIds=1,abc`, 'liftIds'],
      [`/events?organisationId=${owner}&from=2026-13-01`, 'from'],
      [`/events?organisationId=${owner}&from=2026-03-10&to=2026-03-01`, 'to'],
      [`/events?organisationId=${owner}&showClosed=maybe`, 'showClosed'],
      [`/events?organisationId=${owner}&onlyUnavailability=yes`, 'onlyUnavailability'],
      [`/events?organisationId=${owner}&sort=colour`, 'sort'],
      [`/events?organisationId=${owner}&order=up`, 'order'],
      [`/events?organisationId=${owner}&limit=0`, 'limit'],
      [`/events?organisationId=${owner}&offset=-1`, 'offset'],
      ['/events', 'organisationId'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: { code: 'validation_failed', field } });
    }
    const res = await get(`/events?organisationId=${owner}&types=bogus`);
    expect(res.json<{ error: { message: string } }>().error.message).toContain("'bogus'");
  });

  it('answers 404 for an organisation the user may not access, and lists granted ones', async () => {
    expect((await get(`/events?organisationId=${String(t.fixtures.org.client)}`)).statusCode).toBe(404);
    expect((await get(`/events?organisationId=${String(t.fixtures.org.stranger)}`)).statusCode).toBe(404);
    const res = await get(`/events?organisationId=${String(t.fixtures.org.client)}&showClosed=true`, 'test-onderhoud');
    expect(ids(res.json<ListBody>().data.items)).toEqual([ev.client]);
  });

  it('refuses client-light and monteur (403) and anonymous callers (401)', async () => {
    const url = `/events?organisationId=${String(t.fixtures.org.owner)}`;
    expect((await get(url, 'test-client')).statusCode).toBe(403);
    expect((await get(url, 'test-monteur')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/liftwacht${url}` })).statusCode).toBe(401);
    expect((await get(url, 'test-admin')).statusCode).toBe(200);
  });
});

describe('GET /events/:id', () => {
  it('returns the event with the calls and visits overlapping it (an open one runs until now)', async () => {
    const res = await get(`/events/${String(ev.open1)}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json<{ data: EventDetail }>().data;
    expect(detail).toMatchObject({
      id: ev.open1,
      type: 'unavailable',
      lift: { id: lift.noord, name: 'Lift Noord', address: 'Lift Noordweg 1, Utrecht' },
      floor: 2,
      startedAt: '2026-03-10T07:00:00.000Z',
      endedAt: null,
      durationSeconds: 7200,
      closed: false,
      data: null,
    });
    expect(detail.calls.items.map((c) => c.id)).toEqual([callId.entrapment, callId.test]);
    expect(detail.calls.total).toBe(2);
    expect(detail.calls.items[0]).toMatchObject({
      kind: 'entrapment',
      status: 'ended',
      durationSeconds: 40 * 60,
      handledBy: 'Meldkamer',
      acknowledgedAt: '2026-03-10T07:31:00.000Z',
    });
    expect(detail.calls.items[1]).toMatchObject({ kind: 'test', status: 'acknowledged', durationSeconds: 600 });
    expect(detail.visits).toEqual({
      items: [
        {
          id: visitId.repair,
          type: 'repair',
          role: 'mechanic',
          state: 'progress',
          startedAt: '2026-03-10T08:00:00.000Z',
          endedAt: null,
          person: 'Jan Monteur',
          remarks: null,
        },
      ],
      total: 1,
    });
  });

  it('relates only what overlaps a closed event, and carries its data', async () => {
    const door = (await get(`/events/${String(ev.door)}`)).json<{ data: EventDetail }>().data;
    expect(door.closed).toBe(true);
    expect(door.durationSeconds).toBe(300);
    expect(door.calls.items.map((c) => c.id)).toEqual([callId.falseAlarm]);
    expect(door.visits.total).toBe(0);
    const feb = (await get(`/events/${String(ev.feb)}`)).json<{ data: EventDetail }>().data;
    expect(feb.data).toEqual({ cause: 'en627_cannot_start' });
    expect(feb.calls.total).toBe(0);
  });

  it('answers 404 for another organisation, a missing id, and 200 for a granted organisation', async () => {
    expect((await get(`/events/${String(ev.stranger)}`)).statusCode).toBe(404);
    const foreign = await get(`/events/${String(ev.client)}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await get('/events/99999999')).statusCode).toBe(404);
    expect((await get(`/events/${String(ev.client)}`, 'test-onderhoud')).statusCode).toBe(200);
    expect((await get(`/events/${String(ev.stranger)}`, 'test-stranger')).statusCode).toBe(200);
  });

  it('rejects a bad id (400) and refuses client-light and monteur (403)', async () => {
    expect((await get('/events/abc')).json()).toMatchObject({ error: { code: 'validation_failed', field: 'id' } });
    expect((await get(`/events/${String(ev.open1)}`, 'test-client')).statusCode).toBe(403);
    expect((await get(`/events/${String(ev.open1)}`, 'test-monteur')).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('describes the events, calls and subscriptions endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/liftwacht/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: { name: string }[]; requestBody?: unknown }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/liftwacht/events',
        '/liftwacht/events/{id}',
        '/liftwacht/calls',
        '/liftwacht/calls/current',
        '/liftwacht/subscriptions',
      ]),
    );
    const eventParams = doc.paths['/liftwacht/events']?.get?.parameters?.map((p) => p.name);
    expect(eventParams).toEqual(
      expect.arrayContaining(['organisationId', 'types', 'liftIds', 'from', 'to', 'showClosed', 'onlyUnavailability']),
    );
    expect(JSON.stringify(doc.paths['/liftwacht/subscriptions']?.put?.requestBody)).toContain('eventType');
  });
});
