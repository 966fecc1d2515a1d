// Wires ingest as app.ingest: the pipeline every transport (MQTT, HTTP) feeds, and the module
// health job. Messages go on to browsers (realtime) and new events to subscribers (mail) from here.
//
// With a PostgreSQL server (config.ingest.worker) the pipeline and the MQTT transport run in a
// worker thread of this process (ingest-worker.ts), and app.ingest.pipeline stands in for them;
// the main thread only hears of validated messages and committed batches. PGlite runs inside the
// main thread and takes one connection, so with it ingest stays here.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIngestCore } from './ingest-core.ts';
import type { IngestSink } from './ingest-pipeline.ts';
import { FanOutPressure, monotonicMs } from './fan-out-pressure.ts';
import { IngestWorkerHost } from './ingest-worker-host.ts';
import type { Arrival, LiveMessage } from './ingest-worker-protocol.ts';
import type { CommittedBatch, IngestHooks } from './ingest.service.ts';
import { ModuleHealthRepository } from './module-health.repository.ts';
import { QuarterHourDaysRepository } from './quarter-hour-days.repository.ts';
import { ModuleHealthJob } from './module-health.ts';
import { SlicedQueue } from './sliced-queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: {
      pipeline: IngestSink;
      /** Ingest's worker thread, when it runs in one. */
      worker: IngestWorkerHost | null;
      /** Silence and 72-hour rules; `start()`ed by main.ts, `runOnce()` in tests. */
      health: ModuleHealthJob;
      /** Stores everything handed in so far, latest readings included. */
      flush: () => Promise<void>;
      /** Hears every committed batch, after its commit (passes that wake on what ingest wrote). */
      onCommitted: (listener: (batch: CommittedBatch) => void) => void;
    };
  }
}

/** How often the health job looks for silent modules and untested alarm phones. */
export const healthCheckIntervalMs = 30_000;

/**
 * Fan-out work per turn of the event loop (a few hundred socket writes), between which HTTP,
 * timers and socket reads get their turn.
 */
const fanOutSliceMs = 5;

export const ingestPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners: ((batch: CommittedBatch) => void)[] = [];
    const committed = (batch: CommittedBatch) => {
      // Stored is stored: a failure to tell browsers must not turn into a failed batch.
      try {
        if (batch.createdEventIds.length > 0) app.mailQueue.wake();
        // Dashboards refetch what the batch changed, so they hear of it once it is committed.
        for (const [organisationId, kinds] of batch.organisations) {
          app.realtime.publisher.organisationChanged(organisationId, kinds);
        }
        for (const listener of listeners) listener(batch);
      } catch (err) {
        app.log.error({ err }, 'could not publish stored module messages');
      }
    };
    const hooks: IngestHooks = {
      // The events engineer's hook: subscription mails queued in the same transaction as the events.
      eventsCreated: async (eventIds, tx) => {
        await app.liftEvents.notifyEventsCreated(eventIds, { db: tx });
      },
      committed,
    };
    // A module's own messages go to the browsers listening to it as they arrive: waiting for the
    // batch's commit would add its round trips to every live reading.
    const publish = (m: LiveMessage) => {
      if (m.kind === 'module') app.realtime.publisher.moduleMessage(m.es, m.message);
      else app.realtime.publisher.provisioningMessage(m.es, m.message);
    };
    let pipeline: IngestSink;
    let worker: IngestWorkerHost | null = null;
    let flushIngest: () => Promise<void>;
    if (app.config.ingest.worker) {
      // What the worker posts is fanned out in slices, so a long post does not hold the main loop.
      // How long a message waited for its slice is the main thread's backlog, which its event-loop
      // lag does not show (every slice is short); docs/monitoring.md.
      // A backlog here makes the worker's storing yield for a moment (fan-out-pressure.ts).
      const pressure = new FanOutPressure();
      const yielding = app.config.ingest.yieldMs > 0;
      const fanOut = new SlicedQueue<Arrival>(
        fanOutSliceMs,
        (m) => {
          const now = monotonicMs();
          app.metrics.fanOutWaited(now - m.readAt);
          if (yielding) pressure.observe(now - m.readAt, now);
          publish(m);
        },
        (err) => app.log.error({ err }, 'could not publish a module message'),
      );
      // Without a logger (logger: false) Fastify's stand-in has no level, whatever its type says.
      const level = app.log.level as string | undefined;
      worker = new IngestWorkerHost(
        { config: app.config, logLevel: level ?? 'silent', fanOutPressure: pressure.buffer },
        {
          arrivals: (messages) => fanOut.push(messages),
          committed,
          wakeMail: () => app.mailQueue.wake(),
          stored: (size, lagsMs) => app.metrics.ingestBatchStored(size, lagsMs),
        },
        app.log.child({ module: 'ingest' }),
      );
      await worker.start();
      pipeline = worker;
      const host = worker;
      flushIngest = () => host.flush();
    } else {
      const core = createIngestCore(app.db, app.clock, app.log, hooks, {
        batchSize: app.config.ingest.batchSize,
        batchWaitMs: app.config.ingest.batchWaitMs,
        // PGlite runs one statement at a time; a PostgreSQL server overlaps batches' round trips.
        concurrency: app.database.kind === 'postgres' ? app.config.ingest.concurrency : 1,
        onStored: app.metrics.enabled ? (size, lagsMs) => app.metrics.ingestBatchStored(size, lagsMs) : undefined,
        // On one thread the fan-out stays in line with the reads: deferred behind them, it got only
        // what the reads left of each turn and fell behind for good at 3,000 msg/s.
        onArrival: (m) => {
          try {
            publish(m);
          } catch (err) {
            app.log.error({ err }, 'could not publish a module message');
          }
        },
      });
      pipeline = core.pipeline;
      flushIngest = () => core.flush();
    }
    const health = new ModuleHealthJob(
      new ModuleHealthRepository(app.db),
      new QuarterHourDaysRepository(app.db),
      app.clock,
      hooks,
      app.log.child({ module: 'module-health' }),
    );
    app.decorate('ingest', {
      pipeline,
      worker,
      health,
      flush: flushIngest,
      onCommitted: (listener) => listeners.push(listener),
    });
    const tallied = pipeline;
    app.metrics.readIngestTallies(() => tallied.counters);
    // After the transports stopped (their hooks run first): store what is in flight, then stop.
    app.addHook('onClose', async () => {
      await health.stop();
      await flushIngest();
      await worker?.close();
    });
  },
  { name: 'ingest', dependencies: ['core', 'realtime', 'lift-events', 'mail-queue', 'metrics'] },
);
