import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-clock-duration.ts';

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [65, '1:05'],
    [3600, '1:00:00'],
    [3723, '1:02:03'],
    [86_400 + 3 * 3600 + 4 * 60 + 5, '1 d 03:04:05'],
    [-5, '0:00'],
    [12.9, '0:12'],
  ])('formats %s seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});
