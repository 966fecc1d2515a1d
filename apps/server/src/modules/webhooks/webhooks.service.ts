// Webhook endpoints and their delivery log (issue 19): register an endpoint (its host checked, its
// secret made here and shown once), change it, remove it, renew its secret, send it a test, and
// send a delivery again. An admin manages its own organisation's endpoints only, system-admin every
// organisation's; anything else answers 404. Each change locks the endpoint's row, checks the
// version, and records its audit entry (never the secret) in the same transaction.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { seesEveryOrganisation } from '@liftwacht/contracts/permissions';
import type {
  CreateWebhook,
  RotateWebhookSecret,
  UpdateWebhook,
  WebhookDelivery,
  WebhookDeliveryListQuery,
  WebhookEndpoint,
  WebhookListQuery,
  WebhookWithSecret,
} from '@liftwacht/contracts/webhooks';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { OrganisationAccess } from '../../plugins/access.ts';
import type { Audit } from '../../plugins/audit.ts';
import type { Principal } from '../../plugins/auth-sessions.repository.ts';
import { resolveWebhookTarget, WebhookAddressError, type HostLookup } from './webhook-address.ts';
import type { WebhookDispatcher } from './webhook-dispatcher.ts';
import { webhookBody } from './webhook-payloads.ts';
import { generateWebhookSecret, type SecretSeal } from './webhook-secrets.ts';
import type { ClaimedDelivery, LockedEndpoint, Scope, WebhooksRepository } from './webhooks.repository.ts';

type Caller = Pick<Principal, 'organisationId' | 'roles'>;

export interface WebhooksServiceOptions {
  lookup: HostLookup;
  allowPrivate: boolean;
}

/** What the audit log shows of an endpoint: everything but the secret. */
const audited = (endpoint: WebhookEndpoint) => ({
  url: endpoint.url,
  description: endpoint.description,
  kinds: endpoint.kinds,
  enabled: endpoint.enabled,
  secretCreatedAt: endpoint.secretCreatedAt,
});

export class WebhooksService {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly access: OrganisationAccess,
    private readonly audit: Audit,
    private readonly clock: Clock,
    private readonly seal: SecretSeal,
    private readonly dispatcher: WebhookDispatcher,
    private readonly options: WebhooksServiceOptions,
  ) {}

  async list(principal: Caller, query: WebhookListQuery) {
    if (query.organisationId !== undefined) await this.assertManages(principal, query.organisationId);
    return this.repository.list(this.scopeOf(principal), query);
  }

  async get(principal: Caller, id: number): Promise<WebhookEndpoint> {
    return this.visible(this.repository.db, principal, id);
  }

  async create(request: FastifyRequest, principal: Caller, values: CreateWebhook): Promise<WebhookWithSecret> {
    const organisationId = values.organisationId ?? principal.organisationId;
    await this.assertManages(principal, organisationId);
    await this.checkUrl(values.url);
    const secret = generateWebhookSecret();
    const now = this.clock.now();
    return this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const id = await this.repository.insert(
        tx,
        {
          organisationId,
          url: values.url,
          description: values.description,
          kinds: values.kinds,
          enabled: values.enabled,
          secretSealed: this.seal.seal(secret),
        },
        now,
      );
      const endpoint = await this.found(tx, id);
      await this.audit.record(tx, request, {
        organisationId,
        action: 'webhook.created',
        subjectType: 'webhook',
        subjectId: id,
        before: null,
        after: audited(endpoint),
      });
      return { endpoint, secret };
    });
  }

  async update(
    request: FastifyRequest,
    principal: Caller,
    id: number,
    change: UpdateWebhook,
  ): Promise<WebhookEndpoint> {
    // Outside the transaction: a slow resolver must not hold the row lock.
    if (change.url !== undefined) await this.checkUrl(change.url);
    return this.change(principal, id, change.version, async (tx, locked, before) => {
      await this.repository.update(
        tx,
        id,
        { url: change.url, description: change.description, kinds: change.kinds, enabled: change.enabled },
        this.clock.now(),
      );
      const after = await this.found(tx, id);
      await this.audit.record(tx, request, {
        organisationId: locked.organisationId,
        action: 'webhook.updated',
        subjectType: 'webhook',
        subjectId: id,
        before: audited(before),
        after: audited(after),
      });
      return after;
    });
  }

  /** Removes the endpoint and its delivery log; answers the endpoint as it was. */
  async remove(request: FastifyRequest, principal: Caller, id: number): Promise<WebhookEndpoint> {
    return this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { locked, current } = await this.lockVisible(tx, principal, id);
      await this.repository.delete(tx, id);
      await this.audit.record(tx, request, {
        organisationId: locked.organisationId,
        action: 'webhook.deleted',
        subjectType: 'webhook',
        subjectId: id,
        before: audited(current),
        after: null,
      });
      return current;
    });
  }

  async rotateSecret(
    request: FastifyRequest,
    principal: Caller,
    id: number,
    change: RotateWebhookSecret,
  ): Promise<WebhookWithSecret> {
    const secret = generateWebhookSecret();
    const endpoint = await this.change(principal, id, change.version, async (tx, locked, before) => {
      await this.repository.setSecret(tx, id, this.seal.seal(secret), this.clock.now());
      const after = await this.found(tx, id);
      await this.audit.record(tx, request, {
        organisationId: locked.organisationId,
        action: 'webhook.secret_rotated',
        subjectType: 'webhook',
        subjectId: id,
        before: { secretCreatedAt: before.secretCreatedAt },
        after: { secretCreatedAt: after.secretCreatedAt },
      });
      return after;
    });
    return { endpoint, secret };
  }

  /** Sends a `ping` to the endpoint now (enabled or not) and answers the delivery with its outcome. */
  async test(request: FastifyRequest, principal: Caller, id: number): Promise<WebhookDelivery> {
    const now = this.clock.now();
    const claimed = await this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { locked } = await this.lockVisible(tx, principal, id);
      const deliveryId = randomUUID();
      const subjectKey = `ping:${deliveryId}`;
      await this.repository.enqueue(
        tx,
        [
          {
            deliveryId,
            endpointId: id,
            kind: 'ping',
            subjectKey,
            body: webhookBody(deliveryId, {
              organisationId: locked.organisationId,
              kind: 'ping',
              subjectKey,
              occurredAt: now,
              payload: { endpoint: { id } },
            }),
          },
        ],
        now,
      );
      const delivery = await this.claimById(tx, id, deliveryId, now);
      await this.audit.record(tx, request, {
        organisationId: locked.organisationId,
        action: 'webhook.tested',
        subjectType: 'webhook',
        subjectId: id,
        before: null,
        after: { deliveryId },
      });
      return delivery;
    });
    await this.dispatcher.attempt(claimed, false);
    return this.foundDelivery(id, claimed.id);
  }

  async deliveries(principal: Caller, id: number, query: WebhookDeliveryListQuery) {
    await this.visible(this.repository.db, principal, id);
    return this.repository.deliveries(id, query);
  }

  /**
   * Sends a delivery again now, with the same body and id (a receiver that saw it already ignores
   * it). A pending one goes on with its schedule after a failure; a delivered or failed one only
   * records this attempt. 409 while another attempt of it is under way.
   */
  async resend(
    request: FastifyRequest,
    principal: Caller,
    id: number,
    deliveryRowId: number,
  ): Promise<WebhookDelivery> {
    const now = this.clock.now();
    const claimed = await this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { locked } = await this.lockVisible(tx, principal, id);
      const delivery = await this.repository.claimOne(tx, id, deliveryRowId, now, this.dispatcher.leaseUntil(now));
      if (delivery === undefined) throw notFound('Delivery');
      if (delivery === null) {
        throw conflict(
          'This delivery is being sent right now; look again in a moment',
          'deliveryId',
          await this.repository.delivery(id, deliveryRowId, tx),
        );
      }
      await this.audit.record(tx, request, {
        organisationId: locked.organisationId,
        action: 'webhook.delivery_resent',
        subjectType: 'webhook',
        subjectId: id,
        before: null,
        after: { deliveryId: delivery.deliveryId, kind: delivery.kind },
      });
      return delivery;
    });
    await this.dispatcher.attempt(claimed, claimed.status === 'pending' && claimed.kind !== 'ping');
    return this.foundDelivery(id, claimed.id);
  }

  // ── scope and rows ─────────────────────────────────────────────────────────────────────────────

  private scopeOf(principal: Caller): Scope {
    return seesEveryOrganisation(principal.roles) ? null : [principal.organisationId];
  }

  /** 404 unless the caller manages the organisation's webhooks: its own, or any existing one for system-admin. */
  private async assertManages(principal: Caller, organisationId: number): Promise<void> {
    if (organisationId === principal.organisationId) return;
    if (!seesEveryOrganisation(principal.roles)) throw notFound('Organisation');
    await this.access.assertOrganisation(principal, organisationId);
  }

  private async visible(db: Db, principal: Caller, id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.repository.find(id, db);
    const scope = this.scopeOf(principal);
    if (!endpoint || (scope !== null && !scope.includes(endpoint.organisationId))) throw notFound('Webhook');
    return endpoint;
  }

  private async lockVisible(
    tx: Db,
    principal: Caller,
    id: number,
  ): Promise<{ locked: LockedEndpoint; current: WebhookEndpoint }> {
    const locked = await this.repository.lock(tx, id);
    const scope = this.scopeOf(principal);
    if (!locked || (scope !== null && !scope.includes(locked.organisationId))) throw notFound('Webhook');
    return { locked, current: await this.found(tx, id) };
  }

  /** A versioned change in one transaction: 409 with the current endpoint when the version is stale. */
  private change(
    principal: Caller,
    id: number,
    version: number,
    apply: (tx: Db, locked: LockedEndpoint, before: WebhookEndpoint) => Promise<WebhookEndpoint>,
  ): Promise<WebhookEndpoint> {
    return this.repository.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { locked, current } = await this.lockVisible(tx, principal, id);
      if (locked.version !== version) {
        throw conflict('Somebody else changed this webhook meanwhile', 'version', current);
      }
      return apply(tx, locked, current);
    });
  }

  private async found(tx: Db, id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.repository.find(id, tx);
    if (!endpoint) throw notFound('Webhook');
    return endpoint;
  }

  private async foundDelivery(endpointId: number, id: number): Promise<WebhookDelivery> {
    const delivery = await this.repository.delivery(endpointId, id);
    if (!delivery) throw notFound('Delivery');
    return delivery;
  }

  private async claimById(tx: Db, endpointId: number, deliveryId: string, now: Date): Promise<ClaimedDelivery> {
    const id = await this.repository.idOf(tx, deliveryId);
    const claimed =
      id === undefined
        ? undefined
        : await this.repository.claimOne(tx, endpointId, id, now, this.dispatcher.leaseUntil(now));
    if (!claimed) throw new Error('test delivery not queued');
    return claimed;
  }

  /** 400 on `url` unless the host resolves to addresses webhooks may reach. */
  private async checkUrl(url: string): Promise<void> {
    try {
      await resolveWebhookTarget(url, this.options.lookup, this.options.allowPrivate);
    } catch (err) {
      if (err instanceof WebhookAddressError) throw badRequest('validation_failed', `url ${err.message}`, 'url');
      throw err;
    }
  }
}
