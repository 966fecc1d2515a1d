// Groups items that arrive close together so one database transaction stores many. Each item's
// promise settles with its own result once its batch has committed (or failed), which is when an
// MQTT acknowledgement may go out.
//
// Items belong to lanes (ingest: split by module), and batches in flight at the same time never
// share a lane, so they never wait for each other's row locks and a lane's items are stored in
// order. While few items wait, one batch at a time carries all of them, whatever their lane: with
// 10,000 sockets listening at 2,000 msg/s, transactions side by side cost PostgreSQL 223–280 µs of
// CPU a message, one at a time 151–221 (alternated runs, docs/benchmarks.md, November 29), CPU a
// node whose database shares its cores needs for the sockets. Once `splitFrom` items wait, one
// transaction at a time would leave ingest idle during each round trip (~5,300 msg/s against
// 7,000–8,100 side by side), so every lane with waiting items gets a batch of its own.

import Denque from 'denque';

export interface BatcherOptions<T> {
  maxSize: number;
  /** How long the first waiting item may wait for others while nothing is in flight. */
  waitMs: number;
  /** How many lanes; batches of different lanes may be in flight at once. */
  lanes: number;
  /** The lane of an item, 0 ≤ lane < lanes (one lane: not called). */
  laneOf?: (item: T) => number;
  /** From this many waiting items on, lanes start batches of their own side by side (default 1). */
  splitFrom?: number;
  /**
   * How long new batches should wait for something more urgent than storing (ms, 0: not at all),
   * asked before starting one. A batch already in flight runs on; nothing is held while `drain` runs.
   */
  holdMs?: () => number;
  /** The most a hold delays the oldest waiting item beyond `waitMs` (default 0: holds are off). */
  maxHoldMs?: number;
}

interface Pending<T, R> {
  item: T;
  /** Arrival number: the order of items across lanes. */
  seq: number;
  enqueuedAt: number;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export class Batcher<T, R> {
  /**
   * The waiting items of each lane, in arrival order. Double-ended queues: under a backlog of tens
   * of thousands of messages an arrival or a batch costs only what it adds or takes (one list of
   * every waiting item, walked on each arrival, made ingest quadratic: of 10,000 msg/s offered ~250
   * a second were stored, the ingest thread stalled for up to 10 s at a time).
   */
  private readonly waiting: Denque<Pending<T, R>>[];
  private waitingCount = 0;
  private nextSeq = 0;
  private running = 0;
  /** Lanes with a batch in flight; all of them while a batch of every lane's items is. */
  private readonly busy: boolean[];
  private timer: NodeJS.Timeout | null = null;
  private readonly idleWaiters: (() => void)[] = [];
  private readonly splitFrom: number;
  /** drain() calls waiting: while any does, nothing is held. */
  private draining = 0;

  constructor(
    private readonly options: BatcherOptions<T>,
    /** Must return one result per item, in order. */
    private readonly process: (items: T[]) => Promise<R[]>,
  ) {
    if (options.lanes < 1) throw new Error('a batcher needs at least one lane');
    this.busy = new Array<boolean>(options.lanes).fill(false);
    this.waiting = Array.from({ length: options.lanes }, () => new Denque<Pending<T, R>>());
    this.splitFrom = Math.max(1, options.splitFrom ?? 1);
  }

  get queued(): number {
    return this.waitingCount;
  }

  get inFlight(): number {
    return this.running;
  }

  add(item: T): Promise<R> {
    const lane = this.options.lanes > 1 && this.options.laneOf ? this.options.laneOf(item) : 0;
    const queue = this.waiting[lane];
    if (!Number.isInteger(lane) || !queue) throw new Error(`no lane ${String(lane)}`);
    return new Promise<R>((resolve, reject) => {
      queue.push({ item, seq: this.nextSeq++, enqueuedAt: performance.now(), resolve, reject });
      this.waitingCount++;
      this.schedule();
    });
  }

  /** Starts every waiting item now and resolves when nothing is queued or in flight. */
  async drain(): Promise<void> {
    this.draining++;
    try {
      while (this.waitingCount > 0 || this.running > 0) {
        this.schedule(true);
        await new Promise<void>((resolve) => this.idleWaiters.push(resolve));
      }
    } finally {
      this.draining--;
    }
  }

  private schedule(force = false): void {
    if (this.waitingCount === 0) return;
    // With a backlog (or drain) every free lane starts its own batch, beside what is in flight.
    if (this.options.lanes > 1 && (force || this.waitingCount >= this.splitFrom)) {
      if (!this.held()) this.startFreeLanes();
      return;
    }
    if (this.running > 0) return;
    const oldest = this.waiting[this.oldestLane()]?.peekFront();
    const waited = oldest ? performance.now() - oldest.enqueuedAt : 0;
    if (!force && this.waitingCount < this.options.maxSize && waited < this.options.waitMs) {
      this.armTimer(this.options.waitMs - waited);
      return;
    }
    if (this.held()) return;
    // Nothing in flight: one batch of the oldest items, whatever their lanes.
    const batch: Pending<T, R>[] = [];
    for (let lane = this.oldestLane(); lane >= 0 && batch.length < this.options.maxSize; lane = this.oldestLane()) {
      batch.push(this.take(lane));
    }
    this.start(batch, null);
  }

  /**
   * Asked only where a batch would start: whether it waits because `holdMs` asks, within `maxHoldMs`
   * for the oldest item (never during a drain); arms the timer.
   */
  private held(): boolean {
    const maxHold = this.options.maxHoldMs ?? 0;
    if (maxHold <= 0 || this.draining > 0) return false;
    const hold = this.options.holdMs?.() ?? 0;
    if (hold <= 0) return false;
    const oldest = this.waiting[this.oldestLane()]?.peekFront();
    if (!oldest) return false;
    const left = this.options.waitMs + maxHold - (performance.now() - oldest.enqueuedAt);
    if (left <= 0) return false;
    this.armTimer(Math.min(hold, left));
    return true;
  }

  /** Each free lane with waiting items starts a batch of up to maxSize of them, oldest first. */
  private startFreeLanes(): void {
    this.waiting.forEach((queue, lane) => {
      if (this.busy[lane] || queue.length === 0) return;
      const batch: Pending<T, R>[] = [];
      while (queue.length > 0 && batch.length < this.options.maxSize) batch.push(this.take(lane));
      this.start(batch, lane);
    });
  }

  /** The lane whose first waiting item arrived first; -1 when nothing waits. */
  private oldestLane(): number {
    let oldest = -1;
    let oldestSeq = Infinity;
    this.waiting.forEach((queue, lane) => {
      const seq = queue.peekFront()?.seq ?? Infinity;
      if (seq < oldestSeq) {
        oldest = lane;
        oldestSeq = seq;
      }
    });
    return oldest;
  }

  private take(lane: number): Pending<T, R> {
    const pending = this.waiting[lane]?.shift();
    if (!pending) throw new Error(`lane ${String(lane)} has nothing waiting`);
    this.waitingCount--;
    return pending;
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

  /** `lane` null: a batch of every lane's items, which holds them all until it settles. */
  private start(batch: Pending<T, R>[], lane: number | null): void {
    this.running++;
    this.setBusy(lane, true);
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
        this.setBusy(lane, false);
        this.schedule();
        // Idle, or drain() must loop to force what still waits.
        if (this.running === 0) for (const wake of this.idleWaiters.splice(0)) wake();
      });
  }

  private setBusy(lane: number | null, busy: boolean): void {
    if (lane === null) this.busy.fill(busy);
    else this.busy[lane] = busy;
  }
}
