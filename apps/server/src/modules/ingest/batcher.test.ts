import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

describe('Batcher', () => {
  it('starts a batch when it is full, or when the first item has waited long enough', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, string>({ maxSize: 3, waitMs: 20, concurrency: 1 }, (items) => {
      batches.push(items);
      return Promise.resolve(items.map((i) => `done ${String(i)}`));
    });
    const full = await Promise.all([1, 2, 3].map((i) => batcher.add(i)));
    expect(full).toEqual(['done 1', 'done 2', 'done 3']);
    const started = performance.now();
    expect(await batcher.add(4)).toBe('done 4');
    expect(performance.now() - started).toBeGreaterThanOrEqual(15);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('has one batch in flight at a time, and fails every item of a failed batch', async () => {
    let running = 0;
    let most = 0;
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>({ maxSize: 2, waitMs: 0, concurrency: 1 }, async (items) => {
      running++;
      most = Math.max(most, running);
      batches.push(items);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (items.includes(5)) throw new Error('database down');
      return items;
    });
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((i) => batcher.add(i)));
    expect(most).toBe(1);
    expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6]);
    const failed = batches.find((b) => b.includes(5)) ?? [];
    expect(results.map((r, i) => (r.status === 'rejected') === failed.includes(i + 1))).toEqual(Array(6).fill(true));
  });

  it('drain stores what waits at once', async () => {
    const batcher = new Batcher<number, number>({ maxSize: 100, waitMs: 60_000, concurrency: 2 }, (items) =>
      Promise.resolve(items),
    );
    const pending = batcher.add(7);
    await batcher.drain();
    expect(await pending).toBe(7);
    expect(batcher.queued + batcher.inFlight).toBe(0);
  });
});
