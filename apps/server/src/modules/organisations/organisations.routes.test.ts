import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lifts } from '../../db/schema.ts';
import { insertLift } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = async (url: string, username: string) => {
  const token = await t.login(username);
  return t.app.inject({ method: 'GET', url: `/liftwacht${url}`, headers: { authorization: `Bearer ${token}` } });
};

describe('organisations', () => {
  it('GET /user/organisation returns the own organisation', async () => {
    const res = await get('/user/organisation', 'test-user');
    expect(res.json()).toEqual({ data: { id: t.fixtures.org.owner, name: 'Woonstichting Test', type: 'owner' } });
  });

  it('GET /organisation lists own plus granted organisations for a maintenance company', async () => {
    const res = await get('/organisation?limit=1000', 'test-onderhoud');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { items: { id: number }[]; total: number; pagination: unknown } }>();
    expect(body.data.items.map((o) => o.id).sort()).toEqual(
      [t.fixtures.org.owner, t.fixtures.org.client, t.fixtures.org.maintenance].sort(),
    );
    expect(body.data.total).toBe(3);
    expect(body.data.pagination).toEqual({ limit: 1000, offset: 0 });
  });

  it('GET /organisation gives each organisation its lifts in service, so the session can start on one with lifts', async () => {
    const { org } = t.fixtures;
    await insertLift(t.database.db, org.client, 'Lift Gemeente');
    const gone = await insertLift(t.database.db, org.client, 'Lift Gesloopt');
    await t.database.db.update(lifts).set({ decommissionedOn: '2026-01-01' }).where(eq(lifts.id, gone));
    const res = await get('/organisation?limit=1000', 'test-onderhoud');
    const items = res.json<{ data: { items: { id: number; liftCount: number }[] } }>().data.items;
    expect(Object.fromEntries(items.map((o) => [o.id, o.liftCount]))).toEqual({
      [org.owner]: 0,
      [org.client]: 1,
      [org.maintenance]: 0,
    });
  });

  it('GET /organisation lists only the own organisation for an ordinary owner user', async () => {
    const res = await get('/organisation?limit=1000', 'test-user');
    expect(res.json<{ data: { items: { id: number }[] } }>().data.items.map((o) => o.id)).toEqual([
      t.fixtures.org.owner,
    ]);
  });

  it('paginates', async () => {
    const res = await get('/organisation?limit=2&offset=2', 'test-onderhoud');
    const body = res.json<{ data: { items: unknown[]; total: number } }>();
    expect(body.data.items).toHaveLength(1);
    expect(body.data.total).toBe(3);
  });

  it('answers 404 for another organisation and 200 for a granted one', async () => {
    expect((await get(`/organisation/${String(t.fixtures.org.stranger)}`, 'test-onderhoud')).statusCode).toBe(404);
    expect((await get(`/organisation/${String(t.fixtures.org.client)}`, 'test-onderhoud')).statusCode).toBe(200);
    const res = await get(`/organisation/${String(t.fixtures.org.client)}`, 'test-user');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it('refuses organisation lists to a monteur (403) but gives its own organisation', async () => {
    const res = await get('/organisation?limit=1000', 'test-monteur');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await get('/user/organisation', 'test-monteur')).statusCode).toBe(200);
  });

  it('rejects a bad limit naming the field', async () => {
    const res = await get('/organisation?limit=0', 'test-user');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field: 'limit' } });
  });
});
