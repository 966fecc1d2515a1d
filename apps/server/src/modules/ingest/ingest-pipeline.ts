// The front door of ingest for every transport: validate, count, batch, store. A transport hands in
// what arrived and gets a promise that settles once the message is stored (or known to be a repeat
// or rejected); only then may it acknowledge. A rejected promise means "not stored, do not ack".
import type { FastifyBaseLogger } from 'fastify';
import type { IngestRejectionReason } from '@liftwacht/contracts/ingest';
import type { Clock } from '../../lib/clock.ts';
import { databaseUnavailability } from '../../lib/database-errors.ts';
import { Batcher } from './batcher.ts';
import type { IngestService, ItemOutcome } from './ingest.service.ts';
import { parseMqttMessage, type ParsedMessage, type ParseResult } from './message-parser.ts';

export interface IngestCounters {
  received: number;
  accepted: number;
  duplicates: number;
  rejected: Record<IngestRejectionReason, number>;
  batches: number;
  failedBatches: number;
  /** Messages per stored batch, last batch. */
  lastBatchSize: number;
  lastBatchMs: number;
}

export interface IngestPipelineOptions {
  batchSize: number;
  batchWaitMs: number;
  /**
   * Batches in flight at once at most: more than one only helps on a PostgreSQL server. Messages
   * are split by module among that many lanes, so batches in flight never wait for each other's
   * module locks; the lanes go side by side only under a backlog (batcher.ts).
   */
  concurrency: number;
  /**
   * New batches wait while `holdMs` asks (the main thread is behind with the sockets), delaying a
   * message's storage by at most `maxHoldMs` beyond the batch wait.
   */
  yieldTo?: { holdMs: () => number; maxHoldMs: number };
  /**
   * Called for every valid message as it arrives, before it is stored: live views show what a
   * module says at once instead of after the next commit. A message seen again shortly (a
   * redelivery) is not passed on twice.
   */
  onArrival?: (message: ParsedMessage) => void;
  /** After each stored batch (metrics): its size and, per message, ms from submit to commit. */
  onStored?: (size: number, lagsMs: number[]) => void;
}

/**
 * What HTTP ingest, tests and the benchmark see of ingest: the pipeline itself, or its stand-in on
 * the main thread when ingest runs in a worker thread (ingest-worker-host.ts).
 */
export interface IngestSink {
  readonly counters: IngestCounters;
  /** An MQTT publish on a module topic. */
  submitMqtt(topic: string, payload: Buffer): Promise<ItemOutcome>;
  /** A message already parsed by its transport (HTTP batches parse per item). */
  submit(result: ParseResult, where: string): Promise<ItemOutcome>;
  /** Waits until every message handed in so far is stored. */
  drain(): Promise<void>;
}

/** How many recent message keys are remembered to pass each message on once. */
const recentKeysKept = 100_000;

/** Counters before anything arrived. */
export function noIngestCounters(): IngestCounters {
  return {
    received: 0,
    accepted: 0,
    duplicates: 0,
    rejected: { invalid: 0, unknown_module: 0, too_old: 0, in_future: 0 },
    batches: 0,
    failedBatches: 0,
    lastBatchSize: 0,
    lastBatchMs: 0,
  };
}

/**
 * Lanes go side by side from a quarter of a full batch waiting on: below that one transaction
 * carries every waiting message with room to spare (at 2,000 messages/s a round trip of ~40 ms
 * leaves ~80 waiting), above it one at a time would leave ingest waiting on each round trip.
 */
function splitFrom(batchSize: number): number {
  return Math.max(1, Math.floor(batchSize / 4));
}

/** A module's lane: the same module always the same lane, so its messages stay in order. */
function laneOf(es: string, lanes: number): number {
  let hash = 0;
  for (let i = 0; i < es.length; i++) hash = (Math.imul(hash, 31) + es.charCodeAt(i)) | 0;
  return Math.abs(hash) % lanes;
}

/** A log line per reason at most this often; the counters keep the full tally. */
const rejectionLogIntervalMs = 10_000;

export class IngestPipeline implements IngestSink {
  readonly counters: IngestCounters = noIngestCounters();
  private readonly batcher: Batcher<ParsedMessage, ItemOutcome>;
  private readonly lastRejectionLog = new Map<IngestRejectionReason, { at: number; suppressed: number }>();
  private readonly recentKeys = new Set<string>();
  /**
   * The same keys in arrival order, as a ring: the oldest is forgotten when a new one takes its
   * slot. (Taking the Set's first entry instead walks past every entry deleted before it, which
   * cost microseconds a message once the Set was full.)
   */
  private readonly recentOrder: (string | undefined)[] = new Array<string | undefined>(recentKeysKept);
  private recentNext = 0;
  private readonly onArrival: ((message: ParsedMessage) => void) | undefined;
  private readonly onStored: IngestPipelineOptions['onStored'];
  private readonly submittedAt = new WeakMap<ParsedMessage, number>();

  constructor(
    private readonly service: IngestService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: IngestPipelineOptions,
  ) {
    this.onArrival = options.onArrival;
    this.onStored = options.onStored;
    const lanes = Math.max(1, options.concurrency);
    this.batcher = new Batcher<ParsedMessage, ItemOutcome>(
      {
        maxSize: options.batchSize,
        waitMs: options.batchWaitMs,
        lanes,
        laneOf: (message) => laneOf(message.es, lanes),
        splitFrom: splitFrom(options.batchSize),
        holdMs: options.yieldTo?.holdMs,
        maxHoldMs: options.yieldTo?.maxHoldMs,
      },
      (items) => this.store(items),
    );
  }

  /** An MQTT publish on a module topic. */
  submitMqtt(topic: string, payload: Buffer): Promise<ItemOutcome> {
    this.counters.received++;
    return this.submitParsed(parseMqttMessage(topic, payload, this.clock.now()), topic);
  }

  /** A message already parsed by its transport (HTTP batches parse per item). */
  submit(result: ParseResult, where: string): Promise<ItemOutcome> {
    this.counters.received++;
    return this.submitParsed(result, where);
  }

  /** Waits until every message handed in so far is stored. */
  async drain(): Promise<void> {
    await this.batcher.drain();
  }

  get backlog(): number {
    return this.batcher.queued;
  }

  private submitParsed(result: ParseResult, where: string): Promise<ItemOutcome> {
    if (!result.ok) {
      this.reject(result.rejection.reason, where, result.rejection.message);
      return Promise.resolve({ status: 'rejected', rejection: result.rejection });
    }
    if (this.onArrival && !this.recentKeys.has(result.parsed.key)) {
      const oldest = this.recentOrder[this.recentNext];
      if (oldest !== undefined) this.recentKeys.delete(oldest);
      this.recentOrder[this.recentNext] = result.parsed.key;
      this.recentNext = (this.recentNext + 1) % recentKeysKept;
      this.recentKeys.add(result.parsed.key);
      this.onArrival(result.parsed);
    }
    if (this.onStored) this.submittedAt.set(result.parsed, performance.now());
    return this.batcher.add(result.parsed);
  }

  private async store(items: ParsedMessage[]): Promise<ItemOutcome[]> {
    const started = performance.now();
    try {
      const outcomes = await this.service.storeBatch(items);
      this.counters.batches++;
      this.counters.lastBatchSize = items.length;
      this.counters.lastBatchMs = performance.now() - started;
      const storedAt = performance.now();
      this.onStored?.(
        items.length,
        items.map((m) => storedAt - (this.submittedAt.get(m) ?? storedAt)),
      );
      outcomes.forEach((o, i) => {
        if (o.status === 'accepted') this.counters.accepted++;
        else if (o.status === 'duplicate') this.counters.duplicates++;
        else this.reject(o.rejection.reason, items[i]?.es ?? '?', o.rejection.message);
      });
      return outcomes;
    } catch (err) {
      this.counters.failedBatches++;
      // An outage is expected to pass (the messages come again); anything else is a bug to look at.
      const level = databaseUnavailability(err) ? 'warn' : 'error';
      this.log[level]({ err, messages: items.length }, 'ingest batch failed; its messages stay unacknowledged');
      throw err;
    }
  }

  private reject(reason: IngestRejectionReason, where: string, message: string): void {
    this.counters.rejected[reason]++;
    const now = Date.now();
    const last = this.lastRejectionLog.get(reason);
    if (last && now - last.at < rejectionLogIntervalMs) {
      last.suppressed++;
      return;
    }
    this.lastRejectionLog.set(reason, { at: now, suppressed: 0 });
    this.log.warn(
      { reason, where: where.slice(0, 160), detail: message, suppressedSinceLast: last?.suppressed ?? 0 },
      'module message rejected',
    );
  }
}
