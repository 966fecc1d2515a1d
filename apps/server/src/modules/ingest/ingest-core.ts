// The parts of ingest that store messages — pipeline, service, repository, the sense-data writer —
// built the same way on the main thread (PGlite, or INGEST_WORKER=off) and in ingest's worker thread.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { IngestPipeline, type IngestPipelineOptions } from './ingest-pipeline.ts';
import { IngestRepository } from './ingest.repository.ts';
import { IngestService, type IngestHooks } from './ingest.service.ts';
import type { ParsedMessage } from './message-parser.ts';
import { SenseDataWriter } from './sense-data-writer.ts';

export interface IngestCoreOptions {
  batchSize: number;
  batchWaitMs: number;
  concurrency: number;
  /** Storage yields to live delivery (fan-out-pressure.ts). */
  yieldTo?: IngestPipelineOptions['yieldTo'];
  onArrival: (message: ParsedMessage) => void;
  onStored?: (size: number, lagsMs: number[]) => void;
}

export interface IngestCore {
  pipeline: IngestPipeline;
  /** Stores everything handed in so far, latest readings included. */
  flush(): Promise<void>;
}

export function createIngestCore(
  db: Db,
  clock: Clock,
  log: FastifyBaseLogger,
  hooks: IngestHooks,
  options: IngestCoreOptions,
): IngestCore {
  const repository = new IngestRepository(db);
  const readings = new SenseDataWriter(repository, log.child({ module: 'sense-data' }));
  const service = new IngestService(repository, clock, hooks, readings);
  const pipeline = new IngestPipeline(service, clock, log.child({ module: 'ingest' }), options);
  return {
    pipeline,
    flush: async () => {
      await pipeline.drain();
      await readings.flush();
    },
  };
}
