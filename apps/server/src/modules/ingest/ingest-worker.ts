// Ingest in a worker thread of the server process, used with a PostgreSQL server (docs/realtime.md
// §2): the MQTT transport (the embedded broker, or the subscription to MQTT_URL), parsing, contract
// validation and the batched transactions run here, so the main thread's event loop is left to
// HTTP and to fanning messages out to sockets. A QoS 1 message is still acknowledged here only
// after its batch committed. Validated messages go to the main thread as one post per turn of this
// thread's loop (one broker read), committed batches as the organisations to notify.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { databaseTarget } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { systemClock } from '../../lib/clock.ts';
import { lowerThreadPriority } from '../../lib/thread-priority.ts';
import { databaseUnavailability } from '../../lib/database-errors.ts';
import { createMqttTransport } from '../../plugins/mqtt.ts';
import { LiftEventRecorder } from '../events/event-recorder.ts';
import { EventsRepository } from '../events/events.repository.ts';
import { EventNotificationsRepository } from '../notifications/event-notifications.repository.ts';
import { EventNotifications } from '../notifications/event-notifications.ts';
import { MailQueueRepository } from '../notifications/mail-queue.repository.ts';
import { createIngestCore } from './ingest-core.ts';
import { FanOutPressure, monotonicMs } from './fan-out-pressure.ts';
import type { Arrival, FromWorker, IngestWorkerData, ToWorker, WorkerReplyValue } from './ingest-worker-protocol.ts';

/** Arrivals posted at once when this many wait, so the main thread starts on a long read early. */
const maxArrivalsPerPost = 100;
const statusIntervalMs = 250;

const port = parentPort;
if (!port) throw new Error('ingest-worker.ts runs as a worker thread (see ingest-worker-host.ts)');
const { config, logLevel, fanOutPressure } = workerData as IngestWorkerData;
const pressure = new FanOutPressure(fanOutPressure);
if (!config.databaseUrl) throw new Error('the ingest worker needs DATABASE_URL');

const log: FastifyBaseLogger = pino({ level: logLevel, name: 'ingest-worker' });
if (config.ingest.workerNice > 0) {
  // Under CPU contention the main thread's sockets and HTTP run first; storing waits (and the broker
  // holds the unacknowledged messages meanwhile).
  const nice = lowerThreadPriority(config.ingest.workerNice);
  if (nice === null) log.warn('INGEST_WORKER_NICE has no effect here (no per-thread priority)');
}
const post = (message: FromWorker) => port.postMessage(message);
// The same timeouts as the main thread: a batch stuck behind a lock for longer is cancelled and
// its messages come again, instead of holding its modules locked.
const database = await openDatabase(databaseTarget(config));
const { db } = database;

const events = new LiftEventRecorder(
  new EventsRepository(db),
  new EventNotifications(
    new EventNotificationsRepository(db),
    new MailQueueRepository(db),
    systemClock,
    config.publicUrl,
  ),
  // The mail worker lives on the main thread.
  { wake: () => post({ type: 'wakeMail' }) },
  log.child({ module: 'events' }),
);

let arrivals: Arrival[] = [];
const postArrivals = () => {
  if (arrivals.length === 0) return;
  post({ type: 'arrivals', messages: arrivals });
  arrivals = [];
};

const core = createIngestCore(
  db,
  systemClock,
  log,
  {
    // Subscription mails are queued in the batch's transaction, as on the main thread.
    eventsCreated: async (eventIds, tx) => {
      await events.notifyEventsCreated(eventIds, { db: tx });
    },
    committed: (batch) => post({ type: 'committed', batch, counters: core.pipeline.counters }),
  },
  {
    batchSize: config.ingest.batchSize,
    batchWaitMs: config.ingest.batchWaitMs,
    concurrency: config.ingest.concurrency,
    yieldTo:
      config.ingest.yieldMs > 0 ? { holdMs: () => pressure.holdMs(), maxHoldMs: config.ingest.yieldMs } : undefined,
    onStored: config.metricsToken ? (size, lagsMs) => post({ type: 'stored', size, lagsMs }) : undefined,
    onArrival: (m) => {
      // Once the packets of this broker read are through (mqtt.js takes them in one run of
      // process.nextTick callbacks), before any other I/O callback, such as a batch's query
      // result, runs: one post carries every message of a read and leaves at once.
      if (arrivals.length === 0) queueMicrotask(postArrivals);
      const readAt = monotonicMs();
      arrivals.push(
        m.kind === 'module'
          ? { kind: 'module', es: m.es, message: m.message, readAt }
          : { kind: 'provisioning', es: m.es, message: m.message, readAt },
      );
      if (arrivals.length >= maxArrivalsPerPost) postArrivals();
    },
  },
);
const transport = createMqttTransport(config.mqtt, core.pipeline, log.child({ module: 'mqtt' }));

let lastStatus = '';
const postStatus = () => {
  const status = { connected: transport.connected, port: transport.port };
  const key = JSON.stringify(status);
  if (key === lastStatus) return;
  lastStatus = key;
  post({ type: 'status', ...status });
};
const statusTimer = setInterval(postStatus, statusIntervalMs);
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

async function handle(request: ToWorker): Promise<WorkerReplyValue> {
  switch (request.type) {
    case 'submit':
      return core.pipeline.submit(request.result, request.where);
    case 'submitMqtt': {
      const { payload } = request;
      return core.pipeline.submitMqtt(
        request.topic,
        Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength),
      );
    }
    case 'drain':
      await core.pipeline.drain();
      return null;
    case 'flush':
      await core.flush();
      return null;
    case 'mqttStart':
      await transport.start();
      postStatus();
      return { port: transport.port };
    case 'mqttStop':
      await transport.stop();
      postStatus();
      return null;
    case 'loopDelay': {
      const value = {
        p50: loopDelay.percentile(50) / 1e6,
        p99: loopDelay.percentile(99) / 1e6,
        max: loopDelay.max / 1e6,
      };
      loopDelay.reset();
      return value;
    }
    case 'close':
      // The transport first, so what it took in is stored and acknowledged before the pool closes.
      await transport.stop();
      await core.flush();
      clearInterval(statusTimer);
      loopDelay.disable();
      await database.close();
      return null;
  }
}

port.on('message', (request: ToWorker) => {
  handle(request).then(
    (value) => post({ type: 'reply', id: request.id, ok: true, value, counters: core.pipeline.counters }),
    (err: unknown) =>
      post({
        type: 'reply',
        id: request.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
        unavailable: databaseUnavailability(err),
        counters: core.pipeline.counters,
      }),
  );
});
post({ type: 'ready' });
