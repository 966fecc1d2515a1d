import { describe, expect, it } from 'vitest';
import { availabilityBuckets, bucketCounts, bucketOfPercentage } from './availability-buckets.ts';

describe('availability buckets', () => {
  it('are the spec’s three, with its colours and detail bounds', () => {
    expect(availabilityBuckets).toEqual([
      { key: 'low', lower: 0, upper: 0.98, colour: '#F3776D' },
      { key: 'middle', lower: 0.98, upper: 0.99, colour: '#F3C46D' },
      { key: 'high', lower: 0.99, upper: null, colour: '#86B29C' },
    ]);
  });

  it('colour a percentage red below 98, amber below 99 and green from 99', () => {
    expect(bucketOfPercentage(97.99).key).toBe('low');
    expect(bucketOfPercentage(98).key).toBe('middle');
    expect(bucketOfPercentage(98.999).key).toBe('middle');
    expect(bucketOfPercentage(99).key).toBe('high');
    expect(bucketOfPercentage(100).key).toBe('high');
  });

  it('reads the lift counts per bucket from the brackets', () => {
    const counts = bucketCounts({
      percentage: 99.5,
      liftCount: 87,
      unavailableSeconds: 10,
      brackets: [
        { lower: 0, upper: 0.98, count: 1 },
        { lower: 0.99, upper: null, count: 86 },
      ],
    });
    expect(counts.map((bucket) => bucket.count)).toEqual([1, 0, 86]);
  });
});
