import { describe, expect, it, vi } from 'vitest';
import { tokenExpiringIn } from '../testing/fake-jwt.ts';
import { createLiftTokenSource } from './lift-token.ts';
import { readSocketAccess, writeSocketAccess } from './socket-access-store.ts';
import { singleFlight } from './single-flight.ts';

const now = Date.parse('2026-03-10T09:00:00Z');

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('singleFlight', () => {
  it('shares the running promise per key and starts anew once it settled', async () => {
    const run = vi.fn((key: number) => Promise.resolve(key * 2));
    const once = singleFlight(run);
    const [a, b, c] = await Promise.all([once(1), once(1), once(2)]);
    expect([a, b, c]).toEqual([2, 2, 4]);
    expect(run).toHaveBeenCalledTimes(2);
    await once(1);
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('lets the next caller try again after a failure', async () => {
    const run = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ok');
    const once = singleFlight(run);
    await expect(once('k')).rejects.toThrow('down');
    await expect(once('k')).resolves.toBe('ok');
  });
});

describe('lift access token', () => {
  it('requests one token per lift however many callers ask at once, and stores it', async () => {
    const token = tokenExpiringIn(300, now);
    const pending = deferred<{ accessToken: string }>();
    const request = vi.fn(() => pending.promise);
    const tokenFor = createLiftTokenSource(request, () => now);

    const callers = [tokenFor(5), tokenFor(5), tokenFor(5)];
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(5);
    pending.resolve({ accessToken: token });
    expect(await Promise.all(callers)).toEqual([token, token, token]);
    expect(readSocketAccess()).toEqual({ token, liftId: 5 });

    // Stored and good: no new request.
    expect(await tokenFor(5)).toBe(token);
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('asks anew for another lift, and when the stored one has under 30 s left', async () => {
    let n = 0;
    const request = vi.fn(() => Promise.resolve({ accessToken: tokenExpiringIn(300, now, { n: ++n }) }));
    const tokenFor = createLiftTokenSource(request, () => now);
    writeSocketAccess({ token: tokenExpiringIn(300, now), liftId: 5 });

    await tokenFor(6);
    expect(request).toHaveBeenLastCalledWith(6);
    expect(readSocketAccess()?.liftId).toBe(6);

    writeSocketAccess({ token: tokenExpiringIn(20, now), liftId: 6 });
    await tokenFor(6);
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('passes a token failure to every waiting caller (spec §8)', async () => {
    const request = vi.fn(() => Promise.reject(new Error('404')));
    const tokenFor = createLiftTokenSource(request, () => now);
    const results = await Promise.allSettled([tokenFor(9), tokenFor(9)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(request).toHaveBeenCalledTimes(1);
    expect(readSocketAccess()).toBeNull();
  });
});
