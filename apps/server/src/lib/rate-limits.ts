// Counters for the abuse limits (docs/authentication.md): how often a key (an address, a username,
// an email) was counted in a fixed window that starts with its first count. In memory on one node,
// or in Redis when REDIS_URL is set, so every node counts against the same limits.
//
// Both stores are rate-limiter-flexible's: one API for memory and ioredis, an atomic Redis script
// (SET NX EX + INCRBY + PTTL), and an in-memory "insurance" limiter it falls back to when Redis
// fails, so a Redis outage makes limits per node for a while and never fails a request. Windows run
// on real time (Date.now in memory, Redis' own clock when shared), not on the app's Clock: Redis
// cannot follow a test's clock, and both stores must behave alike.
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { closeRedisClient } from './redis-client-close.ts';

export interface RateLimitVerdict {
  /** Whether this count is within the limit. */
  allowed: boolean;
  /** Counts of the key in its window, this one included. */
  count: number;
  /** Seconds until the key's window ends (at least 1). */
  retryAfterSeconds: number;
}

export interface RateLimit {
  /** Counts one attempt for key. An attempt over the limit is counted too. */
  consume(key: string): Promise<RateLimitVerdict>;
  /** Counts of the key in its current window (0 when none). */
  count(key: string): Promise<number>;
  /** Forgets the key's counts. */
  reset(key: string): Promise<void>;
}

export interface RateLimitOptions {
  /** Counts allowed per key and window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** Where the counts live: this node's memory, or Redis shared by all nodes. */
  readonly store: 'memory' | 'redis';
  /**
   * The limit called name. Every caller asking for the same name shares its counts (and the options
   * of the first caller), so two services built from one config count together.
   */
  limit(name: string, options: RateLimitOptions): RateLimit;
  close(): Promise<void>;
}

class FlexibleRateLimit implements RateLimit {
  constructor(private readonly limiter: RateLimiterAbstract) {}

  async consume(key: string): Promise<RateLimitVerdict> {
    try {
      return verdict(true, await this.limiter.consume(key));
    } catch (err) {
      // The library rejects with its result when the key is over the limit, with an Error otherwise.
      if (err instanceof RateLimiterRes) return verdict(false, err);
      throw err;
    }
  }

  async count(key: string): Promise<number> {
    return (await this.limiter.get(key))?.consumedPoints ?? 0;
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}

const verdict = (allowed: boolean, res: RateLimiterRes): RateLimitVerdict => ({
  allowed,
  count: res.consumedPoints,
  retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
});

function registry(
  store: RateLimits['store'],
  create: (name: string, options: RateLimitOptions) => RateLimiterAbstract,
  close: () => Promise<void>,
): RateLimits {
  const limits = new Map<string, RateLimit>();
  return {
    store,
    limit(name, options) {
      let limit = limits.get(name);
      if (!limit) {
        limit = new FlexibleRateLimit(create(name, options));
        limits.set(name, limit);
      }
      return limit;
    },
    close,
  };
}

const memoryLimiter = (name: string, { limit, windowSeconds }: RateLimitOptions) =>
  new RateLimiterMemory({ keyPrefix: name, points: limit, duration: windowSeconds });

/** Counts in this process only. */
export function memoryRateLimits(): RateLimits {
  return registry('memory', memoryLimiter, () => Promise.resolve());
}

// A login must not wait for a Redis that does not answer: past this it is counted in memory.
const redisCommandTimeoutMs = 1000;
const redisStartWaitMs = 5000;

/**
 * Counts in Redis, shared by every node. While Redis is unreachable each node counts in its own
 * memory (logged), and returns to Redis when it is back.
 */
export async function redisRateLimits(url: string, log: FastifyBaseLogger): Promise<RateLimits> {
  // Loaded only here: without REDIS_URL, a start need not load a Redis client.
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    protocol: 2,
    connectionName: 'liftwacht-rate-limits',
    // Fail at once while disconnected (the limiter then counts in memory) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: redisCommandTimeoutMs,
  });
  let down = false;
  let lastLog = 0;
  client.on('error', (err: Error) => {
    down = true;
    // ioredis retries by itself; one line per 10 s is enough to see that it is down.
    if (Date.now() - lastLog > 10_000) {
      lastLog = Date.now();
      log.error({ err: err.message }, 'redis (rate limits) unavailable: limits count per node until it is back');
    }
  });
  client.on('ready', () => {
    if (down) log.info('redis (rate limits) back: limits are shared across nodes again');
    down = false;
  });
  // Start counting in Redis from the first request when it is up; a node that starts during an
  // outage still starts, counting in memory.
  await Promise.race([once(client, 'ready'), sleep(redisStartWaitMs, undefined, { ref: false })]).catch(
    () => undefined,
  );

  const create = (name: string, options: RateLimitOptions) =>
    new RateLimiterRedis({
      storeClient: client,
      keyPrefix: `liftwacht:rate:${name}`,
      points: options.limit,
      duration: options.windowSeconds,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memoryLimiter(name, options),
    });
  const close = () => closeRedisClient(client);
  return registry('redis', create, close);
}
