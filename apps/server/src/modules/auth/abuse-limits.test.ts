// The hostile probe of issue 15, replayed against the real app: a forged X-Forwarded-For, a stranger
// trying to lock a user out, and a flood of password-reset requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePassword } from '../../test-support/fixtures.ts';
import { createTestApp, decodeQuotedPrintable, type TestApp } from '../../test-support/test-app.ts';
import { loginDelayMs } from './login-throttle.ts';

// The slowdown starts at the pair limit here, so only the attempts that matter wait.
const slowdown = { slowdownAfterFailures: 9, slowdownMaxMs: 1000 };

function client(t: TestApp) {
  return (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/liftwacht${url}`, payload, remoteAddress, headers });
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describe('without TRUST_PROXY (the default)', () => {
  let t: TestApp;
  let post: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({
      LOGIN_RATE_LIMIT_PER_IP: '30',
      LOGIN_SLOWDOWN_AFTER_FAILURES: String(slowdown.slowdownAfterFailures),
      LOGIN_SLOWDOWN_MAX_MS: String(slowdown.slowdownMaxMs),
      PASSWORD_RESET_RATE_LIMIT_PER_IP: '3',
      PASSWORD_RESET_RATE_LIMIT_PER_EMAIL: '2',
    });
    post = client(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const login = (username: string, password: string, address: string, headers: Record<string, string> = {}) =>
    post('/auth', { username, password }, address, headers);

  it('a forged X-Forwarded-For does not reset the per-address limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) {
      const forged = { 'x-forwarded-for': `198.18.${String(i)}.1` };
      codes.push((await login(`stranger-${String(i)}`, 'wrong-wrong', '198.51.100.7', forged)).statusCode);
    }
    expect(codes.slice(0, 30).every((code) => code === 401)).toBe(true);
    const limited = await login('test-user', fixturePassword, '198.51.100.7', { 'x-forwarded-for': '198.18.99.1' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a stranger failing from one address only slows the user down on another, and a good login lifts it', async () => {
    const stranger = '203.0.113.66';
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) codes.push((await login('test-user', `guess-${String(i)}`, stranger)).statusCode);
    // Ten failures for the pair (LOGIN_RATE_LIMIT_PER_USERNAME), then 429 for that pair.
    expect(codes).toEqual([...Array<number>(10).fill(401), 429, 429]);

    // The pair's 429s were refused before the password was checked: ten failures count.
    const delay = loginDelayMs(10, slowdown);
    expect(delay).toBe(500);
    const slowed = await timed(() => login('test-user', fixturePassword, '192.0.2.10'));
    expect(slowed.result.statusCode).toBe(200);
    expect(slowed.ms).toBeGreaterThanOrEqual(delay - 5);

    const lifted = await timed(() => login('test-user', fixturePassword, '192.0.2.11'));
    expect(lifted.result.statusCode).toBe(200);
    expect(lifted.ms).toBeLessThan(delay);
    // The stranger's own pair stays limited.
    expect((await login('test-user', fixturePassword, stranger)).statusCode).toBe(429);
  });

  it('a password reset lifts the slowdown and the limit of the address it was done from', async () => {
    const home = '192.0.2.20';
    for (let i = 0; i < 11; i++) await login('test-client', `forgotten-${String(i)}`, home);
    expect((await login('test-client', fixturePassword, home)).statusCode).toBe(429);

    const before = t.outbox().length;
    expect((await post('/password-reset/request', { email: 'test-client@example.test' }, home)).statusCode).toBe(200);
    await t.app.tasks.idle();
    const mail = decodeQuotedPrintable(t.outbox().slice(before)[0] ?? '');
    const token = /\/password-reset\/([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(token).toBeDefined();
    expect((await post('/password-reset', { token, password: 'Remembered-at-last' }, home)).statusCode).toBe(200);

    const next = await timed(() => login('test-client', 'Remembered-at-last', home));
    expect(next.result.statusCode).toBe(200);
    expect(next.ms).toBeLessThan(loginDelayMs(10, slowdown));
  });

  it('limits reset requests per email: the same 200, but no more mails', async () => {
    const before = t.outbox().length;
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await post('/password-reset/request', { email: 'Test-Monteur@example.test' }, `192.0.2.${String(30 + i)}`),
      );
    }
    await t.app.tasks.idle();
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((res) => res.body)).size).toBe(1);
    expect(t.outbox().slice(before)).toHaveLength(2);
  });

  it('limits reset requests per address with 429, whatever the email', async () => {
    const before = t.outbox().length;
    const address = '192.0.2.40';
    const emails = ['test-admin@example.test', 'test-onderhoud@example.test', 'nobody@example.test', 'x@example.test'];
    const codes = [];
    for (const email of emails) codes.push((await post('/password-reset/request', { email }, address)).statusCode);
    await t.app.tasks.idle();
    expect(codes).toEqual([200, 200, 200, 429]);
    expect(t.outbox().slice(before)).toHaveLength(2);
    const limited = await post('/password-reset/request', { email: 'test-admin@example.test' }, address);
    expect(limited.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('with TRUST_PROXY=1 (one reverse proxy in front)', () => {
  let t: TestApp;
  let post: ReturnType<typeof client>;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_SLOWDOWN_MAX_MS: '0' });
    post = client(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const proxy = '10.0.0.2';
  const via = (client: string) => ({ 'x-forwarded-for': client });

  it('counts each client address the proxy reports', async () => {
    const codes = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await post('/auth', { username: 'nobody', password: 'x-x-x-x' }, proxy, via(`198.18.0.${String(i)}`)))
          .statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 401]);
    for (let i = 0; i < 3; i++)
      await post('/auth', { username: 'nobody', password: 'x-x-x-x' }, proxy, via('198.18.1.1'));
    expect(
      (await post('/auth', { username: 'test-user', password: fixturePassword }, proxy, via('198.18.1.1'))).statusCode,
    ).toBe(429);
  });

  it('believes only the entry its proxy added, not one the client wrote before it', async () => {
    // The client wrote "203.0.113.1"; the proxy appended the address it saw.
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await post(
            '/auth',
            { username: 'nobody', password: 'x-x-x-x' },
            proxy,
            via(`203.0.113.${String(i)}, 198.18.2.1`),
          )
        ).statusCode,
      );
    }
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
