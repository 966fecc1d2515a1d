// Profile self-service (issue 16): PATCH /user changes the user's own name, email and language;
// POST /user/password needs the current password and ends every other session and its sockets.
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { rowsOf } from '../../db/seed/query-rows.ts';
import { fixturePassword } from '../../test-support/fixtures.ts';
import { openSocket, type ClientSocket } from '../../test-support/socket-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { hashPassword } from './password.ts';

let t: TestApp;
let url: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_USERNAME: '3', LOGIN_SLOWDOWN_MAX_MS: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});
afterAll(() => t.close());

const send = (method: 'GET' | 'PATCH' | 'POST', path: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/liftwacht${path}`, headers: { authorization: `Bearer ${token}` }, payload });

const auditOf = async (userId: number, action: string) =>
  rowsOf<{ user_id: number | null; organisation_id: number; subject_id: string; before: unknown; after: unknown }>(
    await t.database.db.execute(
      sql`select user_id, organisation_id, subject_id, before, after from audit_log
          where subject_type = 'user' and subject_id = ${String(userId)} and action = ${action} order by id`,
    ),
  );

describe('PATCH /user', () => {
  it('changes name, email and language, answers the new profile and audits before and after', async () => {
    const token = await t.login('test-user');
    const res = await send('PATCH', '/user', token, {
      name: '  Pieter Bakker ',
      email: 'pieter@example.test',
      locale: 'en-GB',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: t.fixtures.user.user.id,
        username: 'test-user',
        name: 'Pieter Bakker',
        email: 'pieter@example.test',
        organisation_id: t.fixtures.org.owner,
        organisation_type: 'owner',
        locale: 'en-GB',
        roles: [{ name: 'user' }],
      },
    });
    expect((await send('GET', '/user', token)).json()).toMatchObject({
      data: { name: 'Pieter Bakker', locale: 'en-GB' },
    });
    const [row] = await t.database.db
      .select({ version: users.version })
      .from(users)
      .where(eq(users.id, t.fixtures.user.user.id));
    expect(row?.version).toBe(2);

    expect(await auditOf(t.fixtures.user.user.id, 'user.profile_updated')).toEqual([
      {
        user_id: t.fixtures.user.user.id,
        organisation_id: t.fixtures.org.owner,
        subject_id: String(t.fixtures.user.user.id),
        before: { name: 'Test user', email: 'test-user@example.test', locale: 'nl' },
        // A new address retires the open links; this user had none.
        after: { name: 'Pieter Bakker', email: 'pieter@example.test', locale: 'en-GB', retiredLinks: 0 },
      },
    ]);
  });

  it('changes only what is sent, and records nothing when nothing changes', async () => {
    const token = await t.login('test-client');
    const res = await send('PATCH', '/user', token, { locale: 'en-US' });
    expect(res.json()).toMatchObject({
      data: { name: 'Test clientLight', email: 'test-client@example.test', locale: 'en-US' },
    });
    expect((await send('PATCH', '/user', token, { locale: 'en-US' })).statusCode).toBe(200);
    expect(await auditOf(t.fixtures.user.clientLight.id, 'user.profile_updated')).toHaveLength(1);
  });

  it('names the offending field, and refuses fields it does not own (roles, username)', async () => {
    const token = await t.login('test-monteur');
    for (const [body, field] of [
      [{ email: 'geen-adres' }, 'email'],
      [{ name: '   ' }, 'name'],
      [{ locale: 'de' }, 'locale'],
    ] as const) {
      const res = await send('PATCH', '/user', token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field } });
    }
    for (const body of [{ roles: ['admin'] }, { username: 'someone-else' }]) {
      expect((await send('PATCH', '/user', token, body)).statusCode).toBe(400);
    }
  });

  it('refuses an email address another user has, in any spelling: 409 email_taken, nothing changed', async () => {
    const token = await t.login('test-monteur');
    for (const email of ['test-admin@example.test', 'Test-Admin@EXAMPLE.test']) {
      const res = await send('PATCH', '/user', token, { email });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toMatchObject({ error: { code: 'email_taken', field: 'email' } });
    }
    expect((await send('GET', '/user', token)).json()).toMatchObject({ data: { email: 'test-monteur@example.test' } });
    // Its own address in another case is the user's to keep.
    expect((await send('PATCH', '/user', token, { email: 'Test-Monteur@example.test' })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'PATCH', url: '/liftwacht/user', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /user/password', () => {
  it('refuses a wrong current password with 400 wrong_password on currentPassword, then limits guessing', async () => {
    const token = await t.login('test-onderhoud');
    for (let i = 0; i < 3; i++) {
      const res = await send('POST', '/user/password', token, {
        currentPassword: 'not-my-password',
        newPassword: 'Nieuw-wachtwoord-1',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'wrong_password', message: 'The current password is not correct', field: 'currentPassword' },
      });
    }
    const limited = await send('POST', '/user/password', token, {
      currentPassword: fixturePassword,
      newPassword: 'Nieuw-wachtwoord-1',
    });
    expect(limited.statusCode).toBe(429);
    // Nothing changed: the old password still logs in.
    await t.login('test-onderhoud');
  });

  it('refuses a new password that is too short, naming newPassword', async () => {
    const token = await t.login('test-admin');
    const res = await send('POST', '/user/password', token, { currentPassword: fixturePassword, newPassword: 'kort' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field: 'newPassword' } });
  });

  it('sets the password, ends every other session and closes its sockets, keeps the current one', async () => {
    const current = await t.login('test-admin');
    const other = await t.login('test-admin');
    const currentSocket = await openSocket(url, current, sockets);
    const otherSocket = await openSocket(url, other, sockets);
    const closed = new Promise<string>((resolve) => otherSocket.once('disconnect', resolve));

    const res = await send('POST', '/user/password', current, {
      currentPassword: fixturePassword,
      newPassword: 'Nieuw-wachtwoord-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { ok: true } });

    expect(await closed).toBe('io server disconnect');
    expect((await send('GET', '/user', other)).statusCode).toBe(401);
    expect((await send('GET', '/user', current)).statusCode).toBe(200);
    expect(currentSocket.connected).toBe(true);

    const oldLogin = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth',
      payload: { username: 'test-admin', password: fixturePassword },
    });
    expect(oldLogin.statusCode).toBe(401);
    await t.login('test-admin', 'Nieuw-wachtwoord-1');

    const entries = await auditOf(t.fixtures.user.admin.id, 'user.password_changed');
    expect(entries).toEqual([
      {
        user_id: t.fixtures.user.admin.id,
        organisation_id: t.fixtures.org.owner,
        subject_id: String(t.fixtures.user.admin.id),
        before: null,
        // `other`, and the session of the test before.
        after: { otherSessionsEnded: 2 },
      },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/wachtwoord|Correct-horse|argon2/i);
  });
});

describe('login of users who may not log in', () => {
  it('answers an invited user (no password yet) and a disabled one exactly like a wrong password', async () => {
    const [invited] = await t.database.db
      .insert(users)
      .values({
        username: 'test-invited',
        email: 'invited@example.test',
        name: 'Invited',
        passwordHash: null,
        organisationId: t.fixtures.org.owner,
      })
      .returning({ id: users.id });
    await t.database.db.insert(users).values({
      username: 'test-disabled-login',
      email: 'disabled@example.test',
      name: 'Disabled',
      passwordHash: await hashPassword(fixturePassword),
      organisationId: t.fixtures.org.owner,
      disabled: true,
    });
    expect(invited).toBeDefined();
    const attempts = [
      { username: 'test-invited', password: fixturePassword },
      { username: 'test-invited', password: 'any-password-at-all' },
      { username: 'test-disabled-login', password: fixturePassword },
      { username: 'test-user', password: 'wrong-password' },
    ];
    for (const payload of attempts) {
      const res = await t.app.inject({ method: 'POST', url: '/liftwacht/auth', payload, remoteAddress: '192.0.2.80' });
      expect(res.statusCode, payload.username).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Login failed, check username and password' },
      });
    }
  });
});
