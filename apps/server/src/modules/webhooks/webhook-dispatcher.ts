// Sends queued deliveries (docs/webhooks.md): a background pass on every node claims due ones with
// a SKIP LOCKED lease (two nodes never send the same attempt; a node that dies lets its claims go
// when the lease runs out, and a restart resumes), resolves and checks the endpoint's host again
// (DNS may have changed since registration), signs the body with the endpoint's secret and posts
// it. A 2xx delivers; anything else is retried on the schedule of webhook-schedule.ts for 24 hours.
import type { FastifyBaseLogger } from 'fastify';
import { webhookHeaders } from '@liftwacht/contracts/webhooks';
import type { Clock } from '../../lib/clock.ts';
import { PeriodicPass } from '../../lib/periodic-pass.ts';
import { resolveWebhookTarget, WebhookAddressError, type HostLookup } from './webhook-address.ts';
import { nextWebhookAttempt } from './webhook-schedule.ts';
import type { SecretSeal } from './webhook-secrets.ts';
import { postWebhook, type WebhookAttempt } from './webhook-sender.ts';
import { webhookSignature } from './webhook-signature.ts';
import type { AttemptOutcome, ClaimedDelivery, WebhooksRepository } from './webhooks.repository.ts';

export interface WebhookDispatchSettings {
  /** Deliveries claimed (and sent side by side) per round. */
  batchSize: number;
  /** One attempt's limit, connection to last header. */
  timeoutMs: number;
  /** How long a claimed delivery is held for the node sending it: well past the timeout. */
  leaseMs: number;
  allowPrivate: boolean;
}

export const defaultWebhookDispatchSettings: Omit<WebhookDispatchSettings, 'allowPrivate'> = {
  batchSize: 10,
  timeoutMs: 10_000,
  leaseMs: 60_000,
};

/** How often each node looks for due deliveries (new ones also wake it). */
export const webhookDispatchIntervalMs = 5_000;

export interface DispatchResult {
  delivered: number;
  failed: number;
}

/** runOnce() sends what is due by the clock now; a wake does nothing before main.ts started it. */
export class WebhookDispatcher extends PeriodicPass<DispatchResult> {
  private stopped = false;

  constructor(
    private readonly repository: WebhooksRepository,
    private readonly seal: SecretSeal,
    private readonly lookup: HostLookup,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    readonly settings: WebhookDispatchSettings,
  ) {
    super('webhook delivery pass', log);
  }

  override start(intervalMs: number): void {
    if (this.stopped) return;
    super.start(intervalMs);
    // Deliveries left from before a restart go out soon after start, not at the first tick.
    this.catchUpSoon();
  }

  override async stop(): Promise<void> {
    this.stopped = true;
    await super.stop();
  }

  /** The lease of an attempt starting now. */
  leaseUntil(now: Date): Date {
    return new Date(now.getTime() + this.settings.leaseMs);
  }

  /**
   * One attempt of a claimed delivery and its outcome, recorded. `retry`: a failure is tried again
   * on the schedule (else the delivery is failed at once: a test, or a re-send of a given-up one).
   */
  async attempt(delivery: ClaimedDelivery, retry: boolean): Promise<AttemptOutcome> {
    const result = await this.send(delivery);
    const at = this.clock.now();
    let next: AttemptOutcome['next'];
    if (result.error === null) next = { status: 'delivered' };
    else {
      const nextAt = retry ? nextWebhookAttempt(delivery.createdAt, delivery.attempts, at) : null;
      next = nextAt ? { status: 'pending', at: nextAt } : { status: 'failed' };
    }
    const outcome: AttemptOutcome = { at, status: result.status, ms: result.ms, error: result.error, next };
    await this.repository.recordAttempt(delivery.id, outcome);
    if (next.status === 'failed') {
      this.log.warn({ deliveryId: delivery.deliveryId, error: result.error }, 'webhook delivery failed; given up');
    }
    return outcome;
  }

  private async send(delivery: ClaimedDelivery): Promise<WebhookAttempt> {
    const secret = this.seal.open(delivery.secretSealed);
    if (secret === null) {
      return { status: null, ms: 0, error: 'the signing secret cannot be read (JWT_SECRET changed?): renew it' };
    }
    let target;
    try {
      target = await resolveWebhookTarget(delivery.url, this.lookup, this.settings.allowPrivate);
    } catch (err) {
      if (err instanceof WebhookAddressError) return { status: null, ms: 0, error: `address refused: ${err.message}` };
      throw err;
    }
    const timestamp = Math.floor(this.clock.now().getTime() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Liftwacht-Webhooks/1',
      [webhookHeaders.delivery]: delivery.deliveryId,
      [webhookHeaders.kind]: delivery.kind,
      [webhookHeaders.timestamp]: String(timestamp),
      [webhookHeaders.signature]: webhookSignature(secret, timestamp, delivery.body),
    };
    return postWebhook(target, headers, delivery.body, this.settings.timeoutMs);
  }

  protected async pass(): Promise<DispatchResult> {
    const result: DispatchResult = { delivered: 0, failed: 0 };
    for (;;) {
      const now = this.clock.now();
      const batch = await this.repository.claimDue(now, this.leaseUntil(now), this.settings.batchSize);
      const outcomes = await Promise.all(batch.map((delivery) => this.attempt(delivery, true)));
      for (const outcome of outcomes) {
        if (outcome.next.status === 'delivered') result.delivered++;
        else result.failed++;
      }
      if (batch.length < this.settings.batchSize || this.stopped) return result;
    }
  }
}
