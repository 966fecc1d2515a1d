// The web build as the server sends it (issue 21): the brotli or gzip copy the client accepts,
// byte for byte the file once decoded, and cache headers by kind of file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { manualClock } from '../lib/clock.ts';
import { createTestDatabase } from '../test-support/test-database.ts';
import { createMailer } from './mail.ts';

const html = `<!doctype html><html lang="nl"><head><title>Liftwacht</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(60)}</head><body><div id="root"></div></body></html>`;
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "lift ${i}" }`).join(',')}];`;
const svg = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(80)}</svg>`;
const tiny = 'export const a = 1;';

let dataDir = '';
let app: FastifyInstance;
let database: Database;

/** A file and, as the build writes them, its brotli and gzip copies. */
function writeBuilt(distDir: string, file: string, content: string, compressed = true) {
  const target = path.join(distDir, file);
  writeFileSync(target, content);
  if (!compressed) return;
  writeFileSync(`${target}.br`, brotliCompressSync(content));
  writeFileSync(`${target}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'liftwacht-web-'));
  const distDir = path.join(dataDir, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  mkdirSync(path.join(distDir, '.vite'));
  writeBuilt(distDir, 'index.html', html);
  writeBuilt(distDir, 'assets/app-Dx1a2b3c.js', script);
  writeBuilt(distDir, 'assets/tiny-Ab12Cd34.js', tiny, false);
  writeBuilt(distDir, 'favicon.svg', svg);
  writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}');
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1:8080' });
  database = await createTestDatabase();
  const mailer = createMailer({ smtpUrl: undefined, outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom });
  app = await buildApp({
    config,
    database,
    clock: manualClock(new Date('2026-03-10T09:00:00Z')),
    mailer,
    logger: false,
    webDistDir: distDir,
  });
});

afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

/** The body as the browser reads it once it has undone the content-encoding. */
function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString('utf8');
}

const chrome = 'gzip, deflate, br, zstd';

describe('the web build: compressed at build time, chosen by Accept-Encoding', () => {
  it.each([
    [chrome, 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['deflate', undefined],
    ['identity', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %s gets %s, the same bytes once decoded', async (accept, encoding) => {
    const res = await get('/assets/app-Dx1a2b3c.js', accept);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(script);
    // Sent as built, not compressed a second time on the way out.
    if (encoding) expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    else expect(res.rawPayload.length).toBe(Buffer.byteLength(script));
  });

  it('a file the build left uncompressed goes out as it is, not compressed on the fly', async () => {
    const res = await get('/assets/tiny-Ab12Cd34.js', chrome);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(tiny);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the compressed copies and the build manifest have no URL of their own', async () => {
    for (const url of ['/assets/app-Dx1a2b3c.js.br', '/assets/app-Dx1a2b3c.js.gz', '/.vite/manifest.json']) {
      expect((await get(url, chrome)).statusCode, url).toBe(404);
    }
  });
});

describe('cache headers', () => {
  it('hashed assets are kept for a year, immutable, in every encoding', async () => {
    for (const accept of [chrome, 'gzip', undefined]) {
      const res = await get('/assets/app-Dx1a2b3c.js', accept);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
    }
  });

  it('index.html and the SPA fallback for client routes are asked again every time, compressed', async () => {
    for (const url of ['/', '/login', '/index.html', '/lifts/12', '/dashboard?period=week']) {
      for (const [accept, encoding] of [
        [chrome, 'br'],
        ['gzip', 'gzip'],
        [undefined, undefined],
      ] as const) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers.vary, url).toMatch(/accept-encoding/i);
        expect(decoded(res), url).toBe(html);
      }
    }
  });

  it('other files of public/ are kept for an hour', async () => {
    const res = await get('/favicon.svg', chrome);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(svg);
  });

  it('a missing asset and an unknown API path are JSON 404s, not the app shell', async () => {
    for (const url of ['/assets/gone-12345678.js', '/liftwacht/nothing-here']) {
      const res = await get(url, chrome);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});
