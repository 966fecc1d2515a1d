import { describe, expect, it } from 'vitest';
import { runningSecondsAt } from './running-seconds.ts';

describe('runningSecondsAt', () => {
  it('adds the whole seconds since the fetch', () => {
    expect(runningSecondsAt(100, 1_000_000, 1_000_000)).toBe(100);
    expect(runningSecondsAt(100, 1_000_000, 1_002_999)).toBe(102);
  });

  it('never counts back when the clock jumps', () => {
    expect(runningSecondsAt(100, 1_000_000, 990_000)).toBe(100);
  });
});
