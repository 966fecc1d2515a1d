// Pure availability arithmetic: per-lift fractions into the organisation's mean and brackets.
import { availabilityBrackets, type Availability } from '@liftwacht/contracts/dashboard';

export function liftAvailability(unavailableSeconds: number, windowSeconds: number): number {
  if (windowSeconds <= 0) return 1;
  return Math.min(1, Math.max(0, 1 - unavailableSeconds / windowSeconds));
}

/** Whether a fraction falls in [lower, upper); an upper bound of 1 or none includes 1 itself. */
export function inBracket(fraction: number, lower: number, upper: number | null): boolean {
  if (fraction < lower) return false;
  if (upper === null || upper >= 1) return fraction <= 1;
  return fraction < upper;
}

/** The mean and the brackets of the lifts' fractions (in the lifts' order: the mean's sum is too). */
export function summariseAvailability(fractions: ArrayLike<number>, unavailableSeconds: number): Availability {
  const n = fractions.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += fractions[i] ?? 0;
  const mean = n === 0 ? 1 : sum / n;
  return {
    percentage: mean * 100,
    brackets: availabilityBrackets.map(({ lower, upper }) => {
      let count = 0;
      for (let i = 0; i < n; i++) if (inBracket(fractions[i] ?? 0, lower, upper)) count++;
      return { lower, upper, count };
    }),
    liftCount: n,
    unavailableSeconds,
  };
}
