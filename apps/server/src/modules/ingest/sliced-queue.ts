// Hands items to a function in slices of at most `sliceMs` of work, one slice per turn of the event
// loop. A broker read or a worker post can carry hundreds of module messages, each fanned out to its
// listeners' sockets; done in one go, that held the loop for hundreds of milliseconds, and every
// timer, socket read and HTTP request behind it waited. Between slices they get their turn; order
// is kept. The slice is bounded by time, not by count: under load a loop turn takes longer, and a
// fixed count per turn would then fall behind the arrivals for good.
import Denque from 'denque';

export class SlicedQueue<T> {
  // A double-ended queue: taking from the front frees what was taken, also while arrivals never let
  // it run empty.
  private readonly items = new Denque<T>();
  private scheduled = false;

  constructor(
    private readonly sliceMs: number,
    private readonly handle: (item: T) => void,
    private readonly onError: (err: unknown) => void,
  ) {}

  get size(): number {
    return this.items.length;
  }

  push(items: readonly T[]): void {
    for (const item of items) this.items.push(item);
    if (!this.scheduled && this.size > 0) {
      this.scheduled = true;
      setImmediate(this.run);
    }
  }

  private readonly run = (): void => {
    const deadline = performance.now() + this.sliceMs;
    while (this.items.length > 0) {
      const item = this.items.shift() as T;
      try {
        this.handle(item);
      } catch (err) {
        this.onError(err);
      }
      if (performance.now() >= deadline) break;
    }
    if (this.items.length === 0) this.scheduled = false;
    else setImmediate(this.run);
  };
}
