// Two app instances on one real Redis (REDIS_URL) count against the same abuse limits, so adding a
// node does not add guesses; with Redis gone each answers as before, counting in its own memory.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturePassword } from '../../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { findBinary, startRedis, type RunningService } from '../realtime/test-services.ts';

// Redis does not care which database the apps use: run once, in the PGlite project.
const thisProject = process.env.LIFTWACHT_TEST_DB === 'pglite';
const hasRedis = findBinary('redis-server') !== null;
if (thisProject && !hasRedis)
  console.warn('shared abuse limits test skipped: needs redis-server (apt-get install -y redis-server)');

describe.skipIf(!thisProject || !hasRedis)('abuse limits shared through Redis', () => {
  let redis: RunningService;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    const env = {
      REDIS_URL: redis.url,
      LOGIN_RATE_LIMIT_PER_USERNAME: '4',
      LOGIN_RATE_LIMIT_PER_IP: '10',
      LOGIN_SLOWDOWN_MAX_MS: '0',
      PASSWORD_RESET_RATE_LIMIT_PER_EMAIL: '2',
    };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    await redis.stop();
  });

  const post = (t: TestApp, url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: `/liftwacht${url}`, payload, remoteAddress });
  const login = (t: TestApp, username: string, password: string, remoteAddress: string) =>
    post(t, '/auth', { username, password }, remoteAddress);

  it('shares the (username, address) limit between the nodes', async () => {
    const address = '198.51.100.1';
    const codes = [];
    for (const t of [a, b, a, b]) codes.push((await login(t, 'test-user', 'wrong-guess', address)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401]);
    expect((await login(a, 'test-user', fixturePassword, address)).statusCode).toBe(429);
    expect((await login(b, 'test-user', fixturePassword, address)).statusCode).toBe(429);
    // Elsewhere the user still logs in, on either node.
    expect((await login(b, 'test-user', fixturePassword, '198.51.100.2')).statusCode).toBe(200);
  });

  it('shares the per-address limit between the nodes', async () => {
    const address = '198.51.100.3';
    for (let i = 0; i < 10; i++) {
      expect((await login(i % 2 ? a : b, `nobody-${String(i)}`, 'x-x-x-x', address)).statusCode).toBe(401);
    }
    expect((await login(a, 'test-admin', fixturePassword, address)).statusCode).toBe(429);
    expect((await login(b, 'test-admin', fixturePassword, address)).statusCode).toBe(429);
  });

  it('shares the per-email reset limit between the nodes: two mails in all', async () => {
    const before = a.outbox().length + b.outbox().length;
    for (const [i, t] of [a, b, a, b].entries()) {
      const res = await post(
        t,
        '/password-reset/request',
        { email: 'test-monteur@example.test' },
        `198.51.100.${String(10 + i)}`,
      );
      expect(res.statusCode).toBe(200);
    }
    await Promise.all([a.app.tasks.idle(), b.app.tasks.idle()]);
    expect(a.outbox().length + b.outbox().length - before).toBe(2);
  });

  it('keeps answering when Redis is gone, limiting per node', async () => {
    await redis.stop();
    const address = '198.51.100.20';
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await login(a, 'test-client', 'wrong-guess', address)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    expect((await login(b, 'test-client', fixturePassword, address)).statusCode).toBe(200);
    const reset = await post(b, '/password-reset/request', { email: 'test-client@example.test' }, address);
    expect(reset.statusCode).toBe(200);
  });
});
