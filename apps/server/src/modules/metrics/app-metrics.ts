// The metrics of one app instance, in a registry of its own (tests build several apps in one
// process; prom-client's global registry would mix them). Modules record through app.metrics:
// counts and histograms as things happen, gauges read when Prometheus scrapes. With metrics off
// (no METRICS_TOKEN) the same calls go to a stand-in that does nothing and costs nothing.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What ingest has tallied since start (its pipeline's counters). */
export interface IngestTallies {
  received: number;
  rejected: Readonly<Record<string, number>>;
}

/** The database's connections: a pg pool's, or PGlite's one (idle and waiting unknown: null). */
export interface PoolStats {
  total: number;
  idle: number | null;
  waiting: number | null;
}

export interface AppMetrics {
  readonly enabled: boolean;
  /** Prometheus text format of every metric; only called with metrics on. */
  scrape(): Promise<{ contentType: string; text: string }>;
  /** A response went out: `route` is the route's pattern (/liftwacht/lift/:id), never the raw URL. */
  httpResponse(route: string, method: string, statusCode: number, ms: number): void;
  /** A batch of module messages was stored: its size and, per message, received → stored in ms. */
  ingestBatchStored(size: number, lagsMs: readonly number[]): void;
  /** A module message from the ingest worker reached its sockets' hand-off after waiting `ms` for the main thread. */
  fanOutWaited(ms: number): void;
  /** Read on scrape: ingest's running tallies of received and rejected messages. */
  readIngestTallies(read: () => IngestTallies): void;
  /** Read on scrape: Socket.IO sockets connected to this node. */
  readSockets(read: () => number): void;
  /** Read on scrape: the database's connections. */
  readPool(kind: string, read: () => PoolStats): void;
  /** Read on scrape (a query): mails waiting to be sent. */
  readMailQueueDepth(read: () => Promise<number>): void;
}

export const noMetrics: AppMetrics = {
  enabled: false,
  scrape: () => Promise.reject(new Error('metrics are off')),
  httpResponse: () => undefined,
  ingestBatchStored: () => undefined,
  fanOutWaited: () => undefined,
  readIngestTallies: () => undefined,
  readSockets: () => undefined,
  readPool: () => undefined,
  readMailQueueDepth: () => undefined,
};

const httpMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** Seconds: from a cached health answer to a large export's first bytes. */
const httpBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Messages per transaction, up to INGEST_BATCH_SIZE's maximum. */
const batchBuckets = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2000, 5000];
/** Seconds from arrival to commit: the batch wait (25 ms; PGlite 250), the transaction, any backlog. */
const lagBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds a live message waits for the main thread: a few ms while it keeps up, 0.1 s is a target's limit. */
const fanOutBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createAppMetrics(onScrapeError: (what: string, err: unknown) => void): AppMetrics {
  const registry = new Registry();
  // Process CPU, memory, GC, handles, and nodejs_eventloop_lag_* (seconds).
  collectDefaultMetrics({ register: registry });

  let ingestTallies: (() => IngestTallies) | null = null;
  let sockets: (() => number) | null = null;
  let pool: { kind: string; read: () => PoolStats } | null = null;
  let mailQueueDepth: (() => Promise<number>) | null = null;

  const http = new Histogram({
    name: 'liftwacht_http_request_duration_seconds',
    help: 'HTTP responses by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'],
    buckets: httpBuckets,
    registers: [registry],
  });
  const batchSize = new Histogram({
    name: 'liftwacht_ingest_batch_size',
    help: 'Module messages stored per ingest transaction',
    buckets: batchBuckets,
    registers: [registry],
  });
  const lag = new Histogram({
    name: 'liftwacht_ingest_lag_seconds',
    help: 'Module messages from arrival at ingest to their batch committed',
    buckets: lagBuckets,
    registers: [registry],
  });
  const fanOutWait = new Histogram({
    name: 'liftwacht_realtime_fanout_wait_seconds',
    help: 'Module messages from the ingest worker reading them to the main thread handing them to their sockets',
    buckets: fanOutBuckets,
    registers: [registry],
  });
  // Counters kept by ingest itself (also in its worker thread): copied on scrape, so this is the
  // same tally ingest logs and answers with, never a second count that could drift from it.
  new Counter({
    name: 'liftwacht_ingest_messages_received_total',
    help: 'Module messages handed to ingest (MQTT and HTTP), valid or not',
    registers: [registry],
    collect() {
      if (!ingestTallies) return;
      this.reset();
      this.inc(ingestTallies().received);
    },
  });
  new Counter({
    name: 'liftwacht_ingest_messages_rejected_total',
    help: 'Module messages rejected, by reason',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      if (!ingestTallies) return;
      this.reset();
      for (const [reason, count] of Object.entries(ingestTallies().rejected)) this.inc({ reason }, count);
    },
  });
  new Gauge({
    name: 'liftwacht_socketio_sockets',
    help: 'Socket.IO sockets connected to this node',
    registers: [registry],
    collect() {
      if (sockets) this.set(sockets());
    },
  });
  new Gauge({
    name: 'liftwacht_db_pool_connections',
    help: "The database's connections by state (PGlite: one, in this process)",
    labelNames: ['kind', 'state'],
    registers: [registry],
    collect() {
      if (!pool) return;
      const stats = pool.read();
      this.set({ kind: pool.kind, state: 'total' }, stats.total);
      if (stats.idle !== null) this.set({ kind: pool.kind, state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'liftwacht_db_pool_waiting_queries',
    help: 'Queries waiting for a free connection of the pool (PostgreSQL server only)',
    registers: [registry],
    collect() {
      const waiting = pool?.read().waiting;
      if (waiting !== undefined && waiting !== null) this.set(waiting);
    },
  });
  new Gauge({
    name: 'liftwacht_mail_queue_depth',
    help: 'Notification mails waiting to be sent (not sent, attempts left)',
    registers: [registry],
    async collect() {
      if (!mailQueueDepth) return;
      try {
        this.set(await mailQueueDepth());
      } catch (err) {
        // The rest of the scrape still answers; the gauge is left out until the database is back.
        this.reset();
        onScrapeError('mail queue depth', err);
      }
    },
  });

  return {
    enabled: true,
    scrape: async () => ({ contentType: registry.contentType, text: await registry.metrics() }),
    httpResponse(route, method, statusCode, ms) {
      http.observe(
        {
          route,
          method: httpMethods.has(method) ? method : 'other',
          status_class: `${String(Math.floor(statusCode / 100))}xx`,
        },
        ms / 1000,
      );
    },
    ingestBatchStored(size, lagsMs) {
      batchSize.observe(size);
      for (const ms of lagsMs) lag.observe(ms / 1000);
    },
    fanOutWaited(ms) {
      fanOutWait.observe(ms / 1000);
    },
    readIngestTallies: (read) => (ingestTallies = read),
    readSockets: (read) => (sockets = read),
    readPool: (kind, read) => (pool = { kind, read }),
    readMailQueueDepth: (read) => (mailQueueDepth = read),
  };
}
