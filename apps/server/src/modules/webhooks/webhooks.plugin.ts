// Webhooks as app.webhooks: the outbox and dispatcher passes (started by main.ts, run by hand in
// tests), the service the routes use, and `enqueue` for modules that announce something in their
// own transaction (an escalation, a portal action that is not a call step).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.ts';
import { systemHostLookup, type HostLookup } from './webhook-address.ts';
import { defaultWebhookDispatchSettings, WebhookDispatcher } from './webhook-dispatcher.ts';
import { WebhookOutbox } from './webhook-outbox.ts';
import { WebhookOutboxRepository } from './webhook-outbox.repository.ts';
import { callPayload, type WebhookSubject } from './webhook-payloads.ts';
import { WebhookQueue } from './webhook-queue.ts';
import { secretSeal } from './webhook-secrets.ts';
import { WebhooksRepository } from './webhooks.repository.ts';
import { WebhooksService } from './webhooks.service.ts';

/** A call kind announced by another module, with the call's lift and state read in its transaction. */
export interface CallSubject {
  callId: number;
  kind: WebhookSubject['kind'];
  /** Once per endpoint, e.g. `call.escalated:42:1`. A call phase uses `call.{phase}:{callId}`, as the outbox does. */
  subjectKey: string;
  occurredAt: Date;
  /** More members of the body (e.g. `{ escalation: { level: 1 } }`). */
  extra?: Record<string, unknown>;
}

export interface Webhooks {
  /**
   * Queues the subject's deliveries, to every enabled endpoint of its organisation that subscribed
   * to its kind, on `db` — the caller's transaction, so they commit (or not) with its change.
   * Exactly once per endpoint and subjectKey. Returns how many were queued; call wake() after the
   * commit to send them at once.
   */
  enqueue(db: Db, subject: WebhookSubject): Promise<number>;
  /** enqueue() for a call kind: the body carries the call's lift and the call as `db` sees it now. */
  enqueueCall(db: Db, subject: CallSubject): Promise<number>;
  /** Sends queued deliveries soon (no-op until main.ts started the dispatcher). */
  wake(): void;
  outbox: WebhookOutbox;
  dispatcher: WebhookDispatcher;
  service: WebhooksService;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

export interface WebhooksPluginOptions {
  /** How endpoint hosts are resolved (tests: names they control, and never the network). */
  lookup?: HostLookup;
}

export const webhooksPlugin = fp(
  (app: FastifyInstance, opts: WebhooksPluginOptions) => {
    const lookup = opts.lookup ?? systemHostLookup;
    const allowPrivate = app.config.webhooks.allowPrivate;
    const repository = new WebhooksRepository(app.db);
    const outboxRepository = new WebhookOutboxRepository();
    const queue = new WebhookQueue(repository);
    const seal = secretSeal(app.config.jwtSecret);
    const dispatcher = new WebhookDispatcher(
      repository,
      seal,
      lookup,
      app.clock,
      app.log.child({ module: 'webhooks' }),
      {
        ...defaultWebhookDispatchSettings,
        allowPrivate,
      },
    );
    const outbox = new WebhookOutbox(
      app.db,
      outboxRepository,
      repository,
      queue,
      app.clock,
      () => dispatcher.wake(),
      app.log.child({ module: 'webhook-outbox' }),
    );
    const service = new WebhooksService(repository, app.access, app.audit, app.clock, seal, dispatcher, {
      lookup,
      allowPrivate,
    });
    app.decorate('webhooks', {
      enqueue: (db, subject) => queue.enqueue(db, [subject], app.clock.now()),
      enqueueCall: async (db, subject) => {
        const [found] = await outboxRepository.calls(db, [subject.callId]);
        if (!found) return 0;
        return queue.enqueue(
          db,
          [
            {
              organisationId: found.organisationId,
              kind: subject.kind,
              subjectKey: subject.subjectKey,
              occurredAt: subject.occurredAt,
              payload: { ...callPayload(found.lift, found.call), ...subject.extra },
            },
          ],
          app.clock.now(),
        );
      },
      wake: () => dispatcher.wake(),
      outbox,
      dispatcher,
      service,
    } satisfies Webhooks);
    // What this node wrote is announced soon after its commit, not at the next tick.
    app.callActions.onChange(() => outbox.wake());
    app.ingest.onCommitted((batch) => {
      const announced = (kinds: ReadonlySet<string>) => kinds.has('calls') || kinds.has('events');
      if (batch.createdEventIds.length > 0 || [...batch.organisations.values()].some(announced)) outbox.wake();
    });
    // The outbox first: a pass it finishes may still wake the dispatcher, which then stops too.
    app.addHook('onClose', async () => {
      await outbox.stop();
      await dispatcher.stop();
    });
  },
  { name: 'webhooks', dependencies: ['core', 'access', 'audit', 'call-actions', 'ingest'] },
);
