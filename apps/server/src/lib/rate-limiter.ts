// Fixed-window counters in memory. Per node: behind several nodes each enforces its own limit,
// which still bounds guessing to limit × nodes per window.
export interface RateLimitResult {
  allowed: boolean;
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Whether another attempt for key is allowed now (does not count it). */
  check(key: string): RateLimitResult {
    const w = this.current(key);
    if (w && w.count >= this.limit) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - this.now()) / 1000)) };
    }
    return { allowed: true, retryAfterSeconds: 0 };
  }

  hit(key: string): void {
    const w = this.current(key);
    if (w) w.count += 1;
    else this.windows.set(key, { count: 1, resetAt: this.now() + this.windowMs });
    if (this.windows.size > 100_000) this.sweep();
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string) {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
  }
}
