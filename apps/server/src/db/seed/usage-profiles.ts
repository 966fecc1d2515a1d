// How busy a lift is by local hour and weekday, per kind of building. The counters generator turns
// these into 15-minute ride buckets, so the lift page's charts show a believable day/night rhythm.

export const usageProfiles = ['residential', 'office', 'care', 'public', 'parking', 'goods'] as const;
export type UsageProfile = (typeof usageProfiles)[number];

function normalise(weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** Share of a day's rides in each local hour 0..23 (each row sums to 1). */
// prettier-ignore
export const hourWeights: Record<UsageProfile, readonly number[]> = {
  //                      0    1    2    3    4    5    6    7    8    9   10   11   12   13   14   15   16   17   18   19   20   21   22   23
  residential: normalise([0.6, 0.3, 0.2, 0.2, 0.2, 0.5, 2.0, 6.0, 7.0, 5.0, 4.5, 4.5, 5.0, 4.5, 4.5, 5.5, 7.0, 8.5, 8.5, 7.0, 5.5, 4.0, 2.5, 1.2]),
  office: normalise([0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 0.5, 5.0, 12.0, 9.0, 7.0, 7.5, 10.0, 9.5, 7.5, 7.5, 8.5, 9.0, 3.5, 1.5, 0.8, 0.4, 0.2, 0.1]),
  care: normalise([0.8, 0.6, 0.5, 0.5, 0.5, 0.8, 2.5, 5.5, 7.5, 7.0, 7.5, 7.5, 8.0, 6.5, 6.5, 7.5, 7.0, 6.5, 5.5, 4.5, 3.0, 2.0, 1.5, 1.0]),
  public: normalise([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 2.0, 4.0, 5.0, 6.0, 6.5, 6.5, 6.5, 6.5, 7.0, 8.0, 9.0, 9.5, 9.0, 8.0, 5.5, 2.0, 0.5]),
  parking: normalise([0.3, 0.1, 0.1, 0.1, 0.1, 0.3, 1.5, 5.0, 8.0, 6.5, 6.0, 6.5, 7.0, 7.0, 6.5, 6.5, 7.5, 9.0, 7.5, 5.0, 3.5, 2.5, 1.5, 0.8]),
  goods: normalise([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 9.0, 12.0, 12.0, 11.0, 10.0, 6.0, 9.0, 11.0, 10.0, 7.0, 2.0, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0]),
};

/** Rides of a day relative to the profile's daily mean, by ISO weekday 1 (Mon) .. 7 (Sun). */
export const weekdayFactors: Record<UsageProfile, readonly number[]> = {
  residential: [1.0, 1.0, 1.0, 1.0, 1.05, 1.05, 0.95],
  office: [1.1, 1.15, 1.15, 1.1, 0.95, 0.12, 0.05],
  care: [1.05, 1.05, 1.05, 1.05, 1.0, 0.9, 0.85],
  public: [0.8, 0.9, 0.95, 0.9, 1.0, 1.35, 1.15],
  parking: [0.9, 0.9, 0.95, 1.0, 1.15, 1.3, 0.75],
  goods: [1.2, 1.2, 1.2, 1.2, 1.1, 0.15, 0.02],
};

/** Mean weekday rides per day for a lift of this profile in a building with this many floors. */
export function typicalDailyRides(profile: UsageProfile, floors: number, variation: number): number {
  const base: Record<UsageProfile, number> = {
    residential: 40 + floors * 28,
    office: 200 + floors * 55,
    care: 320 + floors * 40,
    public: 160 + floors * 45,
    parking: 220 + floors * 40,
    goods: 40 + floors * 8,
  };
  return Math.max(20, Math.round(base[profile] * variation));
}
