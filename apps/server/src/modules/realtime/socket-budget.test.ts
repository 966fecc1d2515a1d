// Issue 42, "Sockets have budgets": one socket's flood is refused without the database, its
// sender disconnected, /health keeps answering, and a user opens a bounded number of sockets.
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSocket, refusedSocket, type ClientSocket } from '../../test-support/socket-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { insertLiftWithModule, type TestLift } from '../ingest/ingest-test-support.ts';
import { SocketBudget, type SocketBudgetOptions } from './socket-budget.ts';

describe('SocketBudget', () => {
  const options: SocketBudgetOptions = {
    ratePerSecond: 20,
    burst: 40,
    maxInFlight: 4,
    refusalsBeforeDisconnect: 5,
    refusalWindowMs: 10_000,
  };

  it('grants a burst, then earns tokens back at its rate, per family', () => {
    let now = 0;
    const budget = new SocketBudget({ ...options, maxInFlight: 1000, refusalsBeforeDisconnect: 1000 }, () => now);
    const granted = () => Array.from({ length: 100 }, () => budget.take('read')).filter((v) => v === 'granted');
    expect(granted()).toHaveLength(40);
    // Another family has its own bucket.
    expect(budget.take('listen')).toBe('granted');
    now += 500; // half a second: 10 tokens
    expect(granted()).toHaveLength(10);
    now += 60_000; // never more than the burst saved up
    expect(granted()).toHaveLength(40);
  });

  it('bounds the requests in flight until they are done', () => {
    const budget = new SocketBudget(options, () => 0);
    for (let i = 0; i < 4; i++) expect(budget.take('read')).toBe('granted');
    expect(budget.take('listen')).toBe('refused');
    budget.done();
    expect(budget.take('listen')).toBe('granted');
  });

  it('names the offender once after too many refusals in the window, and forgets an old window', () => {
    let now = 0;
    const budget = new SocketBudget({ ...options, maxInFlight: 0 }, () => now);
    expect(Array.from({ length: 4 }, () => budget.take('read'))).toEqual(Array(4).fill('refused'));
    now += 10_001; // a new window: the four before no longer count
    expect(Array.from({ length: 7 }, () => budget.take('read'))).toEqual([
      'refused',
      'refused',
      'refused',
      'refused',
      'offender',
      'refused',
      'refused',
    ]);
  });
});

describe('socket budgets on a running server', () => {
  let t: TestApp;
  let url: string;
  let lift: TestLift;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    // The defaults (20/s, burst 40, 4 in flight), and a small per-user cap to reach in a test.
    t = await createTestApp({ SOCKETS_PER_USER: '3' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
    lift = await insertLiftWithModule(t.database.db, t.fixtures.org.owner);
  });
  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    // Each test starts with no socket counted against its users' caps.
    await vi.waitFor(() => expect(t.app.io.of('/').sockets.size).toBe(0));
  });
  afterAll(() => t.close());

  async function liftToken(userToken: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/liftwacht/auth/sense-liftwacht',
      headers: { authorization: `Bearer ${userToken}` },
      payload: { identifier: `liftwacht-${String(lift.liftId)}`, identifierType: 'ext' },
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ data: { accessToken: string } }>().data.accessToken;
  }

  // The floods of the bug report: 4,000 getModuleStatus stopped /health for seconds, 2,000
  // getSensorData 3.9 s, 10,000 listen/unlisten about 1 s.
  it.each([
    ['getModuleStatus', 2000],
    ['getSensorData', 2000],
    ['listen', 10_000],
  ] as const)(
    'answers a flood of %s (%i, not waiting) beyond the budget with rate_limited, disconnects it, and /health stays quick',
    async (event, count) => {
      const monteur = await t.login('test-monteur');
      const flooder = await openSocket(url, await liftToken(monteur), sockets);
      const polite = await openSocket(url, await liftToken(monteur), sockets);
      const disconnected = new Promise<string>((resolve) => flooder.once('disconnect', resolve));

      const acks: unknown[] = [];
      for (let i = 0; i < count; i++) {
        const name = event === 'listen' && i % 2 === 1 ? 'unlisten' : event;
        flooder.emit(name, { es_number: lift.es }, (ack: unknown) => acks.push(ack));
      }

      // During the flood: a real HTTP request to /health, and a well-behaved page on its own socket.
      const started = performance.now();
      const health = await fetch(`${url}/liftwacht/health`);
      const healthMs = performance.now() - started;
      expect(health.status).toBe(200);
      expect(healthMs).toBeLessThan(1000);
      for (let i = 0; i < 5; i++) {
        expect(await polite.emitWithAck('getModuleStatus', { es_number: lift.es })).toMatchObject({
          data: { es_number: lift.es, liftId: lift.liftId },
        });
      }

      expect(await disconnected).toBe('io server disconnect');
      const answered = acks.filter((a) => typeof a === 'object' && a !== null && 'data' in a);
      const refused = acks.filter(
        (a) => (a as { error?: { code?: string } } | undefined)?.error?.code === 'rate_limited',
      );
      // Only answered requests reached the database: at most the requests in flight (4) before the
      // refusals began, the burst (40) at most; every other answer is a refusal, and the 100th refusal
      // closed the socket once the granted ones were answered. How many of the flood's emits were
      // refused before that close depends on how fast the database answers the granted ones (on
      // PostgreSQL all of them may be), so the count is not a bound.
      expect(answered.length).toBeGreaterThan(0);
      expect(answered.length).toBeLessThanOrEqual(40);
      expect(refused.length).toBeGreaterThanOrEqual(100);
      expect(answered.length + refused.length).toBe(acks.length);
      expect(acks.length).toBeLessThanOrEqual(count);
      // The polite socket still works after the flooder is gone.
      expect(polite.connected).toBe(true);
      expect(await polite.emitWithAck('listen', { es_number: lift.es })).toEqual({ data: { es_number: lift.es } });
    },
  );

  it('refuses a listen/unlisten burst beyond the bucket without closing a socket that stops', async () => {
    const socket = await openSocket(url, await liftToken(await t.login('test-monteur')), sockets);
    const acks = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        socket.emitWithAck(i % 2 === 0 ? 'listen' : 'unlisten', { es_number: lift.es }),
      ),
    );
    const codes = acks.map((a) => ('error' in a ? a.error.code : 'ok'));
    expect(codes.filter((c) => c === 'ok').length).toBeLessThanOrEqual(40);
    expect(codes.filter((c) => c === 'rate_limited').length).toBeGreaterThanOrEqual(20);
    expect(codes.every((c) => c === 'ok' || c === 'rate_limited')).toBe(true);
    // Fewer refusals than an offender's: the socket stays, and after a pause it is answered again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.connected).toBe(true);
    expect(await socket.emitWithAck('listen', { es_number: lift.es })).toEqual({ data: { es_number: lift.es } });
  });

  it('refuses a user’s socket beyond the cap with too_many_sockets, and takes one again after a close', async () => {
    const user = await t.login('test-user');
    const open = await Promise.all([
      openSocket(url, user, sockets),
      openSocket(url, await liftToken(user), sockets),
      openSocket(url, user, sockets),
    ]);
    expect(await refusedSocket(url, user, sockets)).toBe('too_many_sockets');
    // Another user is not counted against this one.
    await openSocket(url, await t.login('test-monteur'), sockets);

    open[0].disconnect();
    // The server frees the place when it sees the close; try until it has (within a second).
    const deadline = Date.now() + 1000;
    for (;;) {
      const again = await openSocket(url, user, sockets).then(
        () => 'connected',
        (err: unknown) => (err as { data?: { code?: string } }).data?.code,
      );
      if (again === 'connected') break;
      expect(again).toBe('too_many_sockets');
      if (Date.now() > deadline) throw new Error('the closed socket still counts');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
