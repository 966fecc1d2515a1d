import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { findBinary, startRedis, type RunningService } from '../realtime/test-services.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MQTT_PORT: '0' });
  await t.app.mqtt.start();
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const rootVersion = (
  JSON.parse(readFileSync(new URL('../../../../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

describe('system', () => {
  it('GET /version returns the package version without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/liftwacht/version' });
    expect(res.json()).toEqual({ data: { version: rootVersion } });
  });

  it('health and ready answer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/liftwacht/health' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/liftwacht/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', mqtt: 'ok' } });
  });

  it('ready answers 503 naming the broker when MQTT is down', async () => {
    vi.spyOn(t.app.mqtt, 'connected', 'get').mockReturnValue(false);
    const ready = await t.app.inject({ method: 'GET', url: '/liftwacht/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', mqtt: 'failed' } });
  });

  it('ready answers 503 naming the database when it fails or does not answer in time', async () => {
    vi.spyOn(t.app.database, 'ping').mockRejectedValueOnce(new Error('connection refused'));
    const failed = await t.app.inject({ method: 'GET', url: '/liftwacht/ready' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ status: 'not_ready', checks: { database: 'failed', mqtt: 'ok' } });

    vi.spyOn(t.app.database, 'ping').mockReturnValueOnce(new Promise<void>(() => undefined));
    const started = Date.now();
    const hung = await t.app.inject({ method: 'GET', url: '/liftwacht/ready' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(hung.statusCode).toBe(503);
    expect(hung.json<{ checks: Record<string, string> }>().checks.database).toBe('failed');
  });

  it('unknown API routes answer the error envelope with 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/liftwacht/no-such-thing?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /liftwacht/no-such-thing' } });
  });

  it('publishes OpenAPI generated from the contracts, and a docs page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/liftwacht/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/liftwacht/auth', '/liftwacht/user', '/liftwacht/organisation', '/liftwacht/version']),
    );
    expect(JSON.stringify(doc.paths['/liftwacht/auth']?.post?.requestBody)).toContain('password');
    const docs = await t.app.inject({ method: 'GET', url: '/liftwacht/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });
});

describe.skipIf(findBinary('redis-server') === null)('ready with REDIS_URL', () => {
  let redis: RunningService | undefined;
  let withRedis: TestApp | undefined;
  beforeAll(async () => {
    redis = await startRedis();
    withRedis = await createTestApp({ MQTT_PORT: '0', REDIS_URL: redis.url });
    await withRedis.app.mqtt.start();
  });
  afterAll(async () => {
    await redis?.stop();
    await withRedis?.close();
  });

  it('checks Redis too, and answers 503 naming it, quickly, once Redis is gone', async () => {
    const app = withRedis?.app;
    if (!app) throw new Error('no app');
    const ready = await app.inject({ method: 'GET', url: '/liftwacht/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', mqtt: 'ok', redis: 'ok' } });

    await redis?.stop();
    redis = undefined;
    const started = Date.now();
    const down = await app.inject({ method: 'GET', url: '/liftwacht/ready' });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'not_ready', checks: { database: 'ok', mqtt: 'ok', redis: 'failed' } });
  });
});
