import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Call, CallTotals, CurrentCall } from '@liftwacht/contracts/calls';
import { calls } from '../../db/schema.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

// Test clock: 2026-03-10T09:00:00Z (10:00 in Amsterdam).
let t: TestApp;
let lift: Awaited<ReturnType<typeof insertFourLifts>>;
const id = { entrapment: 0, running: 0, falseAlarm: 0, other: 0, oldTest: 0, midnight: 0, client: 0, stranger: 0 };
const at = (s: string) => new Date(s);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  lift = await insertFourLifts(db, t.fixtures.org);

  const call = async (row: Omit<typeof calls.$inferInsert, 'status'>) => {
    const status = row.endedAt ? 'ended' : row.acknowledgedAt ? 'acknowledged' : 'received';
    const [r] = await db
      .insert(calls)
      .values({ status, ...row })
      .returning({ id: calls.id });
    return r?.id ?? 0;
  };
  id.entrapment = await call({
    liftId: lift.noord,
    kind: 'entrapment',
    startedAt: at('2026-03-10T07:30:00Z'),
    acknowledgedAt: at('2026-03-10T07:31:00Z'),
    endedAt: at('2026-03-10T08:10:00Z'),
    handledBy: 'Meldkamer',
    notes: 'Twee personen bevrijd.',
  });
  id.running = await call({
    liftId: lift.noord,
    kind: 'test',
    startedAt: at('2026-03-10T08:50:00Z'),
    acknowledgedAt: at('2026-03-10T08:50:05Z'),
  });
  id.falseAlarm = await call({
    liftId: lift.noord,
    kind: 'false_alarm',
    startedAt: at('2026-03-05T10:02:00Z'),
    acknowledgedAt: at('2026-03-05T10:02:10Z'),
    endedAt: at('2026-03-05T10:03:00Z'),
  });
  id.other = await call({
    liftId: lift.zuid,
    kind: 'other',
    startedAt: at('2026-02-10T10:00:00Z'),
    endedAt: at('2026-02-10T10:02:00Z'),
  });
  id.oldTest = await call({
    liftId: lift.noord,
    kind: 'test',
    startedAt: at('2026-01-20T03:00:00Z'),
    acknowledgedAt: at('2026-01-20T03:00:04Z'),
    endedAt: at('2026-01-20T03:00:34Z'),
    testResult: 'speaker',
  });
  // 00:30 on 1 March in Amsterdam: a March call although it is still February in UTC.
  id.midnight = await call({
    liftId: lift.zuid,
    kind: 'entrapment',
    startedAt: at('2026-02-28T23:30:00Z'),
    acknowledgedAt: at('2026-02-28T23:31:00Z'),
    endedAt: at('2026-03-01T00:15:00Z'),
  });
  id.client = await call({ liftId: lift.gemeente, kind: 'entrapment', startedAt: at('2026-03-10T08:55:00Z') });
  id.stranger = await call({ liftId: lift.vreemd, kind: 'entrapment', startedAt: at('2026-03-10T08:40:00Z') });
});
afterAll(async () => {
  await t.close();
});

// One login per user: the login rate limit counts every attempt.
const tokens = new Map<string, string>();
const get = async (url: string, username = 'test-user') => {
  const token = tokens.get(username) ?? (await t.login(username));
  tokens.set(username, token);
  return t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${token}` } });
};

type ListBody = {
  data: { items: Call[]; total: number; totals: CallTotals; pagination: { limit: number; offset: number } };
};
const owner = () => String(t.fixtures.org.owner);
const list = async (query: string, username = 'test-user') => {
  const res = await get(`/calls?organisationId=${owner()}${query}`, username);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListBody>().data;
};
const ids = (items: { id: number }[]) => items.map((c) => c.id);

describe('GET /calls', () => {
  it("lists the organisation's calls received in the period, newest first, with times, duration and status", async () => {
    const data = await list('&from=2026-03-01&to=2026-03-31');
    expect(ids(data.items)).toEqual([id.running, id.entrapment, id.falseAlarm, id.midnight]);
    expect(data.total).toBe(4);
    expect(data.totals).toEqual({ entrapment: 2, false_alarm: 1, test: 1, other: 0 });
    expect(data.items[1]).toEqual({
      id: id.entrapment,
      lift: { id: lift.noord, name: 'Lift Noord', address: 'Lift Noordweg 1, Utrecht' },
      startedAt: '2026-03-10T07:30:00.000Z',
      acknowledgedAt: '2026-03-10T07:31:00.000Z',
      endedAt: '2026-03-10T08:10:00.000Z',
      durationSeconds: 40 * 60,
      kind: 'entrapment',
      status: 'ended',
      testResult: null,
      handledBy: 'Meldkamer',
      notes: 'Twee personen bevrijd.',
      version: 1,
      acknowledgedBy: null,
      passengerFreedAt: null,
      assignee: null,
    });
    expect(data.items[0]).toMatchObject({ status: 'acknowledged', endedAt: null, durationSeconds: 600 });
  });

  it('evaluates the period in Amsterdam days', async () => {
    expect(ids((await list('&from=2026-02-01&to=2026-02-28')).items)).toEqual([id.other]);
    expect(ids((await list('&from=2026-03-01&to=2026-03-01')).items)).toEqual([id.midnight]);
  });

  it('filters by kinds and lifts; totals follow period and lifts but not kinds', async () => {
    const kinds = await list('&from=2026-03-01&to=2026-03-31&kinds=entrapment,false_alarm');
    expect(ids(kinds.items)).toEqual([id.entrapment, id.falseAlarm, id.midnight]);
    expect(kinds.total).toBe(3);
    expect(kinds.totals).toEqual({ entrapment: 2, false_alarm: 1, test: 1, other: 0 });
    const repeated = await list('&kinds=test&kinds=other');
    expect(ids(repeated.items)).toEqual([id.running, id.other, id.oldTest]);
    const zuid = await list(`&liftIds=${String(lift.zuid)}`);
    expect(ids(zuid.items)).toEqual([id.midnight, id.other]);
    expect(zuid.totals).toEqual({ entrapment: 1, false_alarm: 0, test: 0, other: 1 });
    const both = await list(`&liftIds=${String(lift.zuid)}&kinds=entrapment&from=2026-02-01&to=2026-02-28`);
    expect(both.total).toBe(0);
    expect(both.totals).toEqual({ entrapment: 0, false_alarm: 0, test: 0, other: 1 });
    // Another organisation's lift matches nothing.
    expect((await list(`&liftIds=${String(lift.vreemd)}`)).total).toBe(0);
  });

  it('lists every period without from/to, sorts and paginates', async () => {
    const all = await list('');
    expect(all.total).toBe(6);
    expect(all.totals).toEqual({ entrapment: 2, false_alarm: 1, test: 2, other: 1 });
    const page = await list('&limit=2&offset=4');
    expect(ids(page.items)).toEqual(ids(all.items).slice(4));
    expect(page.pagination).toEqual({ limit: 2, offset: 4 });
    expect(page.total).toBe(6);
    const durations = (await list('&sort=duration&order=asc')).items.map((c) => c.durationSeconds);
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    const byLift = (await list('&sort=lift&order=asc')).items.map((c) => c.lift.name);
    expect(byLift).toEqual([...byLift].sort());
    expect((await list('&sort=startedAt&order=asc')).items[0]?.testResult).toBe('speaker');
  });

  it('rejects bad input with 400 naming the field', async () => {
    const cases: [string, string][] = [
      [`/calls?organisationId=${owner()}&kinds=entrapment,panic`, 'kinds'],
      [`/calls?organisationId=${owner()}&liftIds=0`, 'liftIds'],
      [`/calls?organisationId=${owner()}&from=2026-02-30`, 'from'],
      [`/calls?organisationId=${owner()}&from=2026-03-02&to=2026-03-01`, 'to'],
      [`/calls?organisationId=${owner()}&sort=type`, 'sort'],
      ['/calls?organisationId=abc', 'organisationId'],
    ];
    for (const [url, field] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ error: { code: 'validation_failed', field } });
    }
  });

  it('scopes to accessible organisations and lets client-light read calls, not monteur', async () => {
    expect((await get(`/calls?organisationId=${String(t.fixtures.org.client)}`)).statusCode).toBe(404);
    const granted = await get(`/calls?organisationId=${String(t.fixtures.org.client)}`, 'test-onderhoud');
    expect(ids(granted.json<ListBody>().data.items)).toEqual([id.client]);
    expect((await list('', 'test-client')).total).toBe(6);
    expect((await get(`/calls?organisationId=${owner()}`, 'test-monteur')).statusCode).toBe(403);
  });
});

describe('GET /calls/current', () => {
  type CurrentBody = { data: { items: CurrentCall[]; total: number } };

  it('lists the calls not yet ended with their running time from the clock', async () => {
    const res = await get(`/calls/current?organisationId=${owner()}`);
    expect(res.statusCode).toBe(200);
    const data = res.json<CurrentBody>().data;
    expect(ids(data.items)).toEqual([id.running]);
    expect(data.total).toBe(1);
    expect(data.items[0]).toMatchObject({ kind: 'test', status: 'acknowledged', runningSeconds: 600 });

    t.clock.advance(90_000);
    const later = (await get(`/calls/current?organisationId=${owner()}`)).json<CurrentBody>().data;
    expect(later.items[0]?.runningSeconds).toBe(690);
    t.clock.advance(-90_000);
  });

  it('shows a granted organisation to its maintenance company, 404 to others', async () => {
    const granted = await get(`/calls/current?organisationId=${String(t.fixtures.org.client)}`, 'test-onderhoud');
    const data = granted.json<CurrentBody>().data;
    expect(ids(data.items)).toEqual([id.client]);
    expect(data.items[0]).toMatchObject({ status: 'received', acknowledgedAt: null, runningSeconds: 300 });
    expect((await get(`/calls/current?organisationId=${String(t.fixtures.org.stranger)}`)).statusCode).toBe(404);
  });

  it('refuses client-light and monteur (403), and a missing organisation (400)', async () => {
    expect((await get(`/calls/current?organisationId=${owner()}`, 'test-client')).statusCode).toBe(403);
    expect((await get(`/calls/current?organisationId=${owner()}`, 'test-monteur')).statusCode).toBe(403);
    expect((await get('/calls/current')).json()).toMatchObject({ error: { field: 'organisationId' } });
  });
});
