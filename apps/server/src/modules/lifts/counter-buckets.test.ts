import { describe, expect, it } from 'vitest';
import { bucketEnd, bucketStart, wholeBuckets } from './counter-buckets.ts';

describe('counter buckets', () => {
  it('starts ISO weeks on Monday, also across a year boundary', () => {
    expect(bucketStart('week', '2026-01-01')).toBe('2025-12-29'); // Thursday → Monday of ISO week 1
    expect(bucketStart('week', '2025-12-29')).toBe('2025-12-29');
    expect(bucketStart('week', '2026-03-29')).toBe('2026-03-23'); // a Sunday
    expect(bucketEnd('week', '2026-03-23')).toBe('2026-03-29');
  });

  it('ends months on their last day, leap years included', () => {
    expect(bucketEnd('month', '2026-02-10')).toBe('2026-02-28');
    expect(bucketEnd('month', '2028-02-10')).toBe('2028-02-29');
    expect(bucketEnd('month', '2025-12-31')).toBe('2025-12-31');
  });

  it('leaves days and quarter hours alone and widens years', () => {
    expect(wholeBuckets('15m', '2026-03-29', '2026-03-29')).toEqual({ from: '2026-03-29', to: '2026-03-29' });
    expect(wholeBuckets('day', '2026-03-01', '2026-03-02')).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(wholeBuckets('year', '2025-06-01', '2026-02-01')).toEqual({ from: '2025-01-01', to: '2026-12-31' });
  });
});
