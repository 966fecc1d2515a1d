// Wires ingest as app.ingest: the pipeline every transport (MQTT, HTTP) feeds, and the module
// health job. Messages go on to browsers (realtime) and new events to subscribers (mail) from here.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IngestPipeline } from './ingest-pipeline.ts';
import { IngestRepository } from './ingest.repository.ts';
import { IngestService, type IngestHooks } from './ingest.service.ts';
import { ModuleHealthRepository } from './module-health.repository.ts';
import { ModuleHealthJob } from './module-health.ts';
import { SenseDataWriter } from './sense-data-writer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: {
      pipeline: IngestPipeline;
      /** Silence and 72-hour rules; `start()`ed by main.ts, `runOnce()` in tests. */
      health: ModuleHealthJob;
      /** Stores everything handed in so far, latest readings included. */
      flush: () => Promise<void>;
    };
  }
}

/** How often the health job looks for silent modules and untested alarm phones. */
export const healthCheckIntervalMs = 30_000;

export const ingestPlugin = fp(
  (app: FastifyInstance) => {
    const hooks: IngestHooks = {
      // The events engineer's hook: subscription mails queued in the same transaction as the events.
      eventsCreated: async (eventIds, tx) => {
        await app.liftEvents.notifyEventsCreated(eventIds, { db: tx });
      },
      committed: (batch) => {
        // Stored is stored: a failure to tell browsers must not turn into a failed batch.
        try {
          if (batch.createdEventIds.length > 0) app.mailQueue.wake();
          // Dashboards refetch what the batch changed, so they hear of it once it is committed.
          for (const [organisationId, kinds] of batch.organisations) {
            app.realtime.publisher.organisationChanged(organisationId, kinds);
          }
        } catch (err) {
          app.log.error({ err }, 'could not publish stored module messages');
        }
      },
    };
    const repository = new IngestRepository(app.db);
    const readings = new SenseDataWriter(repository, app.log.child({ module: 'sense-data' }));
    const service = new IngestService(repository, app.clock, hooks, readings);
    const pipeline = new IngestPipeline(service, app.clock, app.log.child({ module: 'ingest' }), {
      batchSize: app.config.ingest.batchSize,
      batchWaitMs: app.config.ingest.batchWaitMs,
      // PGlite runs one statement at a time; a PostgreSQL server overlaps batches' round trips.
      concurrency: app.database.kind === 'postgres' ? app.config.ingest.concurrency : 1,
      // A module's own messages go to the browsers listening to it as they arrive: waiting for the
      // batch's commit would add its round trips to every live reading.
      onArrival: (m) => {
        try {
          if (m.kind === 'module') app.realtime.publisher.moduleMessage(m.es, m.message);
          else app.realtime.publisher.provisioningMessage(m.es, m.message);
        } catch (err) {
          app.log.error({ err }, 'could not publish a module message');
        }
      },
    });
    const health = new ModuleHealthJob(
      new ModuleHealthRepository(app.db),
      app.clock,
      hooks,
      app.log.child({ module: 'module-health' }),
    );
    const flush = async () => {
      await pipeline.drain();
      await readings.flush();
    };
    app.decorate('ingest', { pipeline, health, flush });
    // After the transports stopped (their hooks run first): store what is in flight, then stop.
    app.addHook('onClose', async () => {
      await health.stop();
      await flush();
    });
  },
  { name: 'ingest', dependencies: ['core', 'realtime', 'lift-events', 'mail-queue'] },
);
