// What one socket may ask of the node (docs/realtime.md §4, "Budgets"): a token bucket per event
// family and a bound on requests in flight. A request over either is refused at once, before it
// parses or touches the database; a socket that keeps going past its refusals is a flood, not a
// page, and is told to go.
//
// Not lib/rate-limits.ts: that counts fixed windows per key, asynchronously and in Redis when there
// is one, for limits every node must share (logins). A socket lives on one node, its budget dies
// with it, and the check runs for every emit of a flood — a Redis round trip or even a promise per
// emit would be the cost the budget is there to avoid. So: a few numbers in the socket's closure.

export interface SocketBudgetOptions {
  /** Tokens a family earns per second, and the most it can save up. */
  ratePerSecond: number;
  burst: number;
  /** Requests of this socket answered by a handler and not yet acknowledged. */
  maxInFlight: number;
  /** Refusals within refusalWindowMs after which the socket is disconnected. */
  refusalsBeforeDisconnect: number;
  refusalWindowMs: number;
}

/** Refusals a page does not reach by accident: a reconnect re-emitting its listens is well within. */
export const refusalsBeforeDisconnect = 100;
export const refusalWindowMs = 10_000;

/** `offender`: this refusal is one too many; disconnect. Said once; later requests read `refused`. */
export type BudgetVerdict = 'granted' | 'refused' | 'offender';

interface Bucket {
  tokens: number;
  at: number;
}

export class SocketBudget {
  private readonly buckets = new Map<string, Bucket>();
  private inFlight = 0;
  private refusals = 0;
  private refusalsSince = 0;
  private offended = false;

  constructor(
    private readonly options: SocketBudgetOptions,
    // Real, monotonic time: a budget is about this process' load, not the app's (test) clock.
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token of `family` and a slot in flight; a granted request must call done() once. */
  take(family: string): BudgetVerdict {
    const now = this.now();
    if (this.inFlight >= this.options.maxInFlight || !this.takeToken(family, now)) return this.refuse(now);
    this.inFlight += 1;
    return 'granted';
  }

  done(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
  }

  /** Granted requests not yet done. */
  get pending(): number {
    return this.inFlight;
  }

  private takeToken(family: string, now: number): boolean {
    const { ratePerSecond, burst } = this.options;
    const bucket = this.buckets.get(family) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
    bucket.at = now;
    this.buckets.set(family, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private refuse(now: number): BudgetVerdict {
    if (now - this.refusalsSince > this.options.refusalWindowMs) {
      this.refusals = 0;
      this.refusalsSince = now;
    }
    this.refusals += 1;
    if (this.offended || this.refusals < this.options.refusalsBeforeDisconnect) return 'refused';
    this.offended = true;
    return 'offender';
  }
}
