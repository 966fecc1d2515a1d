import { describe, expect, it } from 'vitest';
import { SlicedQueue } from './sliced-queue.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SlicedQueue', () => {
  it('hands every item over in order, yielding to the event loop between slices', async () => {
    const handled: number[] = [];
    const queue = new SlicedQueue<number>(
      2,
      (n) => {
        handled.push(n);
        // Each item takes a millisecond, so a slice of 2 ms holds about two.
        const until = performance.now() + 1;
        while (performance.now() < until) {
          // busy
        }
      },
      () => undefined,
    );
    queue.push(Array.from({ length: 20 }, (_, i) => i));
    queue.push([20, 21]);
    expect(handled).toEqual([]);
    let turns = 0;
    while (queue.size > 0) {
      await turn();
      turns++;
    }
    expect(handled).toEqual(Array.from({ length: 22 }, (_, i) => i));
    // Not all in one turn: other callbacks ran between the slices.
    expect(turns).toBeGreaterThan(3);
  });

  it('reports an item that throws and goes on with the next', async () => {
    const handled: number[] = [];
    const errors: unknown[] = [];
    const queue = new SlicedQueue<number>(
      5,
      (n) => {
        if (n === 1) throw new Error('socket gone');
        handled.push(n);
      },
      (err) => errors.push(err),
    );
    queue.push([0, 1, 2]);
    while (queue.size > 0) await turn();
    expect(handled).toEqual([0, 2]);
    expect(errors).toHaveLength(1);
  });
});
