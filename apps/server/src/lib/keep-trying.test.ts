import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepTrying } from './keep-trying.ts';

const log = { warn: vi.fn(), error: vi.fn() };

afterEach(() => {
  vi.useRealTimers();
  log.warn.mockReset();
});

describe('keepTrying', () => {
  it('tries again with a growing pause until the part starts, logging each failure', async () => {
    vi.useFakeTimers();
    let calls = 0;
    keepTrying(
      'part',
      () => (++calls < 3 ? Promise.reject(new Error(`failure ${String(calls)}`)) : Promise.resolve()),
      log,
      { firstDelayMs: 100, maxDelayMs: 150 },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toBe(2);
    // 200 would be next, capped at 150.
    await vi.advanceTimersByTimeAsync(149);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(3);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(3);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('stops trying once stopped', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const trying = keepTrying('part', () => (calls++, Promise.reject(new Error('down'))), log, { firstDelayMs: 100 });
    await vi.advanceTimersByTimeAsync(0);
    trying.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
  });

  it('makes its first attempt after startAfterMs, and none when stopped before', async () => {
    vi.useFakeTimers();
    let calls = 0;
    keepTrying('part', () => (calls++, Promise.resolve()), log, { startAfterMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(1);
    const stopped = keepTrying('part', () => (calls++, Promise.resolve()), log, { startAfterMs: 1000 });
    stopped.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toBe(1);
  });
});
