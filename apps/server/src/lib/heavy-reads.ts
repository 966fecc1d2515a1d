// Reads that take much of one process — an organisation report drawn for 1,000 lifts, a comparison
// of twelve periods — share it with every other request: a gate lets a few run at once and queues
// the rest (a bounded queue: beyond it the caller is asked to come back), and a turn giver lets a
// long synchronous loop hand the event loop a turn now and then, so /health and the sockets answer.
import { performance } from 'node:perf_hooks';
import { AppError } from './app-error.ts';

export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    /** How many may run at once. */
    readonly limit: number,
    /** How many may wait; one more is refused with 503 and Retry-After. */
    readonly maxQueued: number,
    private readonly retryAfterSeconds = 10,
  ) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Runs `work` once fewer than `limit` run; waits in call order meanwhile. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running++;
    else if (this.waiting.length >= this.maxQueued) throw busy(this.retryAfterSeconds);
    // The finishing run hands its place over, so `running` never dips and lets a newcomer pass.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const busy = (retryAfterSeconds: number) =>
  new AppError(503, 'unavailable', 'Too many reports are being made right now; try again shortly', undefined, {
    'retry-after': String(retryAfterSeconds),
  });

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * For a long synchronous loop made async: `await turn()` in it gives the event loop one turn
 * (setImmediate) once `budgetMs` have passed since the last, and costs nothing otherwise.
 */
export function turnGiver(budgetMs = 20): () => Promise<void> | undefined {
  let last = performance.now();
  return () => {
    if (performance.now() - last < budgetMs) return undefined;
    return nextTurn().then(() => {
      last = performance.now();
    });
  };
}
