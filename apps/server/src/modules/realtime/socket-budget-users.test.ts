// SOCKETS_PER_USER across nodes: two app instances on one real Redis count one user's sockets
// together; the sockets of a node that is gone stop counting once their lease runs out; without
// Redis (or while it is down) each node counts its own.
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openSocket, refusedSocket, type ClientSocket } from '../../test-support/socket-client.ts';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { memoryUserSockets, redisUserSockets, type UserSocketCounter } from './socket-budget-users.ts';
import { findBinary, startRedis, type RunningService } from './test-services.ts';

// Redis does not care which database the apps use: run once, in the PGlite project.
const thisProject = process.env.LIFTWACHT_TEST_DB === 'pglite';
const hasRedis = findBinary('redis-server') !== null;
if (thisProject && !hasRedis) console.warn('shared socket cap test skipped: needs redis-server');

const log = pino({ level: 'silent' });

describe('sockets per user in memory', () => {
  it('counts one node’s sockets, and gives a place back once', async () => {
    const counter = memoryUserSockets();
    expect(await counter.claim(1, 'a', 2)).toBe(true);
    expect(await counter.claim(1, 'b', 2)).toBe(true);
    expect(await counter.claim(1, 'c', 2)).toBe(false);
    expect(await counter.claim(2, 'd', 2)).toBe(true);
    counter.release(1, 'a');
    counter.release(1, 'a');
    expect(await counter.claim(1, 'c', 2)).toBe(true);
    expect(await counter.claim(1, 'e', 2)).toBe(false);
  });
});

describe.skipIf(!thisProject || !hasRedis)('sockets per user shared through Redis', () => {
  let redis: RunningService;
  const counters: UserSocketCounter[] = [];
  const counter = async (leaseMs?: number) => {
    const c = await redisUserSockets(redis.url, log, leaseMs);
    counters.push(c);
    return c;
  };
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterEach(async () => {
    for (const c of counters.splice(0)) await c.close();
  });
  afterAll(async () => {
    await redis.stop();
  });

  it('counts the sockets of every node against one cap, and a release frees a place for any node', async () => {
    const [a, b] = await Promise.all([counter(), counter()]);
    expect(await a.claim(10, 's1', 3)).toBe(true);
    expect(await b.claim(10, 's2', 3)).toBe(true);
    expect(await a.claim(10, 's3', 3)).toBe(true);
    expect(await b.claim(10, 's4', 3)).toBe(false);
    expect(await a.claim(10, 's5', 3)).toBe(false);
    // Two handshakes at once for the last place: exactly one gets it.
    a.release(10, 's1');
    await vi.waitFor(async () => expect(await new Redis(redis.url).zcard('liftwacht:sockets:10')).toBe(2));
    expect((await Promise.all([a.claim(10, 's6', 3), b.claim(10, 's7', 3)])).sort()).toEqual([false, true]);
  });

  it('stops counting the sockets of a node that went away without releasing them, after their lease', async () => {
    const direct = new Redis(redis.url);
    try {
      // A crashed node's two sockets: members whose lease (score) runs out in 300 ms, never refreshed.
      const [seconds, micros] = await direct.time();
      const until = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000) + 300;
      await direct.zadd('liftwacht:sockets:20', until, 'gone:x', until, 'gone:y');
      const b = await counter();
      expect(await b.claim(20, 'live-1', 2)).toBe(false);
      await sleep(1300);
      expect(await b.claim(20, 'live-1', 2)).toBe(true);
      expect(await b.claim(20, 'live-2', 2)).toBe(true);
    } finally {
      direct.disconnect();
    }
  });

  it('keeps a live node’s sockets counted past their lease by refreshing them', async () => {
    const [a, b] = await Promise.all([counter(300), counter(300)]);
    expect(await a.claim(30, 'kept', 1)).toBe(true);
    await sleep(900);
    expect(await b.claim(30, 'other', 1)).toBe(false);
    a.release(30, 'kept');
    await vi.waitFor(async () => expect(await b.claim(30, 'other', 1)).toBe(true));
  });

  it('two app instances on one Redis: one user’s sockets on both count against SOCKETS_PER_USER', async () => {
    const env = { REDIS_URL: redis.url, SOCKETS_PER_USER: '3' };
    const apps: TestApp[] = await Promise.all([createTestApp(env), createTestApp(env)]);
    const sockets: ClientSocket[] = [];
    try {
      const urls = await Promise.all(
        apps.map(async (t) => {
          await t.app.listen({ port: 0, host: '127.0.0.1' });
          return `http://127.0.0.1:${String((t.app.server.address() as AddressInfo).port)}`;
        }),
      );
      const [urlA = '', urlB = ''] = urls;
      const [appA, appB] = apps;
      if (!appA || !appB) throw new Error('no apps');
      const [tokenA, tokenB] = await Promise.all([appA.login('test-user'), appB.login('test-user')]);
      const first = await openSocket(urlA, tokenA, sockets);
      await openSocket(urlA, tokenA, sockets);
      await openSocket(urlB, tokenB, sockets);
      expect(await refusedSocket(urlB, tokenB, sockets)).toBe('too_many_sockets');
      expect(await refusedSocket(urlA, tokenA, sockets)).toBe('too_many_sockets');
      // Another user is not counted against this one.
      await openSocket(urlB, await appB.login('test-monteur'), sockets);
      // A socket closed on node A frees a place on node B.
      first.disconnect();
      await vi.waitFor(
        async () => {
          const again = await openSocket(urlB, tokenB, sockets).then(
            () => 'connected',
            (err: unknown) => (err as { data?: { code?: string } }).data?.code,
          );
          expect(again).toBe('connected');
        },
        { timeout: 2000, interval: 50 },
      );
    } finally {
      for (const s of sockets) s.disconnect();
      await Promise.all(apps.map((t) => t.close()));
    }
  });

  it('counts per node while Redis is down, and never fails a handshake because of it', async () => {
    const a = await counter();
    await redis.stop();
    expect(await a.claim(40, 'p', 2)).toBe(true);
    expect(await a.claim(40, 'q', 2)).toBe(true);
    expect(await a.claim(40, 'r', 2)).toBe(false);
    a.release(40, 'p');
    expect(await a.claim(40, 'r', 2)).toBe(true);
  });
});
