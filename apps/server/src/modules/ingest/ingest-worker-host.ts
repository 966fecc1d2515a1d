// The main thread's side of ingest in a worker thread (ingest-worker.ts): starts the worker, stands
// in for its pipeline (HTTP ingest, tests and the benchmark submit and drain through it) and for its
// MQTT transport (app.mqtt), and hands what the worker reports — validated messages, committed
// batches — to the handlers. A worker that dies is started again; with MQTT_URL the broker then
// sends what was not acknowledged, with the embedded broker the modules do.
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { DatabaseUnavailableError } from '../../lib/database-errors.ts';
import { importTypeScript } from '../../lib/typescript-worker-source.ts';
import type { MqttTransport } from '../../plugins/mqtt.ts';
import { noIngestCounters, type IngestCounters, type IngestSink } from './ingest-pipeline.ts';
import type { CommittedBatch, ItemOutcome } from './ingest.service.ts';
import type {
  Arrival,
  FromWorker,
  IngestWorkerData,
  LoopDelay,
  ToWorker,
  WorkerReplyValue,
  WorkerRequest,
} from './ingest-worker-protocol.ts';
import type { ParseResult } from './message-parser.ts';

export interface IngestWorkerHandlers {
  /** Validated messages in arrival order, before they are stored. */
  arrivals(messages: Arrival[]): void;
  /** After a batch's commit. */
  committed(batch: CommittedBatch): void;
  wakeMail(): void;
  /** A stored batch, for metrics. */
  stored(size: number, lagsMs: number[]): void;
}

const restartDelayMs = 1000;

/**
 * The worker's code: under tsx (tests, CLIs, `npm run dev`) the TypeScript beside this file, for
 * which the thread registers tsx's loader first, as `tsx` does for the main thread; in the built
 * server (`npm start`, scripts/build-server.mjs) the bundle ingest-worker.js beside main.js.
 */
function workerSource(): string {
  if (!import.meta.url.endsWith('.ts')) {
    return `import(${JSON.stringify(new URL('./ingest-worker.js', import.meta.url).href)});`;
  }
  return `${importTypeScript(new URL('./ingest-worker.ts', import.meta.url))};`;
}

class WorkerMqttTransport implements MqttTransport {
  readonly mode: 'embedded' | 'external';

  constructor(
    private readonly host: IngestWorkerHost,
    external: boolean,
  ) {
    this.mode = external ? 'external' : 'embedded';
  }

  get port(): number | null {
    return this.host.mqttStatus.port;
  }

  get connected(): boolean {
    return this.host.mqttStatus.connected;
  }

  start(): Promise<void> {
    return this.host.startMqtt();
  }

  stop(): Promise<void> {
    return this.host.stopMqtt();
  }
}

export class IngestWorkerHost implements IngestSink {
  counters: IngestCounters = noIngestCounters();
  readonly mqtt: MqttTransport;
  mqttStatus: { connected: boolean; port: number | null } = { connected: false, port: null };
  /** How often the worker died and was started again: an outage of the database must not count. */
  restarts = 0;
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: WorkerReplyValue) => void; reject: (e: Error) => void }>();
  private mqttWanted = false;
  private closing = false;

  constructor(
    private readonly data: IngestWorkerData,
    private readonly handlers: IngestWorkerHandlers,
    private readonly log: FastifyBaseLogger,
  ) {
    this.mqtt = new WorkerMqttTransport(this, data.config.mqtt.url !== undefined);
  }

  /** Starts the worker; resolves once its database is open. */
  async start(): Promise<void> {
    const worker = new Worker(workerSource(), { eval: true, workerData: this.data, name: 'liftwacht-ingest' });
    await new Promise<void>((resolve, reject) => {
      const failed = (err: unknown) => reject(err instanceof Error ? err : new Error(String(err)));
      const exited = (code: number) => reject(new Error(`ingest worker exited with ${String(code)} while starting`));
      worker.once('error', failed);
      worker.once('exit', exited);
      worker.on('message', (message: FromWorker) => {
        if (message.type !== 'ready') {
          this.receive(message);
          return;
        }
        worker.off('error', failed);
        worker.off('exit', exited);
        resolve();
      });
    });
    worker.on('error', (err) => this.log.error({ err }, 'ingest worker failed'));
    worker.once('exit', (code) => this.exited(worker, code));
    this.worker = worker;
  }

  submit(result: ParseResult, where: string): Promise<ItemOutcome> {
    return this.request({ type: 'submit', result, where }) as Promise<ItemOutcome>;
  }

  submitMqtt(topic: string, payload: Buffer): Promise<ItemOutcome> {
    return this.request({ type: 'submitMqtt', topic, payload: new Uint8Array(payload) }) as Promise<ItemOutcome>;
  }

  async drain(): Promise<void> {
    await this.request({ type: 'drain' });
  }

  /** Stores everything handed in so far, latest readings included. */
  async flush(): Promise<void> {
    await this.request({ type: 'flush' });
  }

  /** The worker's event-loop delay since the previous call. */
  async loopDelay(): Promise<LoopDelay> {
    return (await this.request({ type: 'loopDelay' })) as LoopDelay;
  }

  async startMqtt(): Promise<void> {
    this.mqttWanted = true;
    const value = (await this.request({ type: 'mqttStart' })) as { port: number | null };
    // The first status post may still be on its way; the port is known now.
    this.mqttStatus = { connected: true, port: value.port };
  }

  async stopMqtt(): Promise<void> {
    this.mqttWanted = false;
    if (!this.worker) return;
    await this.request({ type: 'mqttStop' });
  }

  /** Stops the transport, stores what is in flight, closes the worker's database and the worker. */
  async close(): Promise<void> {
    this.closing = true;
    const worker = this.worker;
    if (!worker) return;
    try {
      await this.request({ type: 'close' });
    } finally {
      this.worker = null;
      await worker.terminate();
    }
  }

  private request(request: WorkerRequest): Promise<WorkerReplyValue> {
    const worker = this.worker;
    // Between a worker's death and its restart (which waits for the database): try again shortly.
    if (!worker) return Promise.reject(new DatabaseUnavailableError('the ingest worker is not running', 'outage'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id } satisfies ToWorker);
    });
  }

  private receive(message: FromWorker): void {
    switch (message.type) {
      case 'reply': {
        this.counters = message.counters;
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.ok) waiting?.resolve(message.value);
        else if (message.unavailable) waiting?.reject(new DatabaseUnavailableError(message.error, message.unavailable));
        else waiting?.reject(new Error(message.error));
        return;
      }
      case 'arrivals':
        this.handlers.arrivals(message.messages);
        return;
      case 'committed':
        this.counters = message.counters;
        this.handlers.committed(message.batch);
        return;
      case 'status':
        this.mqttStatus = { connected: message.connected, port: message.port };
        return;
      case 'wakeMail':
        this.handlers.wakeMail();
        return;
      case 'stored':
        this.handlers.stored(message.size, message.lagsMs);
        return;
      case 'ready':
        return;
    }
  }

  /** A worker that died is replaced: what it had not acknowledged comes again (ingest is idempotent). */
  private exited(worker: Worker, code: number): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.mqttStatus = { connected: false, port: null };
    for (const waiting of this.pending.values()) {
      waiting.reject(new DatabaseUnavailableError('the ingest worker stopped', 'outage'));
    }
    this.pending.clear();
    if (this.closing) return;
    this.restarts++;
    this.log.error({ code }, 'ingest worker stopped; starting it again');
    this.restartLater();
  }

  private restartLater(): void {
    setTimeout(() => {
      if (this.closing) return;
      this.start()
        .then(() => (this.mqttWanted ? this.startMqtt() : undefined))
        .catch((err: unknown) => {
          this.log.error({ err }, 'could not start the ingest worker again');
          this.restartLater();
        });
    }, restartDelayMs).unref();
  }
}
