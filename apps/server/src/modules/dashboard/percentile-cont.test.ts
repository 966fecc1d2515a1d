import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/seeded-random.ts';
import { percentilesCont } from './percentile-cont.ts';

/** percentile_cont over a sorted copy: the definition. */
function bySorting(values: readonly number[], f: number): number | null {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  if (n === 0) return null;
  const row = f * (n - 1);
  const lo = sorted[Math.floor(row)] ?? 0;
  const hi = sorted[Math.ceil(row)] ?? 0;
  return Math.ceil(row) <= Math.floor(row) ? lo : lo + (row - Math.floor(row)) * (hi - lo);
}

describe('percentilesCont', () => {
  it('equals percentile_cont over the sorted values, with ties, few values and none', () => {
    const rand = seededRandom(5);
    for (let round = 0; round < 300; round++) {
      const n = round < 10 ? round : Math.floor(rand() * 2000);
      // many ties in some rounds: whole seconds from a small range
      const values = Array.from({ length: n }, () =>
        round % 3 === 0 ? Math.floor(rand() * 20) : Math.floor(rand() * 5400e3) / 1e3,
      );
      const fractions = [0.5, 0.9, 0, 1, 0.25];
      expect(percentilesCont(Float64Array.from(values), fractions)).toEqual(fractions.map((f) => bySorting(values, f)));
    }
  });
});
