// Groups items that arrive close together so one database transaction stores many: a batch starts
// when `maxSize` items wait or the oldest has waited `waitMs`, with at most `concurrency` batches in
// flight. Each item's promise settles with its own result once its batch has committed (or failed),
// which is when an MQTT acknowledgement may go out.

export interface BatcherOptions {
  maxSize: number;
  waitMs: number;
  concurrency: number;
}

interface Pending<T, R> {
  item: T;
  enqueuedAt: number;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export class Batcher<T, R> {
  private queue: Pending<T, R>[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(
    private readonly options: BatcherOptions,
    /** Must return one result per item, in order. */
    private readonly process: (items: T[]) => Promise<R[]>,
  ) {}

  get queued(): number {
    return this.queue.length;
  }

  get inFlight(): number {
    return this.running;
  }

  add(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, enqueuedAt: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /** Starts every waiting item now and resolves when nothing is queued or in flight. */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.running > 0) {
      this.schedule(true);
      await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
    }
  }

  private schedule(force = false): void {
    while (this.running < this.options.concurrency && this.queue.length > 0) {
      const first = this.queue[0];
      const waited = first ? performance.now() - first.enqueuedAt : 0;
      if (!force && this.queue.length < this.options.maxSize && waited < this.options.waitMs) {
        this.armTimer(this.options.waitMs - waited);
        return;
      }
      this.start(this.queue.splice(0, this.options.maxSize));
    }
  }

  private armTimer(ms: number): void {
    if (this.timer) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.schedule();
      },
      Math.max(0, Math.ceil(ms)),
    );
  }

  private start(batch: Pending<T, R>[]): void {
    this.running++;
    void this.process(batch.map((p) => p.item))
      .then(
        (results) => {
          batch.forEach((p, i) => {
            const result = results[i];
            if (result === undefined) p.reject(new Error('batch returned too few results'));
            else p.resolve(result);
          });
        },
        (err: unknown) => {
          for (const p of batch) p.reject(err);
        },
      )
      .finally(() => {
        this.running--;
        this.schedule();
        if (this.queue.length === 0 && this.running === 0) {
          for (const wake of this.idleWaiters.splice(0)) wake();
        } else if (this.running === 0) {
          // drain() forces the rest; wake it so it loops.
          for (const wake of this.idleWaiters.splice(0)) wake();
        }
      });
  }
}
