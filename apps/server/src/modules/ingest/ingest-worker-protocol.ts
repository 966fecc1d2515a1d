// What the main thread and ingest's worker thread say to each other (ingest-worker.ts,
// ingest-worker-host.ts). Everything here crosses threads by structured clone.
import type { ModuleMessage, ProvisioningMessage } from '@liftwacht/contracts/ingest';
import type { Config } from '../../config.ts';
import type { DatabaseUnavailability } from '../../lib/database-errors.ts';
import type { IngestCounters } from './ingest-pipeline.ts';
import type { CommittedBatch, ItemOutcome } from './ingest.service.ts';
import type { ParseResult } from './message-parser.ts';

export interface IngestWorkerData {
  config: Config;
  /** The app logger's level, so the worker logs what the main thread would. */
  logLevel: string;
  /** The main thread's fan-out backlog, shared (fan-out-pressure.ts). */
  fanOutPressure: SharedArrayBuffer;
}

/** A validated module message on its way to the sockets (all the publisher needs of it). */
export type LiveMessage =
  | { kind: 'module'; es: string; message: ModuleMessage }
  | {
      kind: 'provisioning';
      es: string;
      message: ProvisioningMessage;
    };

/**
 * A live message posted by the worker, with when it read it (`monotonicMs`, the same clock in every
 * thread and never stepped): the main thread measures how long it waited for its turn.
 */
export type Arrival = LiveMessage & { readAt: number };

/** Requests the main thread sends; each gets one `reply` with the same id. */
export type WorkerRequest =
  | { type: 'submit'; result: ParseResult; where: string }
  | { type: 'submitMqtt'; topic: string; payload: Uint8Array }
  | { type: 'drain' }
  | { type: 'flush' }
  | { type: 'mqttStart' }
  | { type: 'mqttStop' }
  | { type: 'close' }
  /** The worker's event-loop delay since the last such request (ms), for benchmarks and diagnosis. */
  | { type: 'loopDelay' };

export type ToWorker = WorkerRequest & { id: number };

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export type WorkerReplyValue = ItemOutcome | { port: number | null } | LoopDelay | null;

export type FromWorker =
  | { type: 'ready' }
  | { type: 'reply'; id: number; ok: true; value: WorkerReplyValue; counters: IngestCounters }
  | {
      type: 'reply';
      id: number;
      ok: false;
      error: string;
      /** Set when the database was unavailable, so HTTP ingest can answer 503 rather than 500. */
      unavailable: DatabaseUnavailability | null;
      counters: IngestCounters;
    }
  /** Messages validated since the last post, in arrival order. */
  | { type: 'arrivals'; messages: Arrival[] }
  | { type: 'committed'; batch: CommittedBatch; counters: IngestCounters }
  /** A stored batch's size and its messages' ms from submit to commit (metrics). */
  | { type: 'stored'; size: number; lagsMs: number[] }
  | { type: 'status'; connected: boolean; port: number | null }
  | { type: 'wakeMail' };
