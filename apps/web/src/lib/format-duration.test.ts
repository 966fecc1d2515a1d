import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { durationParts } from '@liftwacht/contracts/durations';
import { formatDuration } from './format-duration.ts';

const day = 86_400;

describe('formatDuration', () => {
  it.each([
    [0, '0 s', '0 s'],
    [45, '45 s', '45 s'],
    [59.9, '59 s', '59 s'],
    [60, '1 min', '1 min'],
    [34 * 60 + 59, '34 min', '34 min'],
    [3600, '1 u 00 min', '1 h 00 min'],
    [2 * 3600 + 5 * 60 + 59, '2 u 05 min', '2 h 05 min'],
    [20 * 3600 + 21 * 60, '20 u 21 min', '20 h 21 min'],
    [day - 1, '23 u 59 min', '23 h 59 min'],
    [day, '1 d 0 u', '1 d 0 h'],
    [7 * day + 10 * 3600 + 20 * 60 + 56, '7 d 10 u', '7 d 10 h'],
    [400 * day, '400 d 0 u', '400 d 0 h'],
    [-5, '0 s', '0 s'],
    [Number.NaN, '0 s', '0 s'],
  ])('formats %s seconds as "%s" (nl) and "%s" (en)', (seconds, dutch, english) => {
    expect(formatDuration(i18next.getFixedT('nl', 'common'), seconds)).toBe(dutch);
    expect(formatDuration(i18next.getFixedT('en', 'common'), seconds)).toBe(english);
  });

  it('cuts down rather than rounding up to the next unit', () => {
    expect(durationParts(3599)).toEqual({ unit: 'minutes', minutes: 59 });
    expect(durationParts(day - 1)).toEqual({ unit: 'hours', hours: 23, minutes: 59 });
  });
});
