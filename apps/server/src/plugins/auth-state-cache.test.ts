// The principals and scopes each node keeps (issue 22, point 5): a request needs no database round
// trip to check its session, and every change to what they were read from — by this node, another
// node, the admin command line or a plain SQL statement — still ends access at once, through the
// database's change signal (migration 0020). On both databases.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { AuthStateCache } from './auth-state-cache.ts';

describe('AuthStateCache', () => {
  const live = () => {
    const sent: string[] = [];
    const cache = new AuthStateCache(async (payload) => {
      sent.push(payload);
      await Promise.resolve();
    });
    cache.handlers.onUp();
    return { cache, sent };
  };

  it('keeps an answer until a change signal, then looks it up again', async () => {
    const { cache } = live();
    const load = vi.fn(async () => Promise.resolve({ n: 1 }));
    await cache.get('session', 'a', load);
    await cache.get('session', 'a', load);
    expect(load).toHaveBeenCalledTimes(1);
    cache.handlers.onNotification('sessions');
    await cache.get('session', 'a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep an answer whose lookup began before a change signal', async () => {
    const { cache } = live();
    let finish: (value: { n: number }) => void = () => undefined;
    const slow = cache.get('session', 'a', () => new Promise<{ n: number }>((resolve) => (finish = resolve)));
    cache.handlers.onNotification('users');
    finish({ n: 1 });
    expect(await slow).toEqual({ n: 1 });
    const load = vi.fn(async () => Promise.resolve({ n: 2 }));
    expect(await cache.get('session', 'a', load)).toEqual({ n: 2 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing while the listener is down, and forgets everything when it is back', async () => {
    const { cache } = live();
    const load = vi.fn(async () => Promise.resolve({ n: 1 }));
    await cache.get('scope', 'x', load);
    cache.handlers.onDown();
    await cache.get('scope', 'x', load);
    await cache.get('scope', 'x', load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.handlers.onUp();
    await cache.get('scope', 'x', load);
    await cache.get('scope', 'x', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('looks an answer up again after its maximum age', async () => {
    let now = 0;
    const cache = new AuthStateCache(() => Promise.resolve(), { maxAgeMs: 1000, now: () => now });
    cache.handlers.onUp();
    const load = vi.fn(async () => Promise.resolve({ n: 1 }));
    await cache.get('session', 'a', load);
    now = 999;
    await cache.get('session', 'a', load);
    now = 1000;
    await cache.get('session', 'a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('sync() resolves when its own barrier comes back, and forgets everything when it does not', async () => {
    const { cache, sent } = live();
    const synced = cache.sync();
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toHaveLength(1);
    cache.handlers.onNotification(sent[0] ?? '');
    await synced;

    const silent = new AuthStateCache(() => Promise.resolve(), { syncTimeoutMs: 20 });
    silent.handlers.onUp();
    const load = vi.fn(async () => Promise.resolve({ n: 1 }));
    await silent.get('session', 'a', load);
    await silent.sync();
    await silent.get('session', 'a', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('sessions and scopes kept per node, on a real database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (path: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/liftwacht${path}`, headers: { authorization: `Bearer ${token}` } });

  it('checks a session in the database once, then answers from memory', async () => {
    const token = await t.login('test-user');
    expect((await get('/user', token)).statusCode).toBe(200);
    const { hits, misses } = t.app.authState.stats;
    expect((await get('/user', token)).json()).toMatchObject({ data: { username: 'test-user' } });
    expect((await get('/user', token)).statusCode).toBe(200);
    expect(t.app.authState.stats.misses).toBe(misses);
    expect(t.app.authState.stats.hits).toBe(hits + 2);
  });

  it('ends a session at logout at once', async () => {
    const token = await t.login('test-user');
    expect((await get('/user', token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.statusCode).toBe(200);
    const after = await get('/user', token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'session_revoked' } });
  });

  it('forgets a session that another process revoked in the database, without a request of its own', async () => {
    const token = await t.login('test-user');
    expect((await get('/user', token)).statusCode).toBe(200);
    // What another node or the admin command line does: plain SQL on the shared database.
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where user_id = ${t.fixtures.user.user.id} and revoked_at is null`,
    );
    // The signal arrives by itself (no barrier awaited here) ...
    await vi.waitFor(async () => expect((await get('/user', token)).statusCode).toBe(401), { timeout: 2000 });
  });

  it('sees roles and a disabled user changed by another process', async () => {
    const token = await t.login('test-client');
    expect((await get('/user', token)).json()).toMatchObject({ data: { roles: [{ name: 'client-light' }] } });
    await t.database.db.execute(sql`update user_roles set role_id = (select id from roles where name = 'user')
      where user_id = ${t.fixtures.user.clientLight.id}`);
    await t.app.authState.sync();
    expect((await get('/user', token)).json()).toMatchObject({ data: { roles: [{ name: 'user' }] } });

    await t.database.db.execute(sql`update users set disabled = true where id = ${t.fixtures.user.clientLight.id}`);
    await t.app.authState.sync();
    expect((await get('/user', token)).statusCode).toBe(401);
  });

  it('widens and narrows an organisation scope as grants change', async () => {
    const token = await t.login('test-user');
    const stranger = `/lift?organisationId=${String(t.fixtures.org.stranger)}&limit=1`;
    expect((await get(stranger, token)).statusCode).toBe(404);
    await t.database.db
      .execute(sql`insert into organisation_access (organisation_id, accessible_organisation_id, created_at)
      values (${t.fixtures.org.owner}, ${t.fixtures.org.stranger}, now())`);
    await t.app.authState.sync();
    expect((await get(stranger, token)).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from organisation_access where organisation_id = ${t.fixtures.org.owner}
      and accessible_organisation_id = ${t.fixtures.org.stranger}`);
    await t.app.authState.sync();
    expect((await get(stranger, token)).statusCode).toBe(404);
  });

  it.runIf(process.env.LIFTWACHT_TEST_DB === 'postgres')(
    'keeps nothing while its listening connection is cut, and listens again',
    async () => {
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      );
      await vi.waitFor(() => expect(t.app.authState.isLive).toBe(false), { timeout: 2000 });
      const token = await t.login('test-admin');
      const { hits } = t.app.authState.stats;
      expect((await get('/user', token)).statusCode).toBe(200);
      expect((await get('/user', token)).statusCode).toBe(200);
      expect(t.app.authState.stats.hits).toBe(hits);
      await vi.waitFor(() => expect(t.app.authState.isLive).toBe(true), { timeout: 5000 });
      await t.database.db.execute(
        sql`update sessions set revoked_at = now() where user_id = ${t.fixtures.user.admin.id}`,
      );
      await t.app.authState.sync();
      expect((await get('/user', token)).statusCode).toBe(401);
    },
  );
});
