// A background pass on each node (module health, visit timeouts, approval expiry, escalations,
// webhooks, scheduled reports): a job extends this with its pass and is started by main.ts with its
// fallback interval. A pass that is still going on is joined rather than doubled, a failed one is
// logged and the next one tries again, and stop() waits for the pass in progress.
//
// Between ticks a pass runs when something it cares about changed on this node (wake()) or when
// the job knows when it is next due (wakeIn()), so a quiet server does not poll for nothing. The
// interval is the fallback for what no wake reaches: another node's changes, a writer that does not
// wake, time passing. Correctness never hangs on a wake: every pass keeps its own exactly-once guard.
import type { FastifyBaseLogger } from 'fastify';
import { databaseUnavailability } from './database-errors.ts';

/** How long after start() a job's catch-up pass runs (catchUpSoon()). */
export const catchUpDelayMs = 3_000;

export abstract class PeriodicPass<T> {
  #interval: NodeJS.Timeout | null = null;
  #soon: NodeJS.Timeout | null = null;
  #soonAt = Infinity;
  #running: Promise<T> | null = null;
  /** A wake came while a pass ran: it may have read before the change committed, so one more. */
  #again = false;
  #started = false;
  readonly #name: string;
  readonly #log: Pick<FastifyBaseLogger, 'warn' | 'error'>;

  /** `name`: how the logs call the pass ("visit timeouts"). */
  constructor(name: string, log: Pick<FastifyBaseLogger, 'warn' | 'error'>) {
    this.#name = name;
    this.#log = log;
  }

  /** One pass's work; its result is what runOnce() answers. */
  protected abstract pass(): Promise<T>;

  /** Runs a pass every `intervalMs`, and on wakes, until stop(). */
  start(intervalMs: number): void {
    if (this.#started) return;
    this.#started = true;
    // A tick while a pass runs joins it; only a wake asks for one more after it.
    this.#interval = setInterval(() => this.#run(false), intervalMs);
    this.#interval.unref();
  }

  async stop(): Promise<void> {
    this.#started = false;
    if (this.#interval) clearInterval(this.#interval);
    if (this.#soon) clearTimeout(this.#soon);
    this.#interval = null;
    this.#soon = null;
    this.#soonAt = Infinity;
    await this.#running?.catch(() => undefined);
  }

  /** Whether the job runs on its own (started and not stopped); a long pass may end early when not. */
  protected get active(): boolean {
    return this.#started;
  }

  /** One pass now; joined when one is going on. */
  runOnce(): Promise<T> {
    this.#running ??= this.pass().finally(() => {
      this.#running = null;
      if (this.#again) {
        this.#again = false;
        this.wake();
      }
    });
    return this.#running;
  }

  /**
   * A pass soon, on this turn's wakes together: something it cares about changed. Nothing before
   * start() (tests run their passes by hand) or after stop().
   */
  wake(): void {
    this.wakeIn(0);
  }

  /**
   * The catch-up pass after a start (what fell due while the server was down), a little later than
   * at once: a restarting server answers its first requests before the pass loads what it needs
   * (the scheduled reports' holiday calendars cost about 0.2 s of CPU on first use).
   */
  protected catchUpSoon(): void {
    this.wakeIn(catchUpDelayMs);
  }

  /** A pass in `ms` at the latest (when the job knows its next due time); the earliest asked wins. */
  protected wakeIn(ms: number): void {
    if (!this.#started) return;
    const at = Date.now() + Math.max(0, ms);
    if (this.#soon && this.#soonAt <= at) return;
    if (this.#soon) clearTimeout(this.#soon);
    this.#soonAt = at;
    // A timer, not a microtask, even for 0: the wakes of one batch or request come together.
    this.#soon = setTimeout(
      () => {
        this.#soon = null;
        this.#soonAt = Infinity;
        this.#run(true);
      },
      Math.min(Math.max(0, ms), 2_147_483_647),
    );
    this.#soon.unref();
  }

  #run(again: boolean): void {
    if (!this.#started) return;
    if (this.#running) {
      if (again) this.#again = true;
      return;
    }
    this.runOnce().catch((err: unknown) => this.failed(err));
  }

  /** Logs a failed pass: a database outage is expected to pass, anything else is a bug to look at. */
  protected failed(err: unknown): void {
    if (databaseUnavailability(err)) this.#log.warn({ err }, `${this.#name} skipped: database unavailable`);
    else this.#log.error({ err }, `${this.#name} failed`);
  }
}
