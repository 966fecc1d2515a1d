/**
 * The running time shown now: the server's runningSeconds at fetch time plus the seconds since,
 * so the counter ticks without trusting the browser's clock for the start time.
 */
export function runningSecondsAt(runningSeconds: number, fetchedAt: number, now: number): number {
  return runningSeconds + Math.max(0, Math.floor((now - fetchedAt) / 1000));
}
