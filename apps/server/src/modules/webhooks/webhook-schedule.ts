// When a failed delivery is tried again (docs/webhooks.md): quickly at first, for a receiver that
// restarts, then ever further apart, and a last time 24 hours after the delivery was created. After
// that attempt fails, the delivery is given up (status failed) and stays in the log to re-send.

/** Wait after the nth failed attempt (1-based); the last entry repeats. */
export const webhookRetryDelaysMs: readonly number[] = [
  60_000, // 1 minute
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  5 * 3600_000,
  10 * 3600_000,
];

/** How long a delivery is tried after it was created. */
export const webhookRetryWindowMs = 24 * 3600_000;

/** The next attempt after `attempts` failed ones, or null: give up. */
export function nextWebhookAttempt(createdAt: Date, attempts: number, now: Date): Date | null {
  const deadline = createdAt.getTime() + webhookRetryWindowMs;
  if (now.getTime() >= deadline) return null;
  const delay =
    webhookRetryDelaysMs[Math.min(attempts, webhookRetryDelaysMs.length) - 1] ?? webhookRetryDelaysMs[0] ?? 60_000;
  return new Date(Math.min(now.getTime() + delay, deadline));
}
