// A background pass run every interval on each node (module health, visit timeouts): a pass that is
// still going on is joined rather than doubled, a failed one is reported and the next interval
// tries again, and stop() waits for the pass in progress.

export class PeriodicPass<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;

  constructor(
    private readonly pass: () => Promise<T>,
    private readonly failed: (err: unknown) => void,
  ) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.runOnce().catch(this.failed);
    }, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass now; joined when one is going on. */
  runOnce(): Promise<T> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
