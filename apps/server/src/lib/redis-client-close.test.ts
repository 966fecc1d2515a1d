import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { findBinary, startRedis, type RunningService } from '../modules/realtime/test-services.ts';
import { closeRedisClient } from './redis-client-close.ts';

describe.skipIf(findBinary('redis-server') === null)('closeRedisClient', () => {
  let redis: RunningService | undefined;
  afterEach(async () => {
    redis?.resume?.();
    await redis?.stop();
    redis = undefined;
  });

  async function connected(): Promise<Redis> {
    redis = await startRedis();
    const client = new Redis(redis.url, { lazyConnect: true });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  it('quits politely while Redis answers', async () => {
    const client = await connected();
    const ended = once(client, 'end');
    await closeRedisClient(client);
    await ended;
    expect(client.status).toBe('end');
  });

  it('drops a "ready" connection whose Redis no longer answers, within the timeout', async () => {
    const client = await connected();
    redis?.pause?.();
    expect(client.status).toBe('ready');
    const ended = once(client, 'end');
    const started = Date.now();
    await closeRedisClient(client, 300);
    expect(Date.now() - started).toBeLessThan(2000);
    await ended;
    expect(client.status).toBe('end');
  });

  it('drops a client that is reconnecting at once', async () => {
    const client = await connected();
    await redis?.stop();
    redis = undefined;
    await new Promise<void>((resolve) => client.once('reconnecting', () => resolve()));
    const started = Date.now();
    await closeRedisClient(client);
    expect(Date.now() - started).toBeLessThan(500);
    // No further attempt: ioredis' next one would come within ~100 ms.
    let attempts = 0;
    client.on('reconnecting', () => (attempts += 1));
    await sleep(1000);
    expect(attempts).toBe(0);
  });
});
