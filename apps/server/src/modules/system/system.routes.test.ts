import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
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
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok' } });
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
