// One attempt against receivers on 127.0.0.1 that misbehave: silent, or slow after their headers.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook } from './webhook-sender.ts';

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/silent') return; // never answers
    if (req.url === '/trickle') {
      res.writeHead(200);
      res.write('a');
      return; // the body never ends
    }
    res.writeHead(418).end('x'.repeat(5000));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ({ port } = server.address() as AddressInfo);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const target = (path: string) => ({
  url: new URL(`http://receiver.test:${String(port)}${path}`),
  address: { address: '127.0.0.1', family: 4 as const },
});

describe('one webhook attempt', () => {
  it('gives up on a receiver that does not answer within the limit', async () => {
    const attempt = await postWebhook(target('/silent'), {}, '{}', 200);
    expect(attempt).toMatchObject({ status: null, error: 'no answer within 0.2 s' });
    expect(attempt.ms).toBeGreaterThanOrEqual(150);
  });

  it('counts the status that came when the body is still trickling in at the limit', async () => {
    expect(await postWebhook(target('/trickle'), {}, '{}', 200)).toMatchObject({ status: 200, error: null });
  });

  it('connects to the checked address, whatever the name, and keeps only an excerpt of the answer', async () => {
    const attempt = await postWebhook(target('/teapot'), {}, '{}', 2000);
    expect(attempt.status).toBe(418);
    expect(attempt.error?.startsWith('HTTP 418: xxx')).toBe(true);
    expect(attempt.error?.length).toBeLessThan(600);
  });
});
