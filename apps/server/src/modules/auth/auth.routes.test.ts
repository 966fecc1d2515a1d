import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, decodeQuotedPrintable, type TestApp } from '../../test-support/test-app.ts';
import { fixturePassword } from '../../test-support/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_RATE_LIMIT_PER_USERNAME: '3',
    LOGIN_RATE_LIMIT_PER_IP: '40',
    LOGIN_SLOWDOWN_MAX_MS: '0',
  });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: `/liftwacht${url}`, payload: payload as object, remoteAddress });
const get = (url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/liftwacht${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('POST /auth', () => {
  it('returns an access token and its lifetime for good credentials', async () => {
    const res = await post('/auth', { username: 'test-user', password: fixturePassword });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ data: { accessToken: string; expiresIn: number } }>();
    expect(body.data.expiresIn).toBe(8 * 3600);
    expect(body.data.accessToken.split('.')).toHaveLength(3);
  });

  it('accepts the username in any case', async () => {
    const res = await post('/auth', { username: 'TEST-User', password: fixturePassword });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 invalid_credentials for a wrong password and for an unknown user alike', async () => {
    const wrong = await post('/auth', { username: 'test-admin', password: 'nope-nope' });
    const unknown = await post('/auth', { username: 'nobody-here', password: 'nope-nope' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: 'invalid_credentials', message: 'Login failed, check username and password' },
      });
    }
  });

  it('names the missing field', async () => {
    const res = await post('/auth', { username: 'test-user' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field: 'password' } });
  });

  it('rejects malformed JSON with 400 malformed_json', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "x", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'malformed_json' } });
  });

  it('rate limits failed attempts per username and address with 429 and Retry-After, then lets the user in again later', async () => {
    // Abuse limits count on real time (they may live in Redis), so the window passes on Date, not t.clock.
    for (let i = 0; i < 3; i++) {
      expect((await post('/auth', { username: 'test-monteur', password: 'wrong-guess' })).statusCode).toBe(401);
    }
    const limited = await post('/auth', { username: 'test-monteur', password: fixturePassword });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another username from the same address is not affected, nor this one from another address.
    expect((await post('/auth', { username: 'test-admin', password: fixturePassword })).statusCode).toBe(200);
    expect(
      (await post('/auth', { username: 'test-monteur', password: fixturePassword }, '192.0.2.44')).statusCode,
    ).toBe(200);
    vi.setSystemTime(Date.now() + 15 * 60 * 1000 + 1000);
    try {
      expect((await post('/auth', { username: 'test-monteur', password: fixturePassword })).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts every spelling of one username on one counter, and no spelling logs in as somebody else', async () => {
    // Dotted capital I, fullwidth forms and case all reach test-admin; failures under any of them count together.
    const from = '192.0.2.61';
    for (const spelling of ['test-admİn', 'ｔｅｓｔ-ａｄｍｉｎ', 'TEST-ADMIN']) {
      expect((await post('/auth', { username: spelling, password: 'wrong-guess' }, from)).statusCode).toBe(401);
    }
    expect((await post('/auth', { username: 'test-admin', password: fixturePassword }, from)).statusCode).toBe(429);
    // From another address the dotted spelling is test-admin itself, not a separate account.
    const login = await post('/auth', { username: 'TEST-ADMİN', password: fixturePassword }, '192.0.2.62');
    expect(login.statusCode).toBe(200);
    const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
    expect((await get('/user', token)).json()).toMatchObject({ data: { username: 'test-admin' } });
    // Look-alikes that are other letters are no spelling of test-admin: no such user.
    for (const lookAlike of ['test-аdmin', 'test-admın']) {
      expect((await post('/auth', { username: lookAlike, password: fixturePassword }, '192.0.2.63')).statusCode).toBe(
        401,
      );
    }
  });

  it('rate limits all attempts per IP address', async () => {
    let last = 0;
    for (let i = 0; i < 41; i++) {
      last = (await post('/auth', { username: `nobody-${String(i)}`, password: 'x-x-x-x-x' }, '203.0.113.9'))
        .statusCode;
    }
    expect(last).toBe(429);
    // Good credentials from that address wait too; other addresses do not.
    expect((await post('/auth', { username: 'test-user', password: fixturePassword }, '203.0.113.9')).statusCode).toBe(
      429,
    );
    expect((await post('/auth', { username: 'test-user', password: fixturePassword })).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('GET /user returns the profile with roles', async () => {
    const token = await t.login('test-client');
    const res = await get('/user', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: t.fixtures.user.clientLight.id,
        username: 'test-client',
        name: 'Test clientLight',
        email: 'test-client@example.test',
        organisation_id: t.fixtures.org.owner,
        organisation_type: 'owner',
        locale: 'nl',
        roles: [{ name: 'client-light' }],
      },
    });
  });

  it('answers 401 without a token, with a forged token, and after expiry', async () => {
    expect((await get('/user')).json()).toMatchObject({ error: { code: 'unauthorized' } });
    const token = await t.login('test-user');
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect((await get('/user', forged)).statusCode).toBe(401);
    t.clock.advance(8 * 3600 * 1000 + 1000);
    const expired = await get('/user', token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ error: { code: 'token_expired' } });
  });

  it('logout revokes the token but not the user’s other sessions', async () => {
    const first = await t.login('test-user');
    const second = await t.login('test-user');
    const out = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth/logout',
      headers: { authorization: `Bearer ${first}` },
    });
    expect(out.statusCode).toBe(200);
    const after = await get('/user', first);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: { code: 'session_revoked' } });
    expect((await get('/user', second)).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const linkIn = (mail: string) =>
    /https:\/\/portal\.test\/password-reset\/([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(mail))?.[1];

  it('answers the same 200 for a known and an unknown address, and mails only the known one', async () => {
    const before = t.outbox().length;
    const known = await post('/password-reset/request', { email: 'TEST-ADMIN@example.test' });
    const unknown = await post('/password-reset/request', { email: 'nobody@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await t.app.tasks.idle();
    const mails = t.outbox().slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: test-admin@example.test');
    expect(decodeQuotedPrintable(mails[0] ?? '')).toContain('De link is 30 minuten geldig');
  });

  it('mails English users in English', async () => {
    const before = t.outbox().length;
    await post('/password-reset/request', { email: 'test-onderhoud@example.test' });
    await t.app.tasks.idle();
    const mail = decodeQuotedPrintable(t.outbox().slice(before)[0] ?? '');
    expect(mail).toContain('Subject: Set a new password for Liftwacht');
    expect(mail).toContain('valid for 30 minutes');
  });

  it('rejects a request without a valid email address', async () => {
    const res = await post('/password-reset/request', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_failed', field: 'email' } });
  });

  it('sets a new password once, revokes sessions, and refuses reuse', async () => {
    const session = await t.login('test-admin');
    const before = t.outbox().length;
    await post('/password-reset/request', { email: 'test-admin@example.test' });
    await t.app.tasks.idle();
    const token = linkIn(t.outbox().slice(before)[0] ?? '');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url

    const short = await post('/password-reset', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ error: { field: 'password' } });

    const ok = await post('/password-reset', { token, password: 'A-brand-new-secret' });
    expect(ok.statusCode).toBe(200);
    expect((await get('/user', session)).statusCode).toBe(401);
    await expect(t.login('test-admin', 'A-brand-new-secret')).resolves.toBeTruthy();
    expect((await post('/auth', { username: 'test-admin', password: fixturePassword })).statusCode).toBe(401);
    // Audited in the reset's transaction, with how it was set and never the password.
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.password_set'), eq(auditLog.subjectId, String(t.fixtures.user.admin.id))));
    expect(entry).toMatchObject({ organisationId: t.fixtures.org.owner, after: { via: 'reset link' } });
    expect(JSON.stringify(entry)).not.toContain('A-brand-new-secret');

    const reused = await post('/password-reset', { token, password: 'Another-new-secret' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: { code: 'reset_token_used', field: 'token' } });
  });

  it('refuses an unknown token and an expired one', async () => {
    const unknown = await post('/password-reset', { token: 'x'.repeat(43), password: 'Long-enough-1' });
    expect(unknown.json()).toMatchObject({ error: { code: 'reset_token_invalid' } });

    const before = t.outbox().length;
    await post('/password-reset/request', { email: 'test-user@example.test' });
    await t.app.tasks.idle();
    const token = linkIn(t.outbox().slice(before)[0] ?? '');
    t.clock.advance(30 * 60 * 1000 + 1);
    const expired = await post('/password-reset', { token, password: 'Long-enough-1' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ error: { code: 'reset_token_expired' } });
  });
});
