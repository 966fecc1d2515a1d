// The gate lets `limit` run, queues the rest in call order, refuses beyond its queue with 503 and
// Retry-After, and frees a place whether the work succeeds or fails; the turn giver yields to the
// event loop only once its budget has passed.
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { ConcurrencyGate, turnGiver } from './heavy-reads.ts';

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (err: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyGate', () => {
  it('runs at most `limit` at once and the waiting ones in call order', async () => {
    const gate = new ConcurrencyGate(2, 10);
    const started: number[] = [];
    const works = Array.from({ length: 5 }, () => deferred());
    const runs = works.map((work, i) =>
      gate.run(async () => {
        started.push(i);
        await work.promise;
        return i;
      }),
    );
    const settled = Promise.allSettled(runs);
    await settle();
    expect(started).toEqual([0, 1]);
    expect([gate.active, gate.queued]).toEqual([2, 3]);
    works[1]?.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    works[0]?.reject(new Error('failed'));
    await settle();
    // a failed run frees its place too
    expect(started).toEqual([0, 1, 2, 3]);
    for (const work of works) work.resolve();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect([gate.active, gate.queued]).toEqual([0, 0]);
  });

  it('refuses one more than its queue holds with 503 and Retry-After, and takes work again once it drains', async () => {
    const gate = new ConcurrencyGate(1, 2, 7);
    const work = deferred();
    const held = [gate.run(() => work.promise), gate.run(() => work.promise), gate.run(() => work.promise)];
    const refused = await gate.run(() => Promise.resolve()).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'unavailable', headers: { 'retry-after': '7' } });
    work.resolve();
    await Promise.all(held);
    await expect(gate.run(() => Promise.resolve('again'))).resolves.toBe('again');
  });
});

describe('turnGiver', () => {
  it('gives no turn within its budget and one after it', async () => {
    const within = turnGiver(60_000);
    expect(within()).toBeUndefined();
    const spent = turnGiver(0);
    let fired = false;
    const timer = setTimeout(() => (fired = true), 0);
    const start = Date.now();
    // a synchronous loop that awaits the giver: the timer fires only if the loop gets a turn
    while (Date.now() - start < 30) await spent();
    clearTimeout(timer);
    expect(fired).toBe(true);
  });
});
