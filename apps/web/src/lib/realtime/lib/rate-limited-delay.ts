// The wait before asking again after the socket answered rate_limited (docs/realtime.md §4): the
// server's budget earns tokens back within a fraction of a second, so a quarter second doubling, with
// jitter so a page's requests do not come back together. A page's requests are few; a retried one
// is kept from the user rather than shown as a failure.
import { reconnectBackoff } from './socket-options.ts';

/** Retries of one request before its rate_limited answer is the result. */
export const rateLimitedRetries = 4;

export function rateLimitedDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(250 * 2 ** attempt, 4000);
  return Math.round(base * (1 + (2 * random() - 1) * reconnectBackoff.randomizationFactor));
}

/** Runs request; while it rejects with rate_limited and retries remain, waits and runs it again. */
export async function retryRateLimited<T>(
  request: () => Promise<T>,
  isRateLimited: (error: unknown) => boolean,
  options: { random?: () => number; stop?: () => boolean } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await request();
    } catch (error) {
      if (!isRateLimited(error) || attempt >= rateLimitedRetries || options.stop?.()) throw error;
      await new Promise((resolve) => setTimeout(resolve, rateLimitedDelay(attempt, options.random)));
    }
  }
}
