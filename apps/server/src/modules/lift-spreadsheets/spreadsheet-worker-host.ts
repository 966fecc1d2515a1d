// The main thread's side of the spreadsheet workers (spreadsheet-worker.ts): at most two threads,
// started on first use and ended after a minute without work, each reading one file at a time;
// further files wait their turn (a bounded queue: beyond it the upload answers 503). A thread
// has a heap limit and a time limit: a file that needs more (whatever slipped past the limits)
// ends its thread and answers 413, and the next task gets a new thread.
import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.ts';
import { importTypeScript } from '../../lib/typescript-worker-source.ts';
import { tooHeavy } from './sheet-limits.ts';
import type { Sheet } from './spreadsheet-reader.ts';
import type { FromWorker, WorkerTask } from './spreadsheet-worker-protocol.ts';

export interface SpreadsheetWorkerOptions {
  threads: number;
  /** Tasks waiting for a thread, beyond those running. */
  queue: number;
  taskTimeoutMs: number;
  idleMs: number;
  heapMb: number;
}

const defaults: SpreadsheetWorkerOptions = {
  threads: 2,
  queue: 16,
  taskTimeoutMs: 60_000,
  idleMs: 60_000,
  heapMb: 1024,
};

/**
 * The worker's code: under tsx (tests, CLIs, `npm run dev`) the TypeScript beside this file; in the
 * built server (scripts/build-server.mjs) the bundle spreadsheet-worker.js beside main.js.
 */
function workerSource(): string {
  if (!import.meta.url.endsWith('.ts')) {
    return `import(${JSON.stringify(new URL('./spreadsheet-worker.js', import.meta.url).href)});`;
  }
  return `${importTypeScript(new URL('./spreadsheet-worker.ts', import.meta.url))};`;
}

interface Pending {
  task: WorkerTask;
  transfer: ArrayBuffer[];
  resolve: (reply: Extract<FromWorker, { ok: true }>) => void;
  reject: (err: Error) => void;
}

interface Thread {
  worker: Worker;
  busy: Pending | null;
  timer: NodeJS.Timeout | null;
}

export class SpreadsheetWorkers {
  private readonly options: SpreadsheetWorkerOptions;
  private readonly threads = new Set<Thread>();
  private readonly waiting: Pending[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: Partial<SpreadsheetWorkerOptions> = {}) {
    this.options = { ...defaults, ...options };
  }

  /** The upload read within the limits: the sheet, and the sheet packed for storing (stored-sheet.ts). */
  async read(bytes: Buffer): Promise<{ sheet: Sheet; packed: Buffer }> {
    // A copy the worker can own: the request's buffer may be a slice of a larger one.
    const copy = new Uint8Array(bytes);
    const reply = await this.run({ kind: 'read', bytes: copy }, [copy.buffer]);
    if (!reply.packed) throw new Error('the spreadsheet worker packed nothing');
    return { sheet: reply.sheet, packed: Buffer.from(reply.packed) };
  }

  /** A stored sheet unpacked. */
  async unpack(packed: Buffer): Promise<Sheet> {
    const copy = new Uint8Array(packed);
    return (await this.run({ kind: 'unpack', packed: copy }, [copy.buffer])).sheet;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.waiting.splice(0)) pending.reject(unavailable());
    await Promise.all([...this.threads].map((thread) => this.end(thread)));
  }

  private run(task: WorkerTask, transfer: ArrayBuffer[]): Promise<Extract<FromWorker, { ok: true }>> {
    if (this.closed) return Promise.reject(unavailable());
    if (this.waiting.length >= this.options.queue) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      this.waiting.push({ task, transfer, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let thread = [...this.threads].find((candidate) => candidate.busy === null);
      if (!thread && this.threads.size < this.options.threads) thread = this.start();
      if (!thread) return;
      const pending = this.waiting.shift();
      if (!pending) return;
      this.assign(thread, pending);
    }
  }

  private start(): Thread {
    const worker = new Worker(workerSource(), {
      eval: true,
      name: 'liftwacht-spreadsheets',
      resourceLimits: { maxOldGenerationSizeMb: this.options.heapMb },
    });
    // An idle thread does not keep the process alive.
    worker.unref();
    const thread: Thread = { worker, busy: null, timer: null };
    worker.on('message', (reply: FromWorker) => this.replied(thread, reply));
    worker.on('error', (err) => this.failed(thread, err));
    worker.once('exit', () => this.failed(thread, new Error('the spreadsheet worker stopped')));
    this.threads.add(thread);
    return thread;
  }

  private assign(thread: Thread, pending: Pending): void {
    thread.busy = pending;
    if (thread.timer) clearTimeout(thread.timer);
    // Too long for any file the limits allow: the thread is ended, the file refused.
    thread.timer = setTimeout(() => this.failed(thread, tooHeavy()), this.options.taskTimeoutMs);
    thread.timer.unref();
    thread.worker.postMessage({ ...pending.task, id: this.nextId++ }, pending.transfer);
  }

  private replied(thread: Thread, reply: FromWorker): void {
    const pending = thread.busy;
    thread.busy = null;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = setTimeout(() => void this.end(thread), this.options.idleMs);
    thread.timer.unref();
    if (pending) {
      if (reply.ok) pending.resolve(reply);
      else if (reply.refusal) {
        const { statusCode, code, message, field } = reply.refusal;
        pending.reject(new AppError(statusCode, code, message, field));
      } else pending.reject(new Error(`reading the spreadsheet failed: ${reply.error}`));
    }
    this.dispatch();
  }

  /** The thread died (out of memory, a crash) or overran its time: its task is refused, the thread ended. */
  private failed(thread: Thread, err: Error): void {
    if (!this.threads.has(thread)) return;
    const pending = thread.busy;
    thread.busy = null;
    void this.end(thread);
    if (pending) {
      const outOfMemory = (err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      pending.reject(err instanceof AppError || !outOfMemory ? err : tooHeavy());
    }
    this.dispatch();
  }

  private async end(thread: Thread): Promise<void> {
    if (!this.threads.delete(thread)) return;
    if (thread.timer) clearTimeout(thread.timer);
    thread.busy?.reject(unavailable());
    await thread.worker.terminate();
  }
}

const busy = () =>
  new AppError(503, 'unavailable', 'Too many spreadsheets are being read right now; try again in a minute', 'file', {
    'retry-after': '60',
  });
const unavailable = () => new AppError(503, 'unavailable', 'The server is stopping; try again shortly');
