import { describe, expect, it } from 'vitest';
import { loginDelayMs, slowdownBaseMs } from './login-throttle.ts';

describe('loginDelayMs', () => {
  const limits = { slowdownAfterFailures: 5, slowdownMaxMs: 5000 };

  it('does not slow a username down before its failures reach the threshold', () => {
    expect([0, 1, 4].map((failures) => loginDelayMs(failures, limits))).toEqual([0, 0, 0]);
  });

  it('doubles the delay with every further failure, up to the cap, however many failures', () => {
    expect([5, 6, 7, 8, 9, 10, 11, 5000].map((failures) => loginDelayMs(failures, limits))).toEqual([
      slowdownBaseMs,
      500,
      1000,
      2000,
      4000,
      5000,
      5000,
      5000,
    ]);
  });

  it('never slows down with a cap of 0', () => {
    expect(loginDelayMs(100, { slowdownAfterFailures: 1, slowdownMaxMs: 0 })).toBe(0);
  });
});
