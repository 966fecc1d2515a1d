// Storage yields to live delivery. When the main thread falls behind with fanning messages out to
// sockets, ingest's worker holds back its next batches for a moment: on a node whose database shares
// its cores, every batch costs PostgreSQL and the worker CPU the main thread needs to catch up, and
// a live reading that waits for it reaches the browser late. Storing only moves later (within
// INGEST_YIELD_MS for its oldest message); nothing is dropped and acknowledgements still follow
// commits. Both threads see one shared word, so the worker learns of a backlog without a message.

/** From this wait for the main thread (ms) on, a message counts as late. */
const lateAfterMs = 25;
/** How long one late message asks the worker to hold back (ms). */
const holdForMs = 50;
/** Observations that would move the deadline by less than this (ms) leave it, sparing a store per message. */
const stepMs = 10;

/**
 * Milliseconds on the monotonic clock, the same in every thread of the process (performance.now()
 * starts anew in each worker; the wall clock may step back and leave a deadline far ahead).
 */
export const monotonicMs = (): number => Number(process.hrtime.bigint() / 1_000_000n);

export class FanOutPressure {
  private readonly until: BigInt64Array;
  private lastSet = 0;

  /** Pass `buffer` of one side to the other (worker data) so both see the same deadline. */
  constructor(readonly buffer: SharedArrayBuffer = new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT)) {
    this.until = new BigInt64Array(buffer, 0, 1);
  }

  /** The main thread: a message waited this long (ms) for its turn to go to the sockets. */
  observe(waitedMs: number, now = monotonicMs()): void {
    if (waitedMs < lateAfterMs) return;
    const until = Math.round(now + holdForMs);
    if (until - this.lastSet < stepMs) return;
    this.lastSet = until;
    Atomics.store(this.until, 0, BigInt(until));
  }

  /** The worker: how long new batches should still wait (ms, 0: not at all). */
  holdMs(now = monotonicMs()): number {
    return Math.max(0, Number(Atomics.load(this.until, 0)) - now);
  }
}
