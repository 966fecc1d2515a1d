// Wall-clock seconds per seed step, summed over batches: the seed must stay within its start-up
// budget on PGlite, and large-fleet benchmarks want to see where the time goes.
export class StepTimer {
  private readonly totals = new Map<string, number>();

  async time<T>(step: string, work: () => Promise<T> | T): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.totals.set(step, (this.totals.get(step) ?? 0) + performance.now() - started);
    }
  }

  /** Seconds per step, rounded to 0.01 s, in the order the steps first ran. */
  seconds(): Record<string, number> {
    return Object.fromEntries([...this.totals].map(([step, ms]) => [step, Math.round(ms / 10) / 100]));
  }
}
