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

const [low, middle, high] = availabilityBrackets;
const lowBucket: AvailabilityBucket = { key: 'low', ...low, colour: availabilityColours.low };

export const availabilityBuckets: readonly AvailabilityBucket[] = [
  lowBucket,
  { key: 'middle', ...middle, colour: availabilityColours.middle },
  { key: 'high', ...high, colour: availabilityColours.high },
];

/** The bucket a percentage (0–100) falls in, for colouring a figure. */
export function bucketOfPercentage(percent: number): AvailabilityBucket {
  const fraction = percent / 100;
  const bucket = availabilityBuckets.find(
    (candidate) => fraction >= candidate.lower && (candidate.upper === null || fraction < candidate.upper),
  );
  // Only a negative percentage, which the API never sends, falls outside every bucket.
  return bucket ?? lowBucket;
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
