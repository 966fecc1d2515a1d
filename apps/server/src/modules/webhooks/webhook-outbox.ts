// The webhook outbox (docs/webhooks.md "Where deliveries come from"): a background pass on every
// node that turns what modules and people did into deliveries, without touching ingest's hot path.
//
// Every call step (received, acknowledged, ended — from a module over ingest, or a person in the
// portal) and every event is written with webhook_pending = true by a column default, in the
// writer's own transaction. The pass claims such rows with SKIP LOCKED, clears the marker, and
// queues their deliveries in the same transaction: a row is seen exactly once across nodes and
// restarts, and a writer's row becomes visible to the pass only when it commits, so no cursor can
// skip a transaction that committed late (the gap problem of reading by id). An event's end is an
// UPDATE that sets no marker: opened events of organisations with an endpoint for event.closed go
// on a small watch list, and the pass announces those that have ended since.
//
// Only what happened in the last 24 hours is announced (the retry window): a module's history
// buffered for days, or the demo fleet's seeded past, is marked seen and not sent.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { PeriodicPass } from '../../lib/periodic-pass.ts';
import type { WebhookOutboxRepository, ClaimedEvent } from './webhook-outbox.repository.ts';
import { callPayload, eventPayload, type WebhookSubject } from './webhook-payloads.ts';
import type { WebhookQueue } from './webhook-queue.ts';
import type { WebhooksRepository } from './webhooks.repository.ts';
import { webhookRetryWindowMs } from './webhook-schedule.ts';

/**
 * How often each node looks for new call steps and events when nothing woke it: ingest's batches and
 * call actions of this node wake the pass, so this covers the other writers and other nodes.
 */
export const webhookOutboxIntervalMs = 10_000;

/** Rows claimed per table and transaction. */
const batchSize = 500;

/** Call steps that are a kind of their own. */
const callPhases = new Set(['received', 'acknowledged', 'ended']);

export interface OutboxPassResult {
  /** Call steps and events seen (marked, whether or not anyone subscribed). */
  seen: number;
  /** Deliveries queued. */
  queued: number;
}

/** runOnce() passes until nothing is pending. */
export class WebhookOutbox extends PeriodicPass<OutboxPassResult> {
  constructor(
    private readonly db: Db,
    private readonly outbox: WebhookOutboxRepository,
    private readonly endpoints: WebhooksRepository,
    private readonly queue: WebhookQueue,
    private readonly clock: Clock,
    /** Called after a pass queued deliveries, so they go out without waiting for the dispatcher's tick. */
    private readonly queued: () => void,
    log: FastifyBaseLogger,
  ) {
    super('webhook outbox pass', log);
  }

  protected async pass(): Promise<OutboxPassResult> {
    const total: OutboxPassResult = { seen: 0, queued: 0 };
    for (;;) {
      const { seen, queued, full } = await this.batch();
      total.seen += seen;
      total.queued += queued;
      if (!full) break;
    }
    if (total.queued > 0) this.queued();
    return total;
  }

  private batch(): Promise<OutboxPassResult & { full: boolean }> {
    return this.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const now = this.clock.now();
      const since = now.getTime() - webhookRetryWindowMs;
      const recent = (at: Date | string | null) => at !== null && new Date(at).getTime() >= since;
      const steps = await this.outbox.claimCallSteps(tx, batchSize);
      const opened = await this.outbox.claimEvents(tx, batchSize);
      const ended = await this.outbox.claimEnded(tx, batchSize);

      const subjects: WebhookSubject[] = [];
      for (const step of steps) {
        if (!callPhases.has(step.action) || !recent(step.at)) continue;
        subjects.push({
          organisationId: step.organisationId,
          kind: `call.${step.action}` as WebhookSubject['kind'],
          subjectKey: `call.${step.action}:${String(step.call.id)}`,
          occurredAt: step.at,
          payload: { ...callPayload(step.lift, step.call), source: step.source },
        });
      }
      for (const e of opened) {
        if (recent(e.event.startedAt)) subjects.push(eventSubject(e, 'event.opened'));
        // Written already ended (a fault that came and went within one batch): both at once.
        if (e.event.endedAt !== null && recent(e.event.endedAt)) subjects.push(eventSubject(e, 'event.closed'));
      }
      for (const e of ended) if (recent(e.event.endedAt)) subjects.push(eventSubject(e, 'event.closed'));
      const queued = await this.queue.enqueue(tx, subjects, now);

      // Still open: watch for its end, when anyone wants to hear of it.
      const stillOpen = opened.filter((e) => e.event.endedAt === null && recent(e.event.startedAt));
      if (stillOpen.length > 0) {
        const listeners = await this.endpoints.subscribers(
          tx,
          stillOpen.map((e) => e.organisationId),
          ['event.closed'],
        );
        const listening = new Set(listeners.map((l) => l.organisationId));
        await this.outbox.watch(
          tx,
          stillOpen
            .filter((e) => listening.has(e.organisationId))
            .map((e) => ({ eventId: e.event.id, organisationId: e.organisationId })),
        );
      }
      const seen = steps.length + opened.length + ended.length;
      const full = steps.length === batchSize || opened.length === batchSize || ended.length === batchSize;
      return { seen, queued, full };
    });
  }
}

function eventSubject(e: ClaimedEvent, kind: 'event.opened' | 'event.closed'): WebhookSubject {
  const at = kind === 'event.opened' ? e.event.startedAt : (e.event.endedAt ?? e.event.startedAt);
  return {
    organisationId: e.organisationId,
    kind,
    subjectKey: `${kind}:${String(e.event.id)}`,
    occurredAt: new Date(at),
    payload: eventPayload(e.lift, e.event),
  };
}
