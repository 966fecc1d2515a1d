// Turns subjects into deliveries: one per enabled endpoint of the subject's organisation that
// subscribed to its kind, in the caller's transaction, once per (endpoint, subject key).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { NewDelivery, WebhooksRepository } from './webhooks.repository.ts';
import { webhookBody, type WebhookSubject } from './webhook-payloads.ts';

export class WebhookQueue {
  constructor(private readonly repository: WebhooksRepository) {}

  /** Queues the subjects' deliveries on `db` (a caller's transaction); returns how many are new. */
  async enqueue(db: Db, subjects: readonly WebhookSubject[], now: Date): Promise<number> {
    if (subjects.length === 0) return 0;
    const endpoints = await this.repository.subscribers(
      db,
      subjects.map((s) => s.organisationId),
      subjects.map((s) => s.kind),
    );
    const rows: NewDelivery[] = [];
    for (const subject of subjects) {
      for (const endpoint of endpoints) {
        if (endpoint.organisationId !== subject.organisationId || !endpoint.kinds.includes(subject.kind)) continue;
        const deliveryId = randomUUID();
        rows.push({
          deliveryId,
          endpointId: endpoint.id,
          kind: subject.kind,
          subjectKey: subject.subjectKey,
          body: webhookBody(deliveryId, subject),
        });
      }
    }
    return this.repository.enqueue(db, rows, now);
  }
}
