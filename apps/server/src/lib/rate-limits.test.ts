import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryRateLimits } from './rate-limits.ts';

// The Redis store is proven through the app: modules/auth/abuse-limits-redis.test.ts.
describe('memoryRateLimits', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows up to the limit per key, counts attempts over it, and says when the window ends', async () => {
    const limit = memoryRateLimits().limit('test', { limit: 2, windowSeconds: 60 });
    const verdicts = [await limit.consume('a'), await limit.consume('a'), await limit.consume('a')];
    expect(verdicts.map((v) => [v.allowed, v.count])).toEqual([
      [true, 1],
      [true, 2],
      [false, 3],
    ]);
    expect(verdicts[2]?.retryAfterSeconds).toBe(60);
    expect(await limit.count('a')).toBe(3);
    expect((await limit.consume('b')).allowed).toBe(true);
  });

  it('forgets a key on reset and when its window has passed', async () => {
    const limit = memoryRateLimits().limit('test', { limit: 1, windowSeconds: 60 });
    await limit.consume('a');
    await limit.reset('a');
    expect(await limit.count('a')).toBe(0);
    expect((await limit.consume('a')).allowed).toBe(true);
    expect((await limit.consume('a')).allowed).toBe(false);
    vi.setSystemTime(Date.now() + 60_001);
    expect((await limit.consume('a')).allowed).toBe(true);
  });

  it('shares the counts of one name between callers, and keeps names apart', async () => {
    const limits = memoryRateLimits();
    await limits.limit('one', { limit: 5, windowSeconds: 60 }).consume('a');
    expect(await limits.limit('one', { limit: 5, windowSeconds: 60 }).count('a')).toBe(1);
    expect(await limits.limit('two', { limit: 5, windowSeconds: 60 }).count('a')).toBe(0);
    expect(await memoryRateLimits().limit('one', { limit: 5, windowSeconds: 60 }).count('a')).toBe(0);
  });
});
