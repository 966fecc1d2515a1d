import { describe, expect, it } from 'vitest';
import { inWorkerThread } from '../../test-support/in-worker-thread.ts';
import { FanOutPressure, monotonicMs } from './fan-out-pressure.ts';

describe('FanOutPressure', () => {
  it('asks for a hold only after a late message, for a short while', () => {
    const main = new FanOutPressure();
    const worker = new FanOutPressure(main.buffer);
    main.observe(10, 1_000);
    expect(worker.holdMs(1_000)).toBe(0);
    main.observe(40, 1_000);
    expect(worker.holdMs(1_000)).toBe(50);
    expect(worker.holdMs(1_030)).toBe(20);
    expect(worker.holdMs(1_080)).toBe(0);
  });

  it('late messages in a row keep the hold going', () => {
    const main = new FanOutPressure();
    for (let now = 1_000; now <= 1_200; now += 5) main.observe(30, now);
    expect(main.holdMs(1_230)).toBeGreaterThan(0);
    expect(main.holdMs(1_300)).toBe(0);
  });

  it('is seen by another thread through the shared buffer', async () => {
    const main = new FanOutPressure();
    // A hold that starts a minute from now, so the thread's start-up does not outlast it.
    main.observe(100, monotonicMs() + 60_000);
    // The other thread builds its own FanOutPressure on the buffer it was given, as ingest's worker does.
    const seen = await inWorkerThread<number>(
      new URL('./fan-out-pressure.ts', import.meta.url),
      'return new mod.FanOutPressure(workerData).holdMs();',
      main.buffer,
    );
    expect(seen).toBeGreaterThan(50_000);
    expect(seen).toBeLessThanOrEqual(60_050);
  });
});
