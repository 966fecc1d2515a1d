import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.ts';

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A store that takes `ms` a batch and records the batches and how many were in flight at once. */
function recordingStore(ms: number, laneOf: (item: number) => number = () => 0) {
  const batches: number[][] = [];
  const busyLanes = new Set<number>();
  let running = 0;
  let most = 0;
  let laneClash = false;
  const store = async (items: number[]) => {
    const lanes = new Set(items.map(laneOf));
    if ([...lanes].some((lane) => busyLanes.has(lane))) laneClash = true;
    for (const lane of lanes) busyLanes.add(lane);
    running++;
    most = Math.max(most, running);
    batches.push(items);
    await pause(ms);
    running--;
    for (const lane of lanes) busyLanes.delete(lane);
    return items.map((i) => i * 10);
  };
  return {
    store,
    batches,
    get most() {
      return most;
    },
    get laneClash() {
      return laneClash;
    },
  };
}

describe('Batcher', () => {
  it('starts a batch when it is full, or when the first item has waited long enough', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, string>({ maxSize: 3, waitMs: 20, lanes: 1 }, (items) => {
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
    const batcher = new Batcher<number, number>({ maxSize: 2, waitMs: 0, lanes: 1 }, async (items) => {
      running++;
      most = Math.max(most, running);
      batches.push(items);
      await pause(5);
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

  it('while few items wait, one batch at a time carries every lane’s items', async () => {
    const laneOf = (i: number) => i % 3;
    const rec = recordingStore(15, laneOf);
    const batcher = new Batcher<number, number>(
      { maxSize: 100, waitMs: 0, lanes: 3, laneOf, splitFrom: 50 },
      rec.store,
    );
    const first = batcher.add(1);
    // These arrive while the first batch is in flight.
    const rest = Promise.all([2, 3, 4, 5, 6, 7, 8, 9].map((i) => batcher.add(i)));
    expect(await first).toBe(10);
    expect(await rest).toEqual([20, 30, 40, 50, 60, 70, 80, 90]);
    expect(rec.batches).toEqual([[1], [2, 3, 4, 5, 6, 7, 8, 9]]);
    expect(rec.most).toBe(1);
  });

  it('with a backlog, lanes go side by side, never two batches of a lane at once, each lane in order', async () => {
    const laneOf = (i: number) => i % 3;
    const rec = recordingStore(10, laneOf);
    const batcher = new Batcher<number, number>({ maxSize: 4, waitMs: 0, lanes: 3, laneOf, splitFrom: 6 }, rec.store);
    const items = Array.from({ length: 40 }, (_, i) => i + 1);
    const results = await Promise.all(items.map((i) => batcher.add(i)));
    expect(results).toEqual(items.map((i) => i * 10));
    expect(rec.most).toBe(3);
    expect(rec.laneClash).toBe(false);
    for (const lane of [0, 1, 2]) {
      const order = rec.batches.flat().filter((i) => laneOf(i) === lane);
      expect(order).toEqual(items.filter((i) => laneOf(i) === lane));
    }
    // The first batch went alone (nothing waited yet); the backlog then went by lane.
    expect(rec.batches[0]).toEqual([1]);
    expect(rec.batches.slice(1, 4).map((b) => new Set(b.map(laneOf)).size)).toEqual([1, 1, 1]);
  });

  it('stores a backlog of 60,000 items, each lane in order, in full batches, never two of a lane at once', async () => {
    // The size of the backlog a broker hands over after a stall. Every arrival used to walk every
    // waiting item, which made this quadratic (~2 billion steps here, far past the test's time limit).
    const laneOf = (i: number) => (i * 7) % 3;
    const rec = recordingStore(1, laneOf);
    const batcher = new Batcher<number, number>(
      { maxSize: 500, waitMs: 0, lanes: 3, laneOf, splitFrom: 100 },
      rec.store,
    );
    const items = Array.from({ length: 60_000 }, (_, i) => i + 1);
    const results = await Promise.all(items.map((i) => batcher.add(i)));
    expect(results).toEqual(items.map((i) => i * 10));
    expect(rec.laneClash).toBe(false);
    for (const lane of [0, 1, 2]) {
      const order = rec.batches.flat().filter((i) => laneOf(i) === lane);
      expect(order).toEqual(items.filter((i) => laneOf(i) === lane));
    }
    // Behind the first, lone item, the backlog went in full batches of one lane each.
    expect(rec.batches.length).toBeLessThan(1 + Math.ceil(60_000 / 500) + 3);
    expect(rec.batches.slice(1).every((b) => new Set(b.map(laneOf)).size === 1)).toBe(true);
    expect(batcher.queued + batcher.inFlight).toBe(0);
  });

  it('without a backlog, a batch takes the oldest items across lanes, in arrival order', async () => {
    const laneOf = (i: number) => i % 2;
    const rec = recordingStore(15, laneOf);
    const batcher = new Batcher<number, number>({ maxSize: 4, waitMs: 0, lanes: 2, laneOf, splitFrom: 50 }, rec.store);
    const first = batcher.add(1);
    // Arrive while the first batch is in flight; below splitFrom they wait for it.
    const rest = Promise.all([2, 4, 6, 3, 8, 5].map((i) => batcher.add(i)));
    await first;
    await rest;
    expect(rec.batches).toEqual([[1], [2, 4, 6, 3], [8, 5]]);
  });

  it('refuses an item whose lane does not exist', () => {
    const batcher = new Batcher<number, number>({ maxSize: 4, waitMs: 0, lanes: 2, laneOf: (i) => i }, (items) =>
      Promise.resolve(items),
    );
    expect(() => batcher.add(2)).toThrow('no lane 2');
  });

  it('drain stores what waits at once, in every lane', async () => {
    const rec = recordingStore(5, (i) => i % 2);
    const batcher = new Batcher<number, number>(
      { maxSize: 100, waitMs: 60_000, lanes: 2, laneOf: (i) => i % 2, splitFrom: 1000 },
      rec.store,
    );
    const pending = Promise.all([7, 8, 9].map((i) => batcher.add(i)));
    await batcher.drain();
    expect(await pending).toEqual([70, 80, 90]);
    expect(batcher.queued + batcher.inFlight).toBe(0);
    expect(rec.laneClash).toBe(false);
  });

  describe('holding back for something more urgent', () => {
    it('starts nothing while asked to hold, not even a full batch, until the oldest item has waited waitMs + maxHoldMs', async () => {
      const rec = recordingStore(0);
      const batcher = new Batcher<number, number>(
        { maxSize: 2, waitMs: 10, lanes: 1, holdMs: () => 1000, maxHoldMs: 60 },
        rec.store,
      );
      const started = performance.now();
      const stored = Promise.all([1, 2, 3].map((i) => batcher.add(i)));
      await pause(40);
      expect(rec.batches).toEqual([]);
      expect(await stored).toEqual([10, 20, 30]);
      expect(performance.now() - started).toBeGreaterThanOrEqual(65);
      expect(rec.batches).toEqual([[1, 2], [3]]);
    });

    it('starts once the hold is lifted, long before maxHoldMs', async () => {
      const rec = recordingStore(0);
      let hold = 20;
      const batcher = new Batcher<number, number>(
        { maxSize: 10, waitMs: 0, lanes: 1, holdMs: () => hold, maxHoldMs: 10_000 },
        rec.store,
      );
      const started = performance.now();
      const stored = batcher.add(1);
      await pause(60);
      expect(rec.batches).toEqual([]);
      hold = 0;
      expect(await stored).toBe(10);
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it('leaves a batch in flight alone, and drain does not hold', async () => {
      const rec = recordingStore(30);
      let hold = 0;
      const batcher = new Batcher<number, number>(
        { maxSize: 1, waitMs: 0, lanes: 1, holdMs: () => hold, maxHoldMs: 60_000 },
        rec.store,
      );
      const first = batcher.add(1);
      hold = 60_000;
      const second = batcher.add(2);
      expect(await first).toBe(10);
      await pause(20);
      expect(rec.batches).toEqual([[1]]);
      const started = performance.now();
      await batcher.drain();
      expect(await second).toBe(20);
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it('does not hold without maxHoldMs: a full batch starts at once', async () => {
      const rec = recordingStore(0);
      const batcher = new Batcher<number, number>(
        { maxSize: 1, waitMs: 60_000, lanes: 1, holdMs: () => 60_000 },
        rec.store,
      );
      const started = performance.now();
      expect(await batcher.add(1)).toBe(10);
      expect(performance.now() - started).toBeLessThan(1000);
    });

    it('holds nothing while a drain runs, in any lane', async () => {
      const rec = recordingStore(10, (i) => i % 3);
      const batcher = new Batcher<number, number>(
        { maxSize: 2, waitMs: 0, lanes: 3, laneOf: (i) => i % 3, holdMs: () => 60_000, maxHoldMs: 60_000 },
        rec.store,
      );
      const stored = Promise.all(Array.from({ length: 12 }, (_, i) => batcher.add(i)));
      const started = performance.now();
      await batcher.drain();
      expect(await stored).toEqual(Array.from({ length: 12 }, (_, i) => i * 10));
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(rec.laneClash).toBe(false);
    });
  });
});
