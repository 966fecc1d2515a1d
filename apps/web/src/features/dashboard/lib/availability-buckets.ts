// The availability buckets of spec §2/§9: below 98 % red, 98–99 % amber, 99 % and above green.
import { availabilityBrackets, type Availability } from '@liftwacht/contracts/dashboard';

export const availabilityColours = { low: '#F3776D', middle: '#F3C46D', high: '#86B29C' } as const;

export type BucketKey = keyof typeof availabilityColours;

export interface AvailabilityBucket {
  key: BucketKey;
  /** Fractions, as the detail routes carry them: 0/0.98, 0.98/0.99, 0.99/null. */
  lower: number;
  upper: number | null;
  colour: string;
}

const bucketKeys: readonly BucketKey[] = ['low', 'middle', 'high'];

export const availabilityBuckets: readonly AvailabilityBucket[] = availabilityBrackets.map((bracket, index) => {
  const key = bucketKeys[index] ?? 'high';
  return { key, lower: bracket.lower, upper: bracket.upper, colour: availabilityColours[key] };
});

/** The bucket a percentage (0–100) falls in, for colouring a figure. */
export function bucketOfPercentage(percent: number): AvailabilityBucket {
  const fraction = percent / 100;
  return (
    availabilityBuckets.find(
      (bucket) => fraction >= bucket.lower && (bucket.upper === null || fraction < bucket.upper),
    ) ??
    // Below 0 cannot happen; fall back to the lowest bucket rather than none.
    availabilityBuckets[0]!
  );
}

export interface BucketCount extends AvailabilityBucket {
  count: number;
}

/** The response's lift count per bucket, matched on the lower bound. */
export function bucketCounts(availability: Availability): BucketCount[] {
  return availabilityBuckets.map((bucket) => ({
    ...bucket,
    count: availability.brackets.find((bracket) => bracket.lower === bucket.lower)?.count ?? 0,
  }));
}
