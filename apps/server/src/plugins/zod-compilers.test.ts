// The routes' zod schemas validate and serialize without Fastify's default compilers ever being
// loaded (they cost a large part of a restart), and a request that breaks a schema still answers
// 400 with the field and the reason.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';

const requireFromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('zod compilers', () => {
  it('never loads ajv or fast-json-stringify', async () => {
    await t.app.ready();
    const loaded = Object.keys(requireFromFastify.cache);
    // The check itself must see Fastify's own modules, or it would pass for the wrong reason.
    expect(loaded.some((file) => file.includes('/node_modules/fastify/'))).toBe(true);
    // Fastify itself keeps fast-json-stringify's small runtime (lib/) for its error replies.
    expect(
      loaded.filter((file) => /\/ajv\/|ajv-compiler|stringify-compiler|fast-json-stringify\/index/.test(file)),
    ).toEqual([]);
  });

  it('validates a request body with its zod schema', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/liftwacht/auth', payload: { username: 42 } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('username');
  });

  it('serializes a response with its zod schema', async () => {
    const token = await t.login('test-user');
    const res = await t.app.inject({ url: '/liftwacht/user', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { email: 'test-user@example.test' } });
  });
});
