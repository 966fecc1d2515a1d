import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchUpDelayMs, PeriodicPass } from './periodic-pass.ts';

/** A pass that counts its runs and finishes when the test lets it. */
class CountingPass extends PeriodicPass<number> {
  runs = 0;
  private release: (() => void) | null = null;
  hold = false;
  readonly log = { warn: vi.fn(), error: vi.fn() };

  constructor() {
    const log = { warn: vi.fn(), error: vi.fn() };
    super('counting pass', log);
    this.log = log;
  }

  finish(): void {
    this.release?.();
    this.release = null;
  }

  protected async pass(): Promise<number> {
    this.runs++;
    if (this.hold) await new Promise<void>((resolve) => (this.release = resolve));
    if (this.runs === 99) throw new Error('boom');
    return this.runs;
  }

  later(ms: number): void {
    this.wakeIn(ms);
  }

  catchUp(): void {
    this.catchUpSoon();
  }
}

describe('PeriodicPass', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does nothing on a wake before start() (tests run passes by hand) or after stop()', async () => {
    const job = new CountingPass();
    job.wake();
    await vi.advanceTimersByTimeAsync(10);
    expect(job.runs).toBe(0);
    expect(await job.runOnce()).toBe(1);
    job.start(60_000);
    await job.stop();
    job.wake();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(job.runs).toBe(1);
  });

  it('runs on every interval and once for the wakes of one turn', async () => {
    const job = new CountingPass();
    job.start(60_000);
    job.wake();
    job.wake();
    job.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(job.runs).toBe(2);
    await job.stop();
  });

  it('runs once more after a pass that a wake came during; a tick during a pass joins it', async () => {
    const job = new CountingPass();
    job.hold = true;
    job.start(1_000);
    job.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(job.runs).toBe(1);
    job.wake();
    job.wake();
    await vi.advanceTimersByTimeAsync(1);
    job.hold = false;
    job.finish();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(2);
    await job.stop();
  });

  it('keeps the earliest of the times it is asked to wake at', async () => {
    const job = new CountingPass();
    job.start(3_600_000);
    job.later(30_000);
    job.later(10_000);
    job.later(20_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(job.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(job.runs).toBe(1);
    await job.stop();
  });

  it('runs the catch-up pass after a start a few seconds later, not at once, and a wake still at once', async () => {
    const job = new CountingPass();
    job.start(3_600_000);
    job.catchUp();
    await vi.advanceTimersByTimeAsync(catchUpDelayMs - 1);
    expect(job.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(1);
    job.catchUp();
    job.wake();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(catchUpDelayMs);
    expect(job.runs).toBe(2);
    await job.stop();
  });

  it('logs a failed pass and goes on with the next', async () => {
    const job = new CountingPass();
    job.runs = 98;
    job.start(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.log.error).toHaveBeenCalledWith(expect.anything(), 'counting pass failed');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(job.runs).toBe(100);
    await job.stop();
  });
});
