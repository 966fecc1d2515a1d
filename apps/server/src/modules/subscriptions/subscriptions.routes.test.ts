import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subscriptions } from '@liftwacht/contracts/subscriptions';
import { escalationSubscriptions, subscriptions } from '../../db/schema.ts';
import { insertFourLifts } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let lift: Awaited<ReturnType<typeof insertFourLifts>>;

beforeAll(async () => {
  t = await createTestApp();
  lift = await insertFourLifts(t.database.db, t.fixtures.org);
});
afterAll(async () => {
  await t.close();
});

// One login per user: the login rate limit counts every attempt.
const tokens = new Map<string, string>();
const call = async (method: 'GET' | 'PUT', username: string, payload?: unknown) => {
  const token = tokens.get(username) ?? (await t.login(username));
  tokens.set(username, token);
  return t.app.inject({
    method,
    url: '/liftwacht/subscriptions',
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
};
const body = (res: { json: () => unknown }) => (res.json() as { data: Subscriptions }).data;

describe('subscriptions', () => {
  it('starts empty, with the address the mails go to', async () => {
    const res = await call('GET', 'test-user');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual({ email: 'test-user@example.test', channel: 'email', items: [], escalation: null });
  });

  it('PUT replaces the set and answers it in event type order, with the chosen lifts', async () => {
    const res = await call('PUT', 'test-user', {
      items: [
        { eventType: 'battery', liftIds: [lift.zuid, lift.noord, lift.zuid] },
        { eventType: 'unavailable', liftIds: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).items).toEqual([
      { eventType: 'unavailable', liftIds: null, lifts: [] },
      {
        eventType: 'battery',
        liftIds: [lift.noord, lift.zuid],
        lifts: [
          { id: lift.noord, name: 'Lift Noord', address: 'Lift Noordweg 1, Utrecht' },
          { id: lift.zuid, name: 'Lift Zuid', address: 'Lift Zuidweg 1, Utrecht' },
        ],
      },
    ]);
    expect(body(await call('GET', 'test-user'))).toEqual(body(res));

    const replaced = await call('PUT', 'test-user', { items: [{ eventType: 'alarm_call', liftIds: [lift.noord] }] });
    expect(body(replaced).items.map((i) => i.eventType)).toEqual(['alarm_call']);
    const rows = await t.database.db.select().from(subscriptions);
    expect(rows.filter((r) => r.userId === t.fixtures.user.user.id)).toHaveLength(1);

    expect(body(await call('PUT', 'test-user', { items: [] })).items).toEqual([]);
  });

  it("keeps each user's set apart", async () => {
    await call('PUT', 'test-admin', { items: [{ eventType: 'visit', liftIds: null }] });
    await call('PUT', 'test-user', { items: [{ eventType: 'battery', liftIds: null }] });
    expect(body(await call('GET', 'test-admin')).items.map((i) => i.eventType)).toEqual(['visit']);
    expect(body(await call('GET', 'test-user')).items.map((i) => i.eventType)).toEqual(['battery']);
  });

  it('rejects unknown types, repeated types, empty lift lists and missing fields with 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ items: [{ eventType: 'earthquake', liftIds: null }] }, 'items.0.eventType'],
      [
        {
          items: [
            { eventType: 'battery', liftIds: null },
            { eventType: 'battery', liftIds: [lift.noord] },
          ],
        },
        'items.1.eventType',
      ],
      [{ items: [{ eventType: 'battery', liftIds: [] }] }, 'items.0.liftIds'],
      [{ items: [{ eventType: 'battery', liftIds: ['x'] }] }, 'items.0.liftIds.0'],
      [{ items: [{ eventType: 'battery' }] }, 'items.0.liftIds'],
      [{}, 'items'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', 'test-user', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: { code: 'validation_failed', field } });
    }
    // Nothing was changed by the rejected requests.
    expect(body(await call('GET', 'test-user')).items.map((i) => i.eventType)).toEqual(['battery']);
  });

  it("answers 404 for lifts outside the user's organisations, and accepts granted ones", async () => {
    for (const foreign of [lift.vreemd, lift.gemeente, 999999]) {
      const res = await call('PUT', 'test-user', {
        items: [
          { eventType: 'battery', liftIds: null },
          { eventType: 'unavailable', liftIds: [lift.noord, foreign] },
        ],
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found', field: 'items.1.liftIds' } });
    }
    expect(body(await call('GET', 'test-user')).items.map((i) => i.eventType)).toEqual(['battery']);

    const granted = await call('PUT', 'test-onderhoud', {
      items: [{ eventType: 'unavailable', liftIds: [lift.gemeente, lift.noord] }],
    });
    expect(granted.statusCode).toBe(200);
    expect(body(granted).items[0]?.liftIds).toEqual([lift.gemeente, lift.noord]);
  });

  it('hides lifts of an organisation no longer granted', async () => {
    await t.database.db
      .insert(subscriptions)
      .values({ userId: t.fixtures.user.user.id, eventType: 'visit', liftId: lift.vreemd });
    expect(body(await call('GET', 'test-user')).items.map((i) => i.eventType)).toEqual(['battery']);
  });

  it('keeps the escalation subscription beside the event types: all lifts, chosen ones, left as it is, or none', async () => {
    const all = await call('PUT', 'test-admin', { items: [], escalation: { liftIds: null } });
    expect(all.statusCode, all.body).toBe(200);
    expect(body(all)).toMatchObject({ items: [], escalation: { liftIds: null, lifts: [] } });

    // A client that leaves escalation out changes the event types only.
    const eventsOnly = await call('PUT', 'test-admin', { items: [{ eventType: 'battery', liftIds: null }] });
    expect(body(eventsOnly).escalation).toEqual({ liftIds: null, lifts: [] });
    expect(body(eventsOnly).items.map((i) => i.eventType)).toEqual(['battery']);

    const chosen = await call('PUT', 'test-admin', {
      items: [],
      escalation: { liftIds: [lift.zuid, lift.noord, lift.zuid] },
    });
    expect(body(chosen).escalation).toEqual({
      liftIds: [lift.noord, lift.zuid],
      lifts: [
        { id: lift.noord, name: 'Lift Noord', address: 'Lift Noordweg 1, Utrecht' },
        { id: lift.zuid, name: 'Lift Zuid', address: 'Lift Zuidweg 1, Utrecht' },
      ],
    });
    expect(body(chosen).items).toEqual([]);
    expect(body(await call('GET', 'test-admin'))).toEqual(body(chosen));

    const none = await call('PUT', 'test-admin', { items: [], escalation: null });
    expect(body(none).escalation).toBeNull();
    const rows = await t.database.db.select().from(escalationSubscriptions);
    expect(rows.filter((r) => r.userId === t.fixtures.user.admin.id)).toEqual([]);
  });

  it('checks the lifts of an escalation subscription like the others: 400 naming the field, 404 outside the scope', async () => {
    for (const [escalation, field] of [
      [{ liftIds: [] }, 'escalation.liftIds'],
      [{}, 'escalation.liftIds'],
      [{ liftIds: [0] }, 'escalation.liftIds.0'],
    ] as const) {
      const res = await call('PUT', 'test-user', { items: [], escalation });
      expect(res.statusCode, JSON.stringify(escalation)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field } });
    }
    for (const foreign of [lift.vreemd, lift.gemeente, 999999]) {
      const res = await call('PUT', 'test-user', { items: [], escalation: { liftIds: [lift.noord, foreign] } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found', field: 'escalation.liftIds' } });
    }
    const granted = await call('PUT', 'test-onderhoud', { items: [], escalation: { liftIds: [lift.gemeente] } });
    expect(body(granted).escalation?.liftIds).toEqual([lift.gemeente]);

    // A lift of an organisation no longer granted is not shown; with nothing left, no subscription is.
    await t.database.db
      .insert(escalationSubscriptions)
      .values({ userId: t.fixtures.user.user.id, liftId: lift.vreemd });
    expect(body(await call('GET', 'test-user')).escalation).toBeNull();
  });

  it('refuses client-light and monteur (403) and anonymous callers (401)', async () => {
    for (const username of ['test-client', 'test-monteur']) {
      expect((await call('GET', username)).statusCode).toBe(403);
      expect((await call('PUT', username, { items: [] })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/liftwacht/subscriptions' })).statusCode).toBe(401);
  });
});
