// API answers compressed on the way out (issue 21): JSON from 1 KB, brotli before gzip, CSV
// exports streamed through the compressor, XLSX (a zip already) as it is.
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { eventTypes } from '@liftwacht/contracts/event-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../db/schema.ts';
import { csvRecords, xlsxRows } from '../test-support/export-files.ts';
import { insertFourLifts } from '../test-support/fixtures.ts';
import { createTestApp, type TestApp } from '../test-support/test-app.ts';
import { compressionThresholdBytes } from './compression.ts';

let t: TestApp;
let token = '';
let owner = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = t.fixtures.org.owner;
  const lift = await insertFourLifts(t.database.db, t.fixtures.org);
  const base = Date.parse('2026-02-01T00:00:00Z');
  await t.database.db.insert(events).values(
    Array.from({ length: 300 }, (_, i) => ({
      liftId: i % 2 === 0 ? lift.noord : lift.zuid,
      type: eventTypes[i % eventTypes.length] ?? 'unavailable',
      startedAt: new Date(base + i * 37 * 60_000),
      endedAt: new Date(base + i * 37 * 60_000 + 90_000),
      closed: true,
    })),
  );
  token = await t.login('test-user');
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
    },
  });

/** The body once the content-encoding is undone, as a browser or curl --compressed reads it. */
function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

const chrome = 'gzip, deflate, br, zstd';
const eventList = () => `/liftwacht/events?organisationId=${owner}&showClosed=true&limit=100`;

describe('API compression', () => {
  it.each([
    [chrome, 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.2', 'gzip'],
    ['zstd, deflate', undefined],
    [undefined, undefined],
  ])('a JSON answer over 1 KB, Accept-Encoding %s: %s, the same JSON once decoded', async (accept, encoding) => {
    const plain = await get(eventList());
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(compressionThresholdBytes);

    const res = await get(eventList(), accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(decoded(res)).toEqual(plain.rawPayload);
    if (encoding) {
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    }
  });

  it('a JSON answer under 1 KB goes out as it is', async () => {
    const res = await get('/liftwacht/health', chrome);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(compressionThresholdBytes);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('errors are compressed or not by the same rule, and stay readable', async () => {
    const res = await get('/liftwacht/events?organisationId=nope', chrome);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(decoded(res).toString('utf8'))).toHaveProperty('error.code', 'validation_failed');
  });

  it('a CSV export still downloads: brotli-compressed while it streams, the same file once decoded', async () => {
    const url = `/liftwacht/events/export?organisationId=${owner}&showClosed=true&format=csv`;
    const plain = await get(url);
    const rows = csvRecords(plain, ';');
    expect(rows.length).toBe(301);

    const res = await get(url, chrome);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-disposition']).toBe(plain.headers['content-disposition']);
    expect(res.headers['cache-control']).toBe('private, no-store');
    // Streamed: no length known in advance.
    expect(res.headers['content-length']).toBeUndefined();
    expect(decoded(res)).toEqual(plain.rawPayload);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
  });

  it('an XLSX export (a zip) is sent as it is, whatever the client accepts', async () => {
    const res = await get(`/liftwacht/events/export?organisationId=${owner}&showClosed=true&format=xlsx`, chrome);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const rows = await xlsxRows(res, 8);
    expect(rows.length).toBe(301);
  });

  it('request bodies are not inflated: a gzip-encoded body is a client error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'test-user', password: 'x'.repeat(12) })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'malformed_json' } });
  });
});
