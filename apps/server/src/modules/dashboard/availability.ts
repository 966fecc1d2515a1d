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

export function summariseAvailability(perLift: Map<number, number>, unavailableSeconds: number): Availability {
  const values = [...perLift.values()];
  const mean = values.length === 0 ? 1 : values.reduce((a, b) => a + b, 0) / values.length;
  return {
    percentage: mean * 100,
    brackets: availabilityBrackets.map(({ lower, upper }) => ({
      lower,
      upper,
      count: values.filter((v) => inBracket(v, lower, upper)).length,
    })),
    liftCount: values.length,
    unavailableSeconds,
  };
}
