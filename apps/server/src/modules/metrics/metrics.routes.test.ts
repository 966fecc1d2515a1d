import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSocket, type ClientSocket } from '../../test-support/socket-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertLiftWithModule, moduleMessage, send } from '../ingest/ingest-test-support.ts';

const metricsToken = 'metrics-test-token-0123456789';

/** The value of one sample line of the text format, e.g. `name{label="x"} 3`; undefined if absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (.+)$/.exec(line);
    if (match?.[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((w) => present.includes(w))) return Number(match[3]);
  }
  return undefined;
}

describe('GET /liftwacht/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 404, whatever the caller sends', async () => {
    for (const headers of [{}, { authorization: `Bearer ${metricsToken}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/liftwacht/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(t.app.metrics.enabled).toBe(false);
  });
});

describe('GET /liftwacht/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(res.statusCode).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: metricsToken });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without a bearer token and 403 to a wrong one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/liftwacht/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const basic = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/metrics',
      headers: { authorization: `Basic ${Buffer.from(`x:${metricsToken}`).toString('base64')}` },
    });
    expect(basic.statusCode).toBe(401);
    for (const wrong of [`${metricsToken}x`, metricsToken.slice(1), 'short']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/liftwacht/metrics',
        headers: { authorization: `Bearer ${wrong}` },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    // A user's session token is no metrics token either.
    const session = await t.login('test-user');
    const res = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/metrics',
      headers: { authorization: `Bearer ${session}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers the Prometheus text format with every named metric family', async () => {
    const res = await scrape();
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const family of [
      'liftwacht_http_request_duration_seconds',
      'liftwacht_ingest_messages_received_total',
      'liftwacht_ingest_messages_rejected_total',
      'liftwacht_ingest_batch_size',
      'liftwacht_ingest_lag_seconds',
      'liftwacht_socketio_sockets',
      'liftwacht_db_pool_connections',
      'liftwacht_mail_queue_depth',
      'nodejs_eventloop_lag_seconds',
      'process_cpu_seconds_total',
    ]) {
      expect(res.body, family).toContain(`# TYPE ${family} `);
    }
    expect(sample(res.body, 'liftwacht_socketio_sockets')).toBe(0);
    expect(sample(res.body, 'liftwacht_mail_queue_depth')).toBe(0);
    const kind = t.database.kind;
    expect(sample(res.body, 'liftwacht_db_pool_connections', { kind, state: 'total' })).toBeGreaterThanOrEqual(1);
  });

  it('times an authenticated GET /lift under its route pattern, not its URL', async () => {
    const token = await t.login('test-user');
    const lift = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/lift?limit=20&offset=0',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(lift.statusCode).toBe(200);
    const detail = await t.app.inject({
      method: 'GET',
      url: '/liftwacht/lift/987654321',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.statusCode).toBe(404);
    await t.app.inject({ method: 'GET', url: '/liftwacht/no-such-route-xyz' });

    const { body } = await scrape();
    const count = (route: string, statusClass: string) =>
      sample(body, 'liftwacht_http_request_duration_seconds_count', {
        route,
        method: 'GET',
        status_class: statusClass,
      });
    expect(count('/liftwacht/lift', '2xx')).toBeGreaterThanOrEqual(1);
    expect(count('/liftwacht/lift/:id', '4xx')).toBeGreaterThanOrEqual(1);
    expect(count('unmatched', '4xx')).toBeGreaterThanOrEqual(1);
    expect(body).not.toContain('987654321');
    expect(body).not.toContain('no-such-route-xyz');
  });

  it('counts the Socket.IO sockets connected to this node', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
    const sockets: ClientSocket[] = [];
    try {
      await openSocket(url, await t.login('test-user'), sockets);
      await openSocket(url, await t.login('test-admin'), sockets);
      expect(sample((await scrape()).body, 'liftwacht_socketio_sockets')).toBe(2);
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });

  it('counts ingested and rejected messages, batch sizes and their lag', async () => {
    const before = (await scrape()).body;
    const lift = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
    const at = new Date(t.clock.now().getTime() - 60_000);
    const outcomes = await send(t.app, lift.es, moduleMessage(at, { floor: 1 }), moduleMessage(at, { floor: 2 }));
    expect(outcomes.map((o) => o.status)).toEqual(['accepted', 'accepted']);
    await t.app.ingest.pipeline.submitMqtt(`liftwacht/modules/${lift.es}/module`, Buffer.from('{not json'));

    const after = (await scrape()).body;
    const moved = (name: string, labels: Record<string, string> = {}) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(moved('liftwacht_ingest_messages_received_total')).toBe(3);
    expect(moved('liftwacht_ingest_messages_rejected_total', { reason: 'invalid' })).toBe(1);
    expect(moved('liftwacht_ingest_batch_size_sum')).toBe(2);
    expect(moved('liftwacht_ingest_lag_seconds_count')).toBe(2);
  });
});
